import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const command = (args: string[]) => ['--import', 'tsx', path.join(repoRoot, 'src/gateway/admin/main.ts'), ...args];
const adminEnv = (env: Record<string, string>) => ({ ...process.env, LOG_LEVEL: 'silent', ...env });

function result(stdout: string, stderr: string, status: number | null) {
  const lines = stdout.split('\n').filter((l) => l !== '');
  return { lines, json: lines.length === 1 ? JSON.parse(lines[0]!) : undefined, stderr, status };
}

/** Runs the admin command line as a user would and returns its stdout lines, stderr and exit code. */
export function admin(args: string[], env: Record<string, string>, input?: string) {
  const res = spawnSync(process.execPath, command(args), { cwd: repoRoot, env: adminEnv(env), encoding: 'utf8', input, timeout: 60_000 });
  return result(res.stdout, res.stderr, res.status);
}

/**
 * As `admin`, without blocking this process's event loop: for tests that serve a gateway in this
 * process meanwhile (a blocked loop lets its keep-alive connections expire under the client's feet).
 */
export function adminWhileServing(args: string[], env: Record<string, string>): Promise<ReturnType<typeof admin>> {
  return new Promise((resolve) => {
    execFile(process.execPath, command(args), { cwd: repoRoot, env: adminEnv(env), encoding: 'utf8', timeout: 60_000 }, (err, stdout, stderr) => {
      resolve(result(stdout, stderr, err ? ((err as { code?: number }).code ?? 1) : 0));
    });
  });
}
