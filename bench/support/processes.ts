import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * How long a started process may take to say it is ready (BENCH_READY_TIMEOUT_S, default 600 s).
 * A gateway loads its models before it listens; on the shared 2-core machine, under a load of 15–20,
 * that took over a minute, and a bench that gives up then measures nothing.
 */
export const readyTimeoutMs = Number(process.env.BENCH_READY_TIMEOUT_S ?? 600) * 1000;

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
    setTimeout(() => {
      // not left running behind the failed bench
      proc.kill('SIGKILL');
      reject(new Error(`${entry} did not start in ${readyTimeoutMs / 1000} s (BENCH_READY_TIMEOUT_S):\n${output}`));
    }, readyTimeoutMs).unref();
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
