import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { Config } from '../config';
import { createRegistry, recognitionMetrics } from '../http/metrics';
import { type ProbeServer, startProbeServer } from '../http/probe-server';
import { loggerOptions } from '../logger';
import { runProcess } from '../process-lifecycle';
import { openStorage } from '../store/db';
import { RecognitionRuntime } from './runtime';

/*
 * `npm run worker`: a recognition worker process for the scaled-out deployment (DESIGN.md §6,
 * docs/recognition-runtime.md). No points, only the probes on METRICS_PORT: it opens the shared
 * storage, starts RECOGNITION_WORKERS threads and consumes the shared queue on Redis, both
 * asynchronous jobs and the synchronous calls of gateways that run no workers themselves. SIGTERM puts its running jobs back in the
 * queue (they do not count as lost) and exits.
 */

export interface RunningWorker {
  runtime: RecognitionRuntime;
  stop(): Promise<void>;
}

export async function startWorker(config: Config, opts: { logStream?: pino.DestinationStream } = {}): Promise<RunningWorker> {
  if (!config.REDIS_URL) throw new Error('a worker process needs REDIS_URL (and a shared DATABASE_URL): it takes its jobs from the shared queue');
  if (config.RECOGNITION_WORKERS === 0) throw new Error('RECOGNITION_WORKERS=0 leaves a worker process nothing to do');
  const log = opts.logStream ? pino(loggerOptions(config.LOG_LEVEL), opts.logStream) : pino(loggerOptions(config.LOG_LEVEL));
  const storage = await openStorage(config.DATABASE_URL);
  const runtime = new RecognitionRuntime(config, storage);
  // before the warm-up, so /readyz can say "warming" meanwhile
  let http: ProbeServer | undefined;
  if (config.METRICS_PORT !== undefined) {
    const registry = createRegistry();
    recognitionMetrics(registry, runtime);
    // Redis answers when the queue can count its jobs
    const redis = { ping: () => runtime.queueCounts() ?? Promise.resolve() };
    http = await startProbeServer(config.HOST, config.METRICS_PORT, { storage, redis, recognition: runtime, registry, metricsAllow: config.METRICS_ALLOW });
    log.info({ url: http.url }, 'worker health and metrics listening');
  }
  await runtime.start(log, 'worker');
  let stopping: Promise<void> | undefined;
  return {
    runtime,
    stop() {
      stopping ??= (async () => {
        await http?.close();
        await runtime.close();
        await storage.close();
        log.info('worker stopped');
      })();
      return stopping;
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void runProcess('worker', startWorker);
