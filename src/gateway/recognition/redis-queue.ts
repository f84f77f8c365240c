import { DelayedError, type Job, Queue, QueueEvents, WaitingError, Worker } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { OcrTask } from '../../ocr/runtime/task';
import type { LocalRecognizer, RunResult } from './threads';
import type { JobsRepo } from '../store/jobs';
import { type JobSettings, MAX_ATTEMPTS, type RuntimeLog, lostOutcome, runJob } from './job-attempt';

/*
 * The shared queue on Redis (REDIS_URL, BullMQ). Two kinds of BullMQ jobs:
 * - 'job': an asynchronous job. Its row (input included) is in the database; BullMQ carries the
 *   id. BullMQ's own machinery handles loss: a worker that dies stops renewing its lock, the
 *   stalled check puts the job back (maxStalledCount 2, so the third loss fails it), a thrown
 *   "worker lost" is retried (attempts 3). Its events move the row: stalled → QUEUING, final
 *   failure → LIMIT_RETRY_FAILED. `reconcile` repairs rows whose event was missed.
 * - 'sync': a synchronous call from a gateway without workers. It carries its input (for at
 *   most the 5 s budget; completed jobs go after a minute) and its absolute deadline: a worker
 *   that gets it late answers "time-out" without running it, so late work does not pile up.
 *   It has no priority, and BullMQ takes jobs without priority first: callers waiting on the
 *   line go ahead of asynchronous jobs (which have one).
 */

const QUEUE = 'recognition';
/** Longest a request (or a shutdown) waits on Redis before giving up on it. */
const REDIS_WAIT_MS = 2000;
const ASYNC_PRIORITY = 10;
/** A job whose row could not be written waits this long (at most) before it is tried again. */
const STORAGE_RETRY_MS = 5000;
/** BullMQ refuses integer-looking custom ids; the prefix also tells our ids from BullMQ's own */
const bullId = (id: string) => `job-${id}`;
const rowId = (jobId: string) => (jobId.startsWith('job-') ? jobId.slice(4) : undefined);

/** `work`, or an error once `ms` have passed: BullMQ waits for Redis forever, callers must not. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`redis did not answer (${what}) within ${ms} ms`)), ms);
  });
  work.catch(() => {}); // a late failure is nobody's
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

interface SyncData {
  kind: string;
  options: Record<string, unknown>;
  input: string;
  deadline: number;
}

export interface SharedQueueOptions {
  url: string;
  prefix: string;
  repo: JobsRepo;
  settings: JobSettings;
  log: RuntimeLog;
  /** this process' workers; without them it only queues */
  consumer?: LocalRecognizer;
  /** synchronous calls wait on the queue here (a gateway without workers) */
  waitsForSync: boolean;
  /** sync calls waiting on the queue before more are shed */
  maxWaiting: number;
}

export class SharedQueue {
  readonly #opts: SharedQueueOptions;
  readonly #connections: Redis[] = [];
  readonly #queue: Queue;
  readonly #producer: Redis;
  readonly #events: QueueEvents | undefined;
  readonly #worker: Worker | undefined;
  readonly #running = new Map<string, AbortController>();
  #timer: NodeJS.Timeout | undefined;
  #reconciling = false;

