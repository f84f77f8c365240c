import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import { createDemoOnFirstRun, describeDemo } from './demo';
import { listen } from './http/server';
import { loggerOptions } from './logger';
import { loadPostalOnStart } from './postal/startup';
import { runProcess } from './process-lifecycle';
import { createServices } from './services';

export interface RunningGateway {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts one gateway process: storage (migrated), limits, HTTP. `stop()` stops accepting, lets
 * in-flight requests finish within the grace period, flushes the audit trail and closes storage.
 */
export async function startGateway(
  config: Config,
  opts: { demo?: boolean; logStream?: pino.DestinationStream } = {},
): Promise<RunningGateway> {
  const log = opts.logStream ? pino(loggerOptions(config.LOG_LEVEL), opts.logStream) : pino(loggerOptions(config.LOG_LEVEL));
  const services = await createServices(config, log);
  await loadPostalOnStart(services, log);
  await services.recognition.start(log);
  const app = buildApp(services, { logger: log });
  const url = await listen(app, config.HOST, config.PORT);
  log.info({ url, storage: services.storage.dialect, limits: services.redis ? 'redis' : 'memory' }, 'gateway listening');
  // listening while the recognition threads warm: /healthz answers and /readyz says "warming", so
  // a load balancer waits; the first-run printout invites a first call, so it waits too
  void services.recognition.whenWarm().then(() => log.info({ url, recognition: services.recognition.warmth.state }, 'gateway ready'));

  if (opts.demo) {
    const demo = await createDemoOnFirstRun(services);
    await services.recognition.whenWarm();
    if (demo) process.stdout.write(describeDemo(demo, url));
  }

  let stopping: Promise<void> | undefined;
  return {
    url,
    stop() {
      stopping ??= (async () => {
        const grace = setTimeout(() => {
          log.warn('shutdown grace period over, closing remaining connections');
          app.server.closeAllConnections();
        }, config.SHUTDOWN_GRACE_SECONDS * 1000);
        grace.unref();
        await app.close();
        clearTimeout(grace);
        await services.close();
        log.info('gateway stopped');
      })();
      return stopping;
    },
  };
}

/** Runs the gateway until SIGTERM/SIGINT; a second signal exits at once. */
export function main(opts: { demo?: boolean } = {}): Promise<void> {
  return runProcess('gateway', (config) => startGateway(config, { demo: opts.demo ?? process.env.FIRST_RUN_DEMO !== 'false' }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
