import type { Extracted } from '../../ocr/documents/extractor';
import type { OcrTask } from '../../ocr/runtime/task';
import type { Config } from '../config';
import { GatewayError, isGatewayError } from '../errors';
import type { JobSettings, RuntimeLog } from './job-attempt';
import { LocalJobQueue } from './embedded-queue';
import type { SharedQueue } from './redis-queue';
import type { Storage } from '../store/db';
import { type JobView, jobsRepo } from '../store/jobs';
import { failureError } from './outcome';
import { LocalRecognizer, type RunResult } from './threads';
import { type JobCounters, countingRepo, jobsByStatus } from './stats';

/*
 * Where recognition runs in this process (docs/recognition-runtime.md):
 * - synchronous calls: on this process' workers when it has some (RECOGNITION_WORKERS > 0),
 *   otherwise through the shared queue (REDIS_URL) on whichever worker is free, otherwise
 *   nowhere (-6);
 * - asynchronous jobs: a row in the job table, run by the in-process queue (no REDIS_URL) or
 *   by any consumer of the shared queue.
 * Built with the services (cheap, nothing runs); `start` creates the workers and consumers, so
 * the admin command line never loads a model.
 */

export interface JobRequest {
  id: string;
  appid: number;
  outCode: string | null;
  point: string;
  task: OcrTask;
}

/** Synchronous calls waiting on the shared queue before more are shed, when not configured. */
const DEFAULT_QUEUE_MAX_WAITING = 64;
/** ... and per worker thread on this process. */
const DEFAULT_WAITING_PER_THREAD = 4;

/** Whether this process' threads can take work: warm-up runs at start (LocalRecognizer.warm). */
export type Warmth = { state: 'none' | 'warming' | 'ready' } | { state: 'failed'; reason: string };

