import type { JobOutcome, JobsRepo } from '../../src/gateway/store/jobs';

/** Ends waiting job `id` at `now` with `outcome` as a runner does: one start, then its outcome. */
export async function endJob(repo: JobsRepo, id: string, outcome: JobOutcome, now: number, retentionMs: number): Promise<void> {
  const started = await repo.claim(id, 'test', now, now);
  if (!started || !(await repo.finish(id, started.attempts, outcome, now, retentionMs))) throw new Error(`job ${id} was not waiting`);
}
