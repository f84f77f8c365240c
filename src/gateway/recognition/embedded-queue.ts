import { randomUUID } from 'node:crypto';
import type { LocalRecognizer } from './threads';
import type { ClaimedJob, JobsRepo } from '../store/jobs';
import { type JobSettings, MAX_ATTEMPTS, type RuntimeLog, lostOutcome, runJob } from './job-attempt';

/*
 * The in-process job queue (no REDIS_URL): the job table is the queue. A free worker thread
 * claims the oldest QUEUING row under a lease that this process renews while the job runs; a
 * process that dies stops renewing, and whoever looks next (this process after a restart, or a
 * sibling on the same PostgreSQL) puts the job back in the queue, or ends it LIMIT_RETRY_FAILED
 * after its third lost start. Nothing is ever left in PROCESSING.
 *
 * Synchronous calls go straight to the pool and are not held up by jobs: a job is only claimed
 * when a thread is free, so at most `threads` jobs are in the pool.
 */

interface Running {
  attempt: number;
  abort: AbortController;
  done: Promise<void>;
}

const SHUTDOWN = new Error('shutting down');

export class LocalJobQueue {
  readonly owner = `local-${randomUUID()}`;
  readonly #running = new Map<string, Running>();
  #pumping = false;
  #again = false;
  #closed = false;
  /** the last look found nothing queued: a thread coming free need not look again */
  #empty = false;
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly repo: JobsRepo,
    private readonly recognizer: LocalRecognizer,
    private readonly settings: JobSettings,
    private readonly log: RuntimeLog,
  ) {}

  async start(): Promise<void> {
    this.#unsubscribe = this.recognizer.onFree(() => {
      if (!this.#empty) void this.pump();
    });
    await this.tick();
    // renewals must land well inside the lease, recovery only needs to be prompt
    this.#timer = setInterval(() => void this.tick(), Math.max(50, this.settings.leaseMs / 3));
    this.#timer.unref();
  }

  /** A job was queued. */
  notify(): void {
    this.#empty = false;
    if (!this.#closed) void this.pump();
  }

  /** Renews our leases, recovers other runners' expired ones, then fills free threads. */
  async tick(): Promise<void> {
    try {
      const now = Date.now();
      await this.repo.renewLeases([...this.#running.keys()], this.owner, now + this.settings.leaseMs);
      const { requeued, failed } = await this.repo.recoverLeases(now, MAX_ATTEMPTS, lostOutcome(), this.settings.retentionMs);
      if (requeued || failed) this.log.warn({ requeued, failed }, 'recovered recognition jobs of a lost worker');
      // jobs may also come from other processes sharing the table
      this.#empty = false;
    } catch (err) {
      this.log.warn({ err }, 'recognition job maintenance failed');
    }
    await this.pump();
  }

  async pump(): Promise<void> {
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = true;
    try {
      do {
        this.#again = false;
        while (!this.#closed && this.recognizer.free > 0 && this.#running.size < this.recognizer.threads) {
          const now = Date.now();
          const job = await this.repo.claimNext(this.owner, now + this.settings.leaseMs, now);
          this.#empty = !job;
          if (!job) break;
          this.#launch(job);
        }
      } while (this.#again && !this.#closed);
    } catch (err) {
      this.log.warn({ err }, 'could not take a recognition job from the queue');
    } finally {
      this.#pumping = false;
    }
  }

  #launch(job: ClaimedJob): void {
    const abort = new AbortController();
    const done = this.#execute(job, abort.signal).finally(() => {
      this.#running.delete(job.id);
      if (!this.#closed && !this.#empty) void this.pump();
    });
    this.#running.set(job.id, { attempt: job.attempts, abort, done });
  }

  async #execute(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    try {
      const attempt = await runJob(job, this.recognizer, { timeoutMs: this.settings.timeoutMs, signal });
      if ('lost' in attempt) {
        this.log.warn({ job: job.id, attempt: job.attempts, reason: attempt.lost }, 'recognition job lost its worker');
        if (job.attempts >= MAX_ATTEMPTS) await this.repo.finish(job.id, job.attempts, lostOutcome(), Date.now(), this.settings.retentionMs);
        else await this.repo.requeue(job.id, { attempt: job.attempts });
        return;
      }
      if (attempt.internal) this.log.error({ job: job.id, detail: attempt.internal }, 'recognition job failed on our side');
      const written = await this.repo.finish(job.id, job.attempts, attempt.outcome, Date.now(), this.settings.retentionMs);
      if (!written) this.log.warn({ job: job.id }, 'recognition job finished after its lease was lost; the later attempt decides');
    } catch (err) {
      if (signal.aborted) {
        // shutting down: the job goes back to the queue and this start does not count as a loss
        await this.repo.requeue(job.id, { attempt: job.attempts, refund: true }).catch(() => {});
        return;
      }
      // storage failed: the lease runs out and recovery retries the job
      this.log.error({ err, job: job.id }, 'recognition job could not be recorded');
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#unsubscribe?.();
    const running = [...this.#running.values()];
    for (const r of running) r.abort.abort(SHUTDOWN);
    await Promise.all(running.map((r) => r.done));
  }
}