export class RecognitionRuntime {
  readonly #config: Config;
  readonly #storage: Storage;
  readonly #repo;
  readonly jobCounters: JobCounters = { started: 0, finished: new Map() };
  #warmth: Warmth = { state: 'none' };
  #warmed: Promise<void> = Promise.resolve();
  #log: RuntimeLog | undefined;
  #local: LocalRecognizer | undefined;
  #localJobs: LocalJobQueue | undefined;
  #shared: SharedQueue | undefined;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(config: Config, storage: Storage) {
    this.#config = config;
    this.#storage = storage;
    this.#repo = countingRepo(jobsRepo(storage), this.jobCounters);
  }

  get budgetMs(): number {
    return this.#config.RECOGNITION_TIMEOUT_SECONDS * 1000;
  }

  get settings(): JobSettings {
    const c = this.#config;
    return { timeoutMs: c.JOB_TIMEOUT_SECONDS * 1000, retentionMs: c.JOB_RETENTION_SECONDS * 1000, leaseMs: c.JOB_LEASE_SECONDS * 1000 };
  }

  /** This process' workers, when it has some (tests look at their threads). */
  get local(): LocalRecognizer | undefined {
    return this.#local;
  }

  get warmth(): Warmth {
    return this.#warmth;
  }

  /** Settles when the warm-up has ended, either way (see `warmth`). */
  whenWarm(): Promise<void> {
    return this.#warmed;
  }

  /**
   * `role` 'worker': a `npm run worker` process, which consumes the shared queue and serves no
   * calls; it returns once its threads are warm (and throws if they cannot read), so it never
   * takes a caller's call onto a cold thread. A gateway returns at once and warms meanwhile
   * (`warmth`, /readyz); its share of the shared queue waits for the warm-up too.
   */
  async start(log: RuntimeLog, role: 'gateway' | 'worker' = 'gateway'): Promise<void> {
    const c = this.#config;
    this.#log = log;
    const threads = c.RECOGNITION_WORKERS;
    if (threads > 0) this.#local = new LocalRecognizer(threads, c.RECOGNITION_MAX_WAITING ?? DEFAULT_WAITING_PER_THREAD * threads);
    const warmed = this.#warm(log);
    this.#warmed = warmed;
    if (c.REDIS_URL) {
      // loaded here: BullMQ costs the admin command line (which shares the services) a second to import
      const { SharedQueue } = await import('./redis-queue');
      this.#shared = new SharedQueue({
        url: c.REDIS_URL,
        prefix: c.REDIS_PREFIX,
        repo: this.#repo,
        settings: this.settings,
        log,
        ...(this.#local ? { consumer: this.#local } : {}),
        waitsForSync: role === 'gateway' && !this.#local,
        maxWaiting: c.RECOGNITION_MAX_WAITING ?? DEFAULT_QUEUE_MAX_WAITING,
      });
      this.#shared.start();
      const shared = this.#shared;
      void warmed.then(() => this.#warmth.state === 'ready' && shared.consume());
    } else if (this.#local) {
      this.#localJobs = new LocalJobQueue(this.#repo, this.#local, this.settings, log);
      await this.#localJobs.start();
    }
    const every = Math.min(60_000, this.settings.retentionMs);
    this.#sweeper = setInterval(() => void this.sweep(), every);
    this.#sweeper.unref();
    if (role === 'worker') {
      await warmed;
      if (this.#warmth.state === 'failed') throw new Error(this.#warmth.reason);
    }
    log.info({ threads, queue: this.#shared ? 'redis' : this.#localJobs ? 'in-process' : 'none', role }, 'recognition ready');
  }

  /** Never rejects: the outcome is in `warmth`. */
  async #warm(log: RuntimeLog): Promise<void> {
    if (!this.#local) return;
    this.#warmth = { state: 'warming' };
    const started = performance.now();
    try {
      await this.#local.warm();
      this.#warmth = { state: 'ready' };
      log.info({ threads: this.#local.threads, ms: Math.round(performance.now() - started) }, 'recognition workers warm');
    } catch (err) {
      this.#warmth = { state: 'failed', reason: (err as Error).message };
      log.error({ err }, 'recognition workers could not warm up');
    }
  }

  /** Threads of this process (metrics); undefined without any. */
  get threadStats(): { threads: number; busy: number; waiting: number } | undefined {
    const l = this.#local;
    return l && { threads: l.threads, busy: l.busy, waiting: l.waiting };
  }

  /** BullMQ's jobs by state; undefined without the shared queue, rejects while Redis is away. */
  sharedQueueCounts(): Promise<Record<string, number>> | undefined {
    return this.#shared?.counts();
  }

  /** The job table by status, every process' jobs. */
  jobsByStatus(): Promise<Record<string, number>> {
    return jobsByStatus(this.#storage);
  }

  /** A synchronous recognition within the budget; throws the GatewayError the caller gets. */
  async recognize(task: OcrTask, signal: AbortSignal): Promise<Extracted> {
    const budget = this.budgetMs;
    let result: RunResult;
    if (this.#local) {
      if (!this.#local.hasRoom) throw new GatewayError('OVERLOADED', 'all recognition workers are busy');
      result = await this.#local.run(task, { timeoutMs: budget, signal });
    } else if (this.#shared) {
      result = await this.#onQueue(async (shared) => {
        if ((await shared.waitingSync()) >= (this.#config.RECOGNITION_MAX_WAITING ?? DEFAULT_QUEUE_MAX_WAITING)) {
          throw new GatewayError('OVERLOADED', 'the recognition queue is full');
        }
        return shared.run(task, budget, signal);
      }, signal);
    } else {
      throw unavailable();
    }
    if (result.ok) return result.extracted;
    if (result.failure.kind === 'internal' || result.failure.kind === 'lost') this.#log?.error({ detail: result.failure.detail }, 'recognition failed');
    throw failureError(result.failure, budget);
  }

  /** Records and queues an asynchronous job. */
  async submit(req: JobRequest): Promise<void> {
    if (!this.#shared && !this.#localJobs) throw unavailable();
    await this.#repo.insert({ id: req.id, appid: req.appid, outCode: req.outCode, point: req.point, kind: req.task.kind, options: req.task.options, input: req.task.bytes }, Date.now());
    if (this.#localJobs) return this.#localJobs.notify();
    try {
      await this.#shared!.submit(req.id);
    } catch (err) {
      // the row is kept: reconciliation queues it once Redis answers again
      this.#log?.warn({ err, job: req.id }, 'recognition job recorded but not queued yet (redis unavailable)');
    }
  }

  /** The job as its application sees it; undefined when unknown, expired or another application's. */
  readJob(id: string, appid: number): Promise<JobView | undefined> {
    return this.#repo.readForApp(id, appid, Date.now());
  }

  async sweep(): Promise<void> {
    try {
      await this.#repo.sweep(Date.now());
    } catch (err) {
      this.#log?.warn({ err }, 'could not delete expired recognition jobs');
    }
  }

  /** Redis failures on the request path answer -7 (try again), not -1. */
  async #onQueue<T>(work: (shared: SharedQueue) => Promise<T>, signal: AbortSignal): Promise<T> {
    try {
      return await work(this.#shared!);
    } catch (err) {
      if (isGatewayError(err) || signal.aborted) throw err;
      this.#log?.warn({ err }, 'recognition queue unavailable');
      throw new GatewayError('OVERLOADED', 'the recognition queue is unavailable');
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await this.#localJobs?.close();
    await this.#shared?.close();
    await this.#local?.close();
  }
}

function unavailable(): GatewayError {
  return new GatewayError('NOT_FOUND', 'this gateway runs no recognition workers (RECOGNITION_WORKERS=0) and has no shared queue (REDIS_URL)');
}
