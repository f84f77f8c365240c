import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the admin command line as a user would and returns its stdout lines, stderr and exit code. */
export function admin(args: string[], env: Record<string, string>, input?: string) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'src/gateway/admin/main.ts'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    input,
    timeout: 60_000,
  });
  const lines = res.stdout.split('\n').filter((l) => l !== '');
  return { lines, json: lines.length === 1 ? JSON.parse(lines[0]!) : undefined, stderr: res.stderr, status: res.status };
}
