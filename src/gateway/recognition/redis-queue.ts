import { type Job, Queue, QueueEvents, WaitingError, Worker } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { DocumentTask } from '../../ocr/runtime/task';
import { GatewayError, isGatewayError } from '../errors';
import type { JobsRepo, NewJob } from '../store/jobs';
import type { JobQueue, JobSettings, RuntimeLog } from './job-queue';
import type { JobRunner } from './job-runner';
import type { LocalRecognizer, RunResult } from './threads';

/*
 * The Redis queue (REDIS_URL, BullMQ), shared by every gateway and worker. Two kinds of BullMQ jobs:
 * - 'job': the doorbell of an asynchronous job. The job itself is its row (job-runner.ts: state,
 *   starts, lease); the doorbell carries the id and only says which consumer runs it next. The
 *   consumer that takes a doorbell claims the row and runs it within that BullMQ slot, so a busy
 *   worker takes no synchronous calls meanwhile. A doorbell that goes missing (the job accepted
 *   while Redis was away, Redis restarted without its data, taken while storage was away) costs
 *   nothing but time: every process rings again, at its upkeep, for rows waiting longer than a
 *   lease, and BullMQ ignores a doorbell that is already there (the job id is the row's).
 * - 'sync': a synchronous call from a gateway without threads. It carries its input (for at most
 *   the 5 s budget; completed ones go after a minute) and its absolute deadline: a worker that
 *   gets it late answers "time-out" without running it, so late work does not pile up. It has no
 *   priority, and BullMQ takes jobs without priority first: callers waiting on the line go ahead
 *   of asynchronous jobs (whose doorbells have one).
 */

const QUEUE = 'recognition';
/** Longest a request (or a shutdown) waits on Redis before giving up on it. */
const REDIS_WAIT_MS = 2000;
const ASYNC_PRIORITY = 10;
/** Doorbells rung again per upkeep, at most (the oldest waiting rows first). */
const RING_BATCH = 100;
/** BullMQ refuses integer-looking custom ids; the prefix also tells our ids from BullMQ's own */
const bullId = (id: string) => `job-${id}`;

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
  options: unknown;
  input: string;
  deadline: number;
}

export interface RedisQueueOptions {
  url: string;
  prefix: string;
  repo: JobsRepo;
  runner: JobRunner;
  settings: JobSettings;
  log: RuntimeLog;
  /** this process' threads; without them it only queues */
  threads?: LocalRecognizer;
  /** synchronous calls wait on the queue here (a gateway without threads) */
  waitsForSync: boolean;
  /** sync calls waiting on the queue before more are shed */
  maxWaiting: number;
}

export class RedisJobQueue implements JobQueue {
  readonly name = 'redis';
  readonly #opts: RedisQueueOptions;
  readonly #connections: Redis[] = [];
  readonly #queue: Queue;
  readonly #producer: Redis;
  readonly #events: QueueEvents | undefined;
  readonly #worker: Worker | undefined;
  readonly #running = new Map<string, AbortController>();
  #timer: NodeJS.Timeout | undefined;
  #upkeeping = false;

