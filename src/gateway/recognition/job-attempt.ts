import { codes } from '../../protocol/codes';
import { GatewayError } from '../errors';
import { businessOf, failureError } from './outcome';
import type { LocalRecognizer } from './threads';
import type { ClaimedJob, JobOutcome } from '../store/jobs';

/*
 * One attempt of an asynchronous job on this process' threads, whichever queue delivered it.
 * The outcome maps onto the job states of DESIGN.md §5; a worker thread dying under the task is
 * not an outcome but a lost attempt, which the runner retries (at most 3 starts in all).
 */

/** Starts of one job before it ends LIMIT_RETRY_FAILED (DESIGN.md §5: "worker lost 3 times"). */
export const MAX_ATTEMPTS = 3;

/** `internal`: what went wrong on our side, for the log (the caller reads only "internal error"). */
export type Attempt = { outcome: JobOutcome; internal?: string } | { lost: string };

export function lostOutcome(times = MAX_ATTEMPTS): JobOutcome {
  return { status: 'LIMIT_RETRY_FAILED', code: codes.INTERNAL.code, remark: `recognition worker lost ${times} times` };
}

export async function runJob(job: ClaimedJob, recognizer: LocalRecognizer, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<Attempt> {
  const task = { kind: job.kind, bytes: job.input, options: job.options };
  const run = await recognizer.run(task, opts);
  if (run.ok) {
    const { retCode, remark } = businessOf(run.extracted);
    return { outcome: { status: 'PROCESS_SUCCESS', result: JSON.stringify(run.extracted.data), retCode, remark } };
  }
  const { failure } = run;
  if (failure.kind === 'lost') return { lost: failure.detail };
  if (failure.kind === 'timeout') {
    return { outcome: { status: 'TIMEOUT_FAILED', code: codes.TIMEOUT.code, remark: `recognition ran longer than ${opts.timeoutMs / 1000} s` } };
  }
  // the reason a caller reads in Result is what a synchronous call would have said
  const err = failure.kind === 'internal' ? new GatewayError('INTERNAL') : failureError(failure, opts.timeoutMs);
  const outcome: JobOutcome = { status: 'PROCESS_FAILED', code: err.code, remark: err.message };
  return failure.kind === 'internal' ? { outcome, internal: failure.detail } : { outcome };
}
