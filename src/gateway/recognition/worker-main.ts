import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { Config } from '../config';
import { loggerOptions } from '../logger';
import { runProcess } from '../process-lifecycle';
import { RecognitionRuntime } from './runtime';
import { openStorage } from '../store/db';
import { type WorkerHttp, startWorkerHttp } from './worker-http';

/*
 * `npm run worker`: a recognition worker process for the scaled-out deployment (DESIGN.md §6,
 * docs/recognition-runtime.md). No HTTP: it opens the shared storage, starts RECOGNITION_WORKERS
 * threads and consumes the shared queue on Redis, both asynchronous jobs and the synchronous
 * calls of gateways that run no workers themselves. SIGTERM puts its running jobs back in the
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
  let http: WorkerHttp | undefined;
  if (config.METRICS_PORT !== undefined) {
    http = await startWorkerHttp(config, config.METRICS_PORT, storage, runtime);
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