  constructor(opts: RedisQueueOptions) {
    this.#opts = opts;
    const { prefix, settings, threads } = opts;
    // the producer fails fast while Redis is down (the caller gets an answer); blocking
    // connections (events, worker) must wait out reconnects: BullMQ needs maxRetriesPerRequest null
    this.#producer = this.#connect({ enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.#queue = new Queue(QUEUE, { prefix, connection: this.#producer });
    this.#queue.on('error', (err) => opts.log.warn({ err }, 'recognition queue: redis error'));
    if (opts.waitsForSync) {
      this.#events = new QueueEvents(QUEUE, { prefix, connection: this.#connect({ maxRetriesPerRequest: null }) });
      this.#events.on('error', (err) => opts.log.warn({ err }, 'recognition queue events: redis error'));
    }
    if (threads) {
      this.#worker = new Worker(QUEUE, (job, token) => this.#process(job, token, threads), {
        prefix,
        connection: this.#connect({ maxRetriesPerRequest: null }),
        concurrency: threads.threads,
        // the lock only keeps the slot: a doorbell taken again after a stall finds its row claimed
        lockDuration: settings.leaseMs,
        stalledInterval: settings.leaseMs,
        // takes work only once `consume` is called: after this process' threads are warm
        autorun: false,
      });
      this.#worker.on('error', (err) => opts.log.warn({ err }, 'recognition worker: redis error'));
    }
  }

  #connect(extra: RedisOptions): Redis {
    const redis = new Redis(this.#opts.url, { connectionName: 'gateway-recognition', connectTimeout: 2000, ...extra });
    redis.on('error', () => {}); // reported by BullMQ's own error events above
    this.#connections.push(redis);
    return redis;
  }

  /** Does not wait for Redis: a gateway starts (and answers -7 for queued work) while Redis is down. */
  async start(): Promise<void> {
    void this.#upkeep();
    this.#timer = setInterval(() => void this.#upkeep(), Math.max(50, this.#opts.settings.leaseMs / 3));
    this.#timer.unref();
  }

  consume(): void {
    this.#worker?.run().catch((err) => this.#opts.log.warn({ err }, 'recognition worker stopped'));
  }

  /** BullMQ's jobs by state (metrics): `waiting` are synchronous calls, `prioritized` job doorbells. */
  async counts(): Promise<Record<string, number>> {
    this.#connected();
    return within(this.#queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'), REDIS_WAIT_MS, 'count jobs');
  }

  /** Fails at once while Redis is away (BullMQ would wait for it). */
  #connected(): void {
    if (this.#producer.status !== 'ready') throw new Error(`redis is not connected (${this.#producer.status})`);
  }

  async submit(job: NewJob): Promise<void> {
    await this.#opts.repo.insert(job, Date.now());
    try {
      await this.#ring([job.id]);
    } catch (err) {
      // the row is the job: the upkeep rings for it once Redis answers again
      this.#opts.log.warn({ err, job: job.id }, 'recognition job recorded but not queued yet (redis unavailable)');
    }
  }

  /** Doorbells for waiting rows; one already there for a row is left as it is. */
  async #ring(ids: string[]): Promise<void> {
    this.#connected();
    const doorbells = ids.map((id) => ({
      name: 'job',
      data: { id },
      opts: { jobId: bullId(id), priority: ASYNC_PRIORITY, removeOnComplete: true, removeOnFail: true },
    }));
    await within(this.#queue.addBulk(doorbells), REDIS_WAIT_MS, 'ring for jobs');
  }

  /** Leases renewed and lost runners' jobs recovered (job-runner.ts), then rows waiting longer than a lease rung for again. */
  async #upkeep(): Promise<void> {
    if (this.#upkeeping) return;
    this.#upkeeping = true;
    const { repo, runner, settings, log } = this.#opts;
    try {
      await runner.upkeep();
      if (this.#producer.status !== 'ready') return;
      const waiting = await repo.waitingSince(Date.now() - settings.leaseMs, RING_BATCH);
      if (waiting.length) await this.#ring(waiting);
    } catch (err) {
      log.warn({ err }, 'recognition job maintenance failed');
    } finally {
      this.#upkeeping = false;
    }
  }

  async recognize(task: DocumentTask, timeoutMs: number, signal: AbortSignal): Promise<RunResult> {
    // a gateway with threads of its own keeps its callers' calls (no Redis round trip)
    if (this.#opts.threads) return this.#opts.threads.runOrShed(task, { timeoutMs, signal });
    try {
      this.#connected();
      if ((await within(this.#queue.getWaitingCount(), REDIS_WAIT_MS, 'count waiting calls')) >= this.#opts.maxWaiting) {
        throw new GatewayError('OVERLOADED', 'the recognition queue is full');
      }
      return await this.#call(task, timeoutMs, signal);
    } catch (err) {
      // Redis failures on the request path answer -7 (try again), not -1
      if (isGatewayError(err) || signal.aborted) throw err;
      this.#opts.log.warn({ err }, 'recognition queue unavailable');
      throw new GatewayError('OVERLOADED', 'the recognition queue is unavailable');
    }
  }

  /** Runs a synchronous call on whichever worker is free, within `timeoutMs`. */
  async #call(task: DocumentTask, timeoutMs: number, signal: AbortSignal): Promise<RunResult> {
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

  async #process(job: Job, token: string | undefined, threads: LocalRecognizer): Promise<unknown> {
    if (job.name === 'job') return this.#runJob(job, token, threads);
    const abort = new AbortController();
    this.#running.set(job.id!, abort);
    try {
      const { kind, options, input, deadline } = job.data as SyncData;
      const left = deadline - Date.now();
      if (left <= 0) return { ok: false, failure: { kind: 'timeout' } } satisfies RunResult;
      return await threads.run({ kind, options, bytes: Buffer.from(input, 'base64') }, { timeoutMs: left, signal: abort.signal });
    } catch (err) {
      if (!abort.signal.aborted) throw err;
      // shutting down: back to the queue for another worker, not counted as a failure
      await within(job.moveToWait(token), REDIS_WAIT_MS, 'requeue on shutdown').catch(() => {});
      throw new WaitingError();
    } finally {
      this.#running.delete(job.id!);
    }
  }

  /** A doorbell: the row is claimed and run in this slot; one that went back to the queue rings again at once. */
  async #runJob(job: Job, token: string | undefined, threads: LocalRecognizer): Promise<null> {
    const { runner, log } = this.#opts;
    const id = (job.data as { id: string }).id;
    const claimed = await runner.claim(id).catch((err: unknown) => {
      log.warn({ err, job: id }, 'storage unavailable: recognition job rung for again later');
      return undefined;
    });
    if (!claimed && !runner.closed) return null; // taken, ended or expired meanwhile: nothing to do
    if (claimed && (await runner.run(claimed, threads)) === 'finished') return null;
    // back in the queue (its thread was lost), or this process is stopping: the same doorbell, for whichever worker is free
    await within(job.moveToWait(token), REDIS_WAIT_MS, 'ring again').catch(() => {});
    throw new WaitingError();
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    // the worker takes nothing more and waits for what it runs, which is stopped here
    const worker = this.#worker?.close();
    for (const abort of this.#running.values()) abort.abort(new Error('shutting down'));
    await this.#opts.runner.close();
    // with Redis away BullMQ's close waits for it; the connections are cut below in any case
    const closing = [worker, this.#events?.close(), this.#queue.close()];
    await within(Promise.all(closing), 3 * REDIS_WAIT_MS, 'close').catch(() => {});
    for (const redis of this.#connections) redis.disconnect();
  }
}
