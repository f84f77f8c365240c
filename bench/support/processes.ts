import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Child {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript entry point in its own Node process (so the load generator does not share
 * its event loop) and waits until it listens. `readyPattern` captures the port or URL. `root` is
 * the checkout the entry is taken from (another one: a baseline measured in the same run).
 */
export async function startProcess(entry: string, env: Record<string, string>, readyPattern: RegExp, root = repoRoot): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = readyPattern.exec(output);
      if (!m) return;
      // stop collecting: under load the server logs every request, and scanning an ever longer
      // string here would slow the load generator that shares this process
      proc.stdout!.off('data', onData);
      proc.stderr!.off('data', onData);
      resolve(m[1]!.startsWith('http') ? m[1]! : `http://127.0.0.1:${m[1]}`);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`${entry} exited with ${code}:\n${output}`)));
    setTimeout(() => reject(new Error(`${entry} did not start in 60 s:\n${output}`)), 60_000).unref();
  });
  proc.stdout!.resume();
  proc.stderr!.resume();
  return {
    url,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 15_000).unref();
      }),
  };
}
