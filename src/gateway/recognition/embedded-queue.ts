import type { DocumentTask } from '../../ocr/runtime/task';
import type { JobsRepo, NewJob } from '../store/jobs';
import type { JobQueue, JobSettings, RuntimeLog } from './job-queue';
import type { JobRunner } from './job-runner';
import type { LocalRecognizer, RunResult } from './threads';

/*
 * The embedded queue (no REDIS_URL): synchronous calls run on this process' threads, and the job
 * table is the queue. A thread coming free claims the oldest waiting job (job-runner.ts keeps its
 * lease); a job submitted here is taken at once, one submitted by a sibling gateway on the same
 * PostgreSQL at the next upkeep. Synchronous calls are not held up by jobs: a job is claimed only
 * when a thread is free and nobody waits in line for one, so at most `threads` jobs are in the pool.
 */

export class EmbeddedJobQueue implements JobQueue {
  readonly name = 'in-process';
  #pumping = false;
  #again = false;
  #consuming = false;
  #closed = false;
  /** the last look found nothing queued: a thread coming free need not look again */
  #empty = false;
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly repo: JobsRepo,
    private readonly runner: JobRunner,
    private readonly threads: LocalRecognizer,
    private readonly settings: JobSettings,
    private readonly log: RuntimeLog,
  ) {}

  async start(): Promise<void> {
    await this.#tick();
    // renewals must land well inside the lease, recovery only needs to be prompt
    this.#timer = setInterval(() => void this.#tick(), Math.max(50, this.settings.leaseMs / 3));
    this.#timer.unref();
  }

  consume(): void {
    this.#consuming = true;
    this.#unsubscribe = this.threads.onFree(() => {
      if (!this.#empty) void this.#pump();
    });
    void this.#pump();
  }

  recognize(task: DocumentTask, timeoutMs: number, signal: AbortSignal): Promise<RunResult> {
    return this.threads.runOrShed(task, { timeoutMs, signal });
  }

  async submit(job: NewJob): Promise<void> {
    await this.repo.insert(job, Date.now());
    this.#empty = false;
    void this.#pump();
  }

  /** Renews our leases, recovers lost runners' jobs, then fills free threads. */
  async #tick(): Promise<void> {
    try {
      await this.runner.upkeep();
      // jobs may also come from other processes sharing the table
      this.#empty = false;
    } catch (err) {
      this.log.warn({ err }, 'recognition job maintenance failed');
    }
    await this.#pump();
  }

  async #pump(): Promise<void> {
    if (!this.#consuming) return;
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = true;
    try {
      do {
        this.#again = false;
        while (!this.#closed && this.threads.free > 0 && this.runner.running < this.threads.threads) {
          const job = await this.runner.claim();
          this.#empty = !job;
          if (!job) break;
          void this.runner.run(job, this.threads).then((ending) => {
            if (ending === 'requeued') this.#empty = false;
            if (!this.#closed && !this.#empty) void this.#pump();
          });
        }
      } while (this.#again && !this.#closed);
    } catch (err) {
      this.log.warn({ err }, 'could not take a recognition job from the queue');
    } finally {
      this.#pumping = false;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#unsubscribe?.();
    await this.runner.close();
  }
}
