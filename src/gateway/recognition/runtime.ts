import type { Extracted } from '../../ocr/documents/extractor';
import type { DocumentTask } from '../../ocr/runtime/task';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import type { Storage } from '../store/db';
import { type JobView, type JobsRepo, jobsRepo } from '../store/jobs';
import { EmbeddedJobQueue } from './embedded-queue';
import type { JobQueue, JobSettings, RuntimeLog } from './job-queue';
import { type JobCounters, JobRunner } from './job-runner';
import { failureError } from './outcome';
import { LocalRecognizer } from './threads';

/*
 * Recognition in this process (docs/recognition-runtime.md): its threads (RECOGNITION_WORKERS)
 * and the job queue chosen once at start (job-queue.ts): the Redis queue with REDIS_URL, else
 * the embedded queue when this process has threads, else none (-6). Built with the services
 * (cheap, nothing runs); `start` creates the threads and the queue, so the admin command line
 * never loads a model.
 */

export interface JobRequest {
  id: string;
  appid: number;
  outCode: string | null;
  point: string;
  task: DocumentTask;
}

/** Synchronous calls waiting on the shared queue before more are shed, when not configured. */
const DEFAULT_QUEUE_MAX_WAITING = 64;
/** ... and per worker thread on this process. */
const DEFAULT_WAITING_PER_THREAD = 4;

/** Whether this process' threads can take work: warm-up runs at start (LocalRecognizer.warm). */
export type Warmth = { state: 'none' | 'warming' | 'ready' } | { state: 'failed'; reason: string };

export class RecognitionRuntime {
  readonly #config: Config;
  readonly #repo: JobsRepo;
  readonly jobCounters: JobCounters = { started: 0, finished: new Map() };
  #warmth: Warmth = { state: 'none' };
  #warmed: Promise<void> = Promise.resolve();
  #log: RuntimeLog | undefined;
  #local: LocalRecognizer | undefined;
  #queue: JobQueue | undefined;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(config: Config, storage: Storage) {
    this.#config = config;
    this.#repo = jobsRepo(storage);
  }

  get budgetMs(): number {
    return this.#config.RECOGNITION_TIMEOUT_SECONDS * 1000;
  }

  get settings(): JobSettings {
    const c = this.#config;
    return { timeoutMs: c.JOB_TIMEOUT_SECONDS * 1000, retentionMs: c.JOB_RETENTION_SECONDS * 1000, leaseMs: c.JOB_LEASE_SECONDS * 1000 };
  }

  /** This process' threads, when it has some (tests look at them). */
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
   * (`warmth`, /readyz). Either takes work only once its threads are warm.
   */
  async start(log: RuntimeLog, role: 'gateway' | 'worker' = 'gateway'): Promise<void> {
    const c = this.#config;
    this.#log = log;
    const threads = c.RECOGNITION_WORKERS;
    if (threads > 0) this.#local = new LocalRecognizer(threads, c.RECOGNITION_MAX_WAITING ?? DEFAULT_WAITING_PER_THREAD * threads);
    const warmed = this.#warm(log);
    this.#warmed = warmed;
    this.#queue = await this.#chooseQueue(log, role);
    await this.#queue?.start();
    const queue = this.#queue;
    void warmed.then(() => this.#warmth.state === 'ready' && queue?.consume());
    const every = Math.min(60_000, this.settings.retentionMs);
    this.#sweeper = setInterval(() => void this.sweep(), every);
    this.#sweeper.unref();
    if (role === 'worker') {
      await warmed;
      if (this.#warmth.state === 'failed') throw new Error(this.#warmth.reason);
    }
    log.info({ threads, queue: this.#queue?.name ?? 'none', role }, 'recognition ready');
  }

  async #chooseQueue(log: RuntimeLog, role: 'gateway' | 'worker'): Promise<JobQueue | undefined> {
    const c = this.#config;
    const runner = new JobRunner(this.#repo, this.settings, log, this.jobCounters);
    if (c.REDIS_URL) {
      // loaded here: BullMQ costs the admin command line (which shares the services) a second to import
      const { RedisJobQueue } = await import('./redis-queue');
      return new RedisJobQueue({
        url: c.REDIS_URL,
        prefix: c.REDIS_PREFIX,
        repo: this.#repo,
        runner,
        settings: this.settings,
        log,
        ...(this.#local ? { threads: this.#local } : {}),
        waitsForSync: role === 'gateway' && !this.#local,
        maxWaiting: c.RECOGNITION_MAX_WAITING ?? DEFAULT_QUEUE_MAX_WAITING,
      });
    }
    return this.#local && new EmbeddedJobQueue(this.#repo, runner, this.#local, this.settings, log);
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

  /** The queue's own jobs by state; undefined for the embedded queue, rejects while Redis is away. */
  queueCounts(): Promise<Record<string, number>> | undefined {
    return this.#queue?.counts?.();
  }

  /** The job table by status, every process' jobs. */
  jobsByStatus(): Promise<Record<string, number>> {
    return this.#repo.countByStatus();
  }

  /** A synchronous recognition within the budget; throws the GatewayError the caller gets. */
  async recognize(task: DocumentTask, signal: AbortSignal): Promise<Extracted> {
    if (!this.#queue) throw unavailable();
    const budget = this.budgetMs;
    const result = await this.#queue.recognize(task, budget, signal);
    if (result.ok) return result.extracted;
    if (result.failure.kind === 'internal' || result.failure.kind === 'lost') this.#log?.error({ detail: result.failure.detail }, 'recognition failed');
    throw failureError(result.failure, budget);
  }

  /** Records and queues an asynchronous job. */
  async submit(req: JobRequest): Promise<void> {
    if (!this.#queue) throw unavailable();
    const { task, ...job } = req;
    await this.#queue.submit({ ...job, kind: task.kind, options: task.options, input: task.bytes });
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

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await this.#queue?.close();
    await this.#local?.close();
  }
}

function unavailable(): GatewayError {
  return new GatewayError('NOT_FOUND', 'this gateway runs no recognition workers (RECOGNITION_WORKERS=0) and has no shared queue (REDIS_URL)');
}
