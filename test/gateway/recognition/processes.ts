import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../support/admin';

/*
 * Gateways and workers as real child processes, so a test can SIGKILL one in the middle of a
 * job (no shutdown code runs, as when a machine dies) and start another on the same storage.
 */

export interface Child {
  /** http://127.0.0.1:PORT for a gateway */
  url: string;
  output(): string;
  /** SIGKILL, and wait until it is gone */
  kill(): Promise<void>;
  /** SIGTERM (graceful), and wait for the exit code */
  stop(): Promise<number | null>;
}

const ENTRY = {
  gateway: 'src/gateway/main.ts',
  worker: 'src/gateway/recognition/worker-main.ts',
};

/** Starts `npm start`'s or `npm run worker`'s entry point and waits until it is ready. */
export async function startChild(kind: 'gateway' | 'worker', env: Record<string, string>): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, ENTRY[kind])], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', FIRST_RUN_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = kind === 'gateway' ? /"msg":"gateway listening"/ : /"msg":"recognition ready"/;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      if (!ready.test(output)) return;
      clearInterval(timer);
      resolve(/"url":"(http:[^"]+)"/.exec(output)?.[1] ?? '');
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`${kind} exited (${code}) before it was ready:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Polls `probe` until it returns something other than undefined (bounded, so a stuck state fails). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, tries = 1200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}
