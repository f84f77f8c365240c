import { randomUUID } from 'node:crypto';
import type { ClaimedJob, JobOutcome, JobsRepo } from '../store/jobs';
import { MAX_ATTEMPTS, lostOutcome, runJob } from './job-attempt';
import type { JobSettings, RuntimeLog } from './job-queue';
import type { LocalRecognizer } from './threads';

/*
 * The job table is the one record of an asynchronous job, whichever queue delivers it: its
 * state, its starts and who runs it. A runner claims a row under a lease that it renews while
 * the job runs; a process that dies stops renewing, and the next upkeep of any process (every
 * third of a lease) puts the job back in the queue, or ends it LIMIT_RETRY_FAILED after its
 * third lost start. Nothing is ever left in PROCESSING. `attempts` counts the starts and fences
 * the writes: a runner that lost its job and comes back late cannot overwrite a later attempt.
 */

/** What this process did to jobs, for /metrics. */
export interface JobCounters {
  /** attempts started here */
  started: number;
  /** jobs this process ended, by final state */
  finished: Map<string, number>;
}

/** How a run ended: its outcome written (or a later attempt's stands), or back in the queue. */
export type Ending = 'finished' | 'requeued';

interface Running {
  abort: AbortController;
  done?: Promise<Ending>;
}

const SHUTDOWN = new Error('shutting down');
/** Longest pause between tries to write an outcome while storage does not answer. */
const WRITE_RETRY_MAX_MS = 5000;

export class JobRunner {
  readonly owner = `runner-${randomUUID()}`;
  readonly #running = new Map<string, Running>();
  #closed = false;

  constructor(
    private readonly repo: JobsRepo,
    private readonly settings: JobSettings,
    private readonly log: RuntimeLog,
    private readonly counters: JobCounters,
  ) {}

  /** Closing: claims nothing more. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Jobs claimed by this runner and not yet ended. */
  get running(): number {
    return this.#running.size;
  }

  /** Renews this runner's leases, then recovers the jobs of runners that stopped renewing theirs. */
  async upkeep(): Promise<void> {
    const now = Date.now();
    await this.repo.renewLeases([...this.#running.keys()], this.owner, now + this.settings.leaseMs);
    const lost = lostOutcome();
    const { requeued, failed } = await this.repo.recoverLeases(now, MAX_ATTEMPTS, lost, this.settings.retentionMs);
    if (failed) this.#ended(lost.status, failed);
    if (requeued || failed) this.log.warn({ requeued, failed }, 'recovered recognition jobs of a lost worker');
  }

  /** Claims job `id`, or the oldest waiting one; undefined when there is none (taken, ended) or the runner is closing. */
  async claim(id?: string): Promise<ClaimedJob | undefined> {
    if (this.#closed) return undefined;
    const now = Date.now();
    const leaseUntil = now + this.settings.leaseMs;
    const job = id === undefined ? await this.repo.claimNext(this.owner, leaseUntil, now) : await this.repo.claim(id, this.owner, leaseUntil, now);
    if (!job) return undefined;
    this.counters.started++;
    this.#running.set(job.id, { abort: new AbortController() });
    if (this.#closed) this.#running.get(job.id)!.abort.abort(SHUTDOWN);
    return job;
  }

  /** Runs a job `claim` returned to its end. Never rejects. */
  run(job: ClaimedJob, threads: LocalRecognizer): Promise<Ending> {
    const entry = this.#running.get(job.id)!;
    entry.done = this.#run(job, threads, entry.abort.signal).finally(() => this.#running.delete(job.id));
    return entry.done;
  }

  async #run(job: ClaimedJob, threads: LocalRecognizer, signal: AbortSignal): Promise<Ending> {
    try {
      const attempt = await runJob(job, threads, { timeoutMs: this.settings.timeoutMs, signal });
      if ('lost' in attempt) {
        this.log.warn({ job: job.id, attempt: job.attempts, reason: attempt.lost }, 'recognition job lost its worker');
        if (job.attempts >= MAX_ATTEMPTS) {
          await this.#write(job, lostOutcome());
          return 'finished';
        }
        await this.repo.requeue(job.id, { attempt: job.attempts });
        return 'requeued';
      }
      if (attempt.internal) this.log.error({ job: job.id, detail: attempt.internal }, 'recognition job failed on our side');
      if (!(await this.#write(job, attempt.outcome))) {
        this.log.warn({ job: job.id }, 'recognition job finished after its lease was lost; the later attempt decides');
      }
      return 'finished';
    } catch (err) {
      if (signal.aborted) {
        // shutting down: the job goes back to the queue and this start does not count as a loss
        await this.repo.requeue(job.id, { attempt: job.attempts, refund: true }).catch(() => {});
        return 'requeued';
      }
      // storage failed: the lease runs out and the upkeep of any process retries the job
      this.log.error({ err, job: job.id }, 'recognition job could not be recorded');
      return 'finished';
    }
  }

  /**
   * Writes the outcome of the attempt; false when a later attempt owns the job. While storage does
   * not answer (a database restarting) the write is tried again, so a result that took minutes
   * to read is not read again; the lease is renewed meanwhile whenever storage answers.
   */
  async #write(job: ClaimedJob, outcome: JobOutcome): Promise<boolean> {
    for (let pause = 250; ; pause = Math.min(2 * pause, WRITE_RETRY_MAX_MS)) {
      try {
        const written = await this.repo.finish(job.id, job.attempts, outcome, Date.now(), this.settings.retentionMs);
        if (written) this.#ended(outcome.status);
        return written;
      } catch (err) {
        if (this.#closed) throw err;
        this.log.warn({ err, job: job.id }, 'storage unavailable: the outcome of a recognition job is written again shortly');
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  #ended(status: string, n = 1): void {
    this.counters.finished.set(status, (this.counters.finished.get(status) ?? 0) + n);
  }

  /** Running jobs go back to the queue (their start not counted); resolves once each has. */
  async close(): Promise<void> {
    this.#closed = true;
    const running = [...this.#running.values()];
    for (const r of running) r.abort.abort(SHUTDOWN);
    await Promise.all(running.map((r) => r.done));
  }
}
