import { GatewayError } from '../errors';
import type { Storage } from '../store/db';
import { type Usage, queuedUsage } from '../store/job-usage';

/*
 * Quotas on queued work (issue 14, finding 4; docs/api.md "Asynchronous jobs"): caps on the
 * unfinished asynchronous jobs, and on the input bytes they keep stored, per token, per
 * application and for the whole deployment (every gateway shares the job table). Without them
 * 40 Async=true calls with 3 MB images left 34 jobs queued and grew the SQLite file to 108 MB.
 * A token or an application at its cap gets -1009 / 429 (its own limit); the deployment at its
 * cap gets -7 / 503 (the gateway is full, retry later). A cap of 0 is no cap.
 */

export interface JobQuotaSettings {
  jobs: number;
  bytes: number;
  appJobs: number;
  appBytes: number;
  tokenJobs: number;
  tokenBytes: number;
}

export interface JobOwner {
  appid: number;
  /** the token's out_code; null for appKey and signature calls */
  outCode: string | null;
}

const MIB = 1024 * 1024;

function over(used: Usage, bytes: number, maxJobs: number, maxBytes: number): string | undefined {
  if (maxJobs > 0 && used.jobs + 1 > maxJobs) return `${maxJobs} unfinished asynchronous jobs`;
  if (maxBytes > 0 && used.bytes + bytes > maxBytes) return `${Math.round(maxBytes / MIB)} MiB of queued input`;
  return undefined;
}

export type JobQuota = ReturnType<typeof jobQuota>;

export function jobQuota(storage: Storage, caps: JobQuotaSettings) {
  // admissions of this process one at a time, so its own concurrent calls cannot all pass the
  // check before any is recorded; other gateways can still overshoot a cap by their own one job
  let turn: Promise<unknown> = Promise.resolve();

  /** The refusal for `owner` adding a job of `bytes`, if any. */
  async function refusal(owner: JobOwner, bytes: number): Promise<GatewayError | undefined> {
    const used = await queuedUsage(storage, owner.appid, owner.outCode);
    const token = owner.outCode === null ? undefined : over(used.token, bytes, caps.tokenJobs, caps.tokenBytes);
    if (token) return new GatewayError('LIMITED', `this token already has ${token}; retry when some have finished`);
    const app = over(used.app, bytes, caps.appJobs, caps.appBytes);
    if (app) return new GatewayError('LIMITED', `this application already has ${app}`);
    const all = over(used.all, bytes, caps.jobs, caps.bytes);
    if (all) return new GatewayError('OVERLOADED', `the gateway already holds ${all}`);
    return undefined;
  }

  return {
    /**
     * Throws the refusal when no job of `owner` could be admitted whatever its size: called before
     * the input is fetched and decoded, so a caller at its cap costs no fetch and no decoding.
     */
    async precheck(owner: JobOwner): Promise<void> {
      const err = await refusal(owner, 1);
      if (err) throw err;
    },

    /**
     * Records a job of `bytes` input for `owner` through `accept` when every cap leaves room for
     * it, and throws the refusal otherwise.
     */
    admit<T>(owner: JobOwner, bytes: number, accept: () => Promise<T>): Promise<T> {
      const run = turn.then(async () => {
        const err = await refusal(owner, bytes);
        if (err) throw err;
        return accept();
      });
      turn = run.catch(() => {});
      return run;
    },
  };
}
