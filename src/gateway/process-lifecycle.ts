import { type Config, loadConfig } from './config';

/**
 * The life of a gateway or worker process: read the configuration (a wrong value exits with 2
 * and a message naming it), start, and stop gracefully on SIGTERM/SIGINT; a second signal exits
 * at once. Resolves once started; a failed start exits with 1 and says why.
 */
export async function runProcess(what: string, start: (config: Config) => Promise<{ stop(): Promise<void> }>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(2);
  }
  let running: { stop(): Promise<void> };
  try {
    running = await start(config);
  } catch (e) {
    process.stderr.write(`${what} failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
  let signals = 0;
  const onSignal = () => {
    if (++signals > 1) process.exit(1);
    running.stop().then(
      () => process.exit(0),
      (e) => {
        process.stderr.write(`${what} shutdown failed: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
