import type { Storage } from '../store/db';
import type { JobsRepo } from '../store/jobs';

/*
 * Figures for /metrics about asynchronous jobs. Two views: what this process did (starts and
 * endings it wrote, counted as the queues write them, whichever queue), and what the job table
 * holds now for every process sharing it (unfinished jobs, and finished ones still kept for
 * reading).
 */

export interface JobCounters {
  /** attempts started here */
  started: number;
  /** jobs this process ended, by final state */
  finished: Map<string, number>;
}

/**
 * The job table as the queues use it, counting the starts and endings that took effect (a write
 * that lost to another attempt counts nothing).
 */
export function countingRepo(repo: JobsRepo, counters: JobCounters): JobsRepo {
  const ended = (status: string, n = 1) => counters.finished.set(status, (counters.finished.get(status) ?? 0) + n);
  return {
    ...repo,
    async claimNext(...args) {
      const job = await repo.claimNext(...args);
      if (job) counters.started++;
      return job;
    },
    async claimDelivered(...args) {
      const job = await repo.claimDelivered(...args);
      if (job) counters.started++;
      return job;
    },
    async finish(id, attempt, outcome, now, retentionMs) {
      const written = await repo.finish(id, attempt, outcome, now, retentionMs);
      if (written) ended(outcome.status);
      return written;
    },
    async end(id, outcome, now, retentionMs) {
      const written = await repo.end(id, outcome, now, retentionMs);
      if (written) ended(outcome.status);
      return written;
    },
    async recoverLeases(now, maxAttempts, lost, retentionMs) {
      const r = await repo.recoverLeases(now, maxAttempts, lost, retentionMs);
      if (r.failed) ended(lost.status, r.failed);
      return r;
    },
  };
}

/** Rows of the job table by status, across every process sharing it. */
export async function jobsByStatus({ db }: Storage): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('recognition_jobs')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