  constructor(opts: SharedQueueOptions) {
    this.#opts = opts;
    const { prefix, settings, consumer } = opts;
    // the producer fails fast while Redis is down (the caller gets an answer); blocking
    // connections (events, worker) must wait out reconnects: BullMQ needs maxRetriesPerRequest null
    this.#producer = this.#connect({ enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.#queue = new Queue(QUEUE, { prefix, connection: this.#producer });
    this.#queue.on('error', (err) => opts.log.warn({ err }, 'recognition queue: redis error'));
    if (opts.waitsForSync) {
      this.#events = new QueueEvents(QUEUE, { prefix, connection: this.#connect({ maxRetriesPerRequest: null }) });
      this.#events.on('error', (err) => opts.log.warn({ err }, 'recognition queue events: redis error'));
    }
    if (consumer) {
      this.#worker = new Worker(QUEUE, (job, token) => this.#process(job, token), {
        prefix,
        connection: this.#connect({ maxRetriesPerRequest: null }),
        concurrency: consumer.threads,
        lockDuration: settings.leaseMs,
        stalledInterval: settings.leaseMs,
        maxStalledCount: MAX_ATTEMPTS - 1,
        // takes work only once `consume` is called: after this process' threads are warm
        autorun: false,
      });
      this.#worker.on('error', (err) => opts.log.warn({ err }, 'recognition worker: redis error'));
      this.#worker.on('stalled', (jobId) => this.#onStalled(jobId));
      this.#worker.on('failed', (job, err) => this.#onFailed(job, err));
    }
  }

  #connect(extra: RedisOptions): Redis {
    const redis = new Redis(this.#opts.url, { connectionName: 'gateway-recognition', connectTimeout: 2000, ...extra });
    redis.on('error', () => {}); // reported by BullMQ's own error events above
    this.#connections.push(redis);
    return redis;
  }

  /** Does not wait for Redis: a gateway starts (and answers -7 for queued work) while Redis is down. */
  start(): void {
    void this.reconcile();
    this.#timer = setInterval(() => void this.reconcile(), this.#opts.settings.leaseMs);
    this.#timer.unref();
  }

  /** Starts taking jobs and calls (this process' threads are warm). */
  consume(): void {
    this.#worker?.run().catch((err) => this.#opts.log.warn({ err }, 'recognition worker stopped'));
  }

  /** BullMQ's jobs by state (metrics): `waiting` are synchronous calls, `prioritized` asynchronous jobs. */
  async counts(): Promise<Record<string, number>> {
    this.#connected();
    return within(this.#queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'), REDIS_WAIT_MS, 'count jobs');
  }

  /** Fails at once while Redis is away (BullMQ would wait for it). */
  #connected(): void {
    if (this.#producer.status !== 'ready') throw new Error(`redis is not connected (${this.#producer.status})`);
  }

  /** Queues the asynchronous job whose row was just written. */
  async submit(id: string): Promise<void> {
    this.#connected();
    await within(this.#add(id), REDIS_WAIT_MS, 'add a job');
  }

  #add(id: string) {
    return this.#queue.add(
      'job',
      { id },
      { jobId: bullId(id), priority: ASYNC_PRIORITY, attempts: MAX_ATTEMPTS, removeOnComplete: true, removeOnFail: { age: this.#opts.settings.retentionMs / 1000 } },
    );
  }

  /** How many synchronous calls wait for a worker, across all gateways. */
  waitingSync(): Promise<number> {
    this.#connected();
    return within(this.#queue.getWaitingCount(), REDIS_WAIT_MS, 'count waiting calls');
  }

  /** Runs a synchronous call on whichever worker is free, within `timeoutMs`. */
  async run(task: OcrTask, timeoutMs: number, signal: AbortSignal): Promise<RunResult> {
    if (!this.#events) throw new Error('this process does not wait for synchronous results');
    const deadline = Date.now() + timeoutMs;
    const data: SyncData = { kind: task.kind, options: task.options, input: Buffer.from(task.bytes).toString('base64'), deadline };
    this.#connected();
    const job = await within(this.#queue.add('sync', data, { attempts: 1, removeOnComplete: { age: 60 }, removeOnFail: { age: 60 } }), REDIS_WAIT_MS, 'add a call');
    let onAbort: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    const stopped = new Promise<'late'>((resolve, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      // our own timer: waitUntilFinished first waits for Redis, without a limit
      timer = setTimeout(() => resolve('late'), Math.max(1, deadline - Date.now()));
    });
    stopped.catch(() => {}); // raced below; a rejection after the race is settled is nobody's
    try {
      const first = await Promise.race([job.waitUntilFinished(this.#events, Math.max(1, deadline - Date.now())), stopped]);
      if (first !== 'late') return first as RunResult;
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (Date.now() < deadline) return { ok: false, failure: { kind: 'internal', detail: `queued recognition failed: ${(err as Error).message}` } };
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort!);
    }
    // nobody will read the answer: a call still waiting is dropped (one already running stops at its deadline)
    await within(job.remove(), REDIS_WAIT_MS, 'drop a call').catch(() => {});
    return { ok: false, failure: { kind: 'timeout' } };
  }

  async #process(job: Job, token: string | undefined): Promise<unknown> {
    const recognizer = this.#opts.consumer!;
    const abort = new AbortController();
    this.#running.set(job.id!, abort);
    try {
      if (job.name === 'sync') {
        const { kind, options, input, deadline } = job.data as SyncData;
        const left = deadline - Date.now();
        if (left <= 0) return { ok: false, failure: { kind: 'timeout' } } satisfies RunResult;
        return await recognizer.run({ kind, options, bytes: Buffer.from(input, 'base64') }, { timeoutMs: left, signal: abort.signal });
      }
      return await this.#processJob(job, token, recognizer, abort.signal);
    } catch (err) {
      if (!abort.signal.aborted) throw err;
      // shutting down: back to the queue for another worker, not counted as a failure
      await within(job.moveToWait(token), REDIS_WAIT_MS, 'requeue on shutdown').catch(() => {});
      const id = rowId(job.id!);
      if (id) await this.#opts.repo.requeue(id).catch(() => {});
      throw new WaitingError();
    } finally {
      this.#running.delete(job.id!);
    }
  }

  async #processJob(job: Job, token: string | undefined, recognizer: LocalRecognizer, signal: AbortSignal): Promise<null> {
    const { repo, settings, log } = this.#opts;
    const id = (job.data as { id: string }).id;
    const claimed = await repo.claimDelivered(id, job.attemptsStarted, Date.now()).catch((err) => this.#later(job, token, err));
    if (!claimed) return null; // finished or expired meanwhile: nothing to do
    const attempt = await runJob(claimed, recognizer, { timeoutMs: settings.timeoutMs, signal });
    if ('lost' in attempt) {
      // BullMQ's retry is what counts; the row follows when storage answers (claimDelivered takes PROCESSING rows)
      await repo.requeue(id, { attempt: claimed.attempts }).catch(() => {});
      throw new Error(attempt.lost); // BullMQ retries it (attempts 3)
    }
    if (attempt.internal) log.error({ job: id, detail: attempt.internal }, 'recognition job failed on our side');
    await repo.finish(id, claimed.attempts, attempt.outcome, Date.now(), settings.retentionMs).catch((err) => this.#later(job, token, err));
    return null;
  }

  /**
   * Storage did not answer (PostgreSQL restarting): the job waits in BullMQ and is run again a
   * little later, on whichever worker, without counting as a lost worker. Otherwise BullMQ's
   * three quick attempts would end it LIMIT_RETRY_FAILED within a blink of the database.
   */
  async #later(job: Job, token: string | undefined, err: unknown): Promise<never> {
    this.#opts.log.warn({ err, job: rowId(job.id!) }, 'storage unavailable: recognition job tried again later');
    await within(job.moveToDelayed(Date.now() + Math.min(STORAGE_RETRY_MS, this.#opts.settings.leaseMs), token), REDIS_WAIT_MS, 'delay a job');
    throw new DelayedError();
  }

  #onStalled(jobId: string): void {
    const id = rowId(jobId);
    this.#opts.log.warn({ job: id ?? jobId }, 'recognition job stalled (its worker was lost); queued again');
    if (id) this.#opts.repo.requeue(id).catch((err) => this.#opts.log.warn({ err, job: id }, 'could not record a stalled job'));
  }

  #onFailed(job: Job | undefined, err: Error): void {
    const id = job?.id && rowId(job.id);
    if (!id) return;
    const { repo, settings, log } = this.#opts;
    // finishedOn is only set when BullMQ gives up; otherwise the job is retried
    const write = job.finishedOn ? repo.end(id, lostOutcome(), Date.now(), settings.retentionMs) : repo.requeue(id);
    write.catch((e) => log.warn({ err: e, job: id }, 'could not record a failed job'));
    if (job.finishedOn) log.warn({ job: id, reason: err.message }, 'recognition job given up');
  }

  /**
   * Repairs what a missed event or a lost Redis left behind, as BullMQ's state of the job says:
   * QUEUING rows whose BullMQ job is gone are queued again, those BullMQ gave up on end
   * LIMIT_RETRY_FAILED; PROCESSING rows that outlived any possible run are put back or ended.
   */
  async reconcile(): Promise<void> {
    const { repo, settings, log } = this.#opts;
    if (this.#reconciling || this.#producer.status !== 'ready') return;
    this.#reconciling = true;
    const now = Date.now();
    const stateOf = (id: string) => within(this.#queue.getJobState(bullId(id)), REDIS_WAIT_MS, 'job state');
    try {
      for (const id of await repo.listStale('QUEUING', now - 2 * settings.leaseMs, 100)) {
        const state = await stateOf(id);
        if (state === 'unknown') await this.submit(id);
        else if (state === 'failed') await repo.end(id, lostOutcome(), now, settings.retentionMs);
      }
      for (const id of await repo.listStale('PROCESSING', now - settings.timeoutMs - 3 * settings.leaseMs, 100)) {
        const state = await stateOf(id);
        if (state === 'active') continue;
        if (state === 'failed' || state === 'completed') await repo.end(id, lostOutcome(), now, settings.retentionMs);
        else await repo.requeue(id); // waiting again, or gone from Redis (queued again by the next pass)
      }
    } catch (err) {
      log.warn({ err }, 'recognition queue reconciliation failed');
    } finally {
      this.#reconciling = false;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    for (const abort of this.#running.values()) abort.abort(new Error('shutting down'));
    // with Redis away BullMQ's close waits for it; the connections are cut below in any case
    const closing = [this.#worker?.close(), this.#events?.close(), this.#queue.close()];
    await within(Promise.all(closing), 3 * REDIS_WAIT_MS, 'close').catch(() => {});
    for (const redis of this.#connections) redis.disconnect();
  }
}
