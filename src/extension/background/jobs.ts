import type { JobStatus } from '../../protocol/points/2582-16';
import { appErr } from '../lib/errors';
import type { Outcome } from '../../protocol/messages';
import type { GatewayClient } from './gateway';

/*
 * Waits for an asynchronous recognition (Async=true, DESIGN.md §5) by polling 2582-16 until the
 * job succeeds or fails. Results are kept 30 minutes on the gateway, so a poll resumed after the
 * service worker restarted still finds them.
 */

export interface PollOptions {
  intervalMs?: number;
  /** give up after this long; jobs run at most 60 s on the gateway, queues add to that */
  timeoutMs?: number;
  onStatus?: (status: JobStatus) => Promise<void> | void;
  /** called before each wait; the background makes an extension API call there (see recognize.ts) */
  heartbeat?: () => Promise<unknown> | void;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The parsed `Result` JSON of a successful job, or why there is none. */
export async function pollJob(client: GatewayClient, jobId: string, opts: PollOptions = {}): Promise<Outcome<unknown>> {
  const interval = opts.intervalMs ?? 1500;
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  const sleep = opts.sleep ?? defaultSleep;
  let last: JobStatus | undefined;
  for (;;) {
    const res = await client.call('2582-16', { JobId: jobId, ds_id: 'local' });
    if (!res.ok) return res;
    // no Data: the gateway no longer knows the job (results are kept 30 minutes)
    if (!('Data' in res.value)) return { ok: false, error: appErr('err_job_unknown') };
    const { Status: status, Result: result } = res.value.Data;
    if (status !== last) {
      last = status;
      await opts.onStatus?.(status);
    }
    switch (status) {
      case 'PROCESS_SUCCESS':
        try {
          return { ok: true, value: JSON.parse(result) };
        } catch {
          return { ok: false, error: { ...appErr('err_bad_response'), detail: 'Result is not JSON' } };
        }
      case 'PROCESS_FAILED':
        return { ok: false, error: appErr('err_job_failed', result || status) };
      case 'TIMEOUT_FAILED':
        return { ok: false, error: appErr('err_job_timeout') };
      case 'LIMIT_RETRY_FAILED':
        return { ok: false, error: appErr('err_job_lost') };
      case 'QUEUING':
      case 'PROCESSING':
        break;
    }
    if (Date.now() + interval > deadline) return { ok: false, error: appErr('err_job_expired') };
    await opts.heartbeat?.();
    await sleep(interval);
  }
}
