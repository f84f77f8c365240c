import type { JobStatus } from '../../protocol/points/2582-16';
import type { ExpressionBuilder } from 'kysely';
import type { Storage } from './db';
import type { Database } from './schema';

/*
 * Recognition job rows (DESIGN.md §5, docs/recognition-runtime.md). Every state change is one
 * conditional UPDATE, so several processes can share the table: `attempts` is bumped by each
 * start and doubles as a fencing token, so a worker that lost its job (lease expired, BullMQ
 * stall) and comes back late cannot overwrite what the next attempt wrote.
 */

export interface NewJob {
  id: string;
  appid: number;
  outCode: string | null;
  point: string;
  kind: string;
  /** the kind's options (DocumentOptions), kept as JSON; the worker parses them with the kind's schema */
  options: unknown;
  input: Uint8Array;
}

/** What a worker needs to run a job it has claimed. */
export interface ClaimedJob {
  id: string;
  kind: string;
  options: unknown;
  input: Uint8Array;
  attempts: number;
}

export type FailedStatus = Exclude<JobStatus, 'QUEUING' | 'PROCESSING' | 'PROCESS_SUCCESS'>;

/**
 * How a job ended: the Data as JSON with the ret_code and remark a synchronous call would have
 * had, or the gateway code and reason of the failure.
 */
export type JobOutcome =
  | { status: 'PROCESS_SUCCESS'; result: string; retCode: number; remark: string }
  | { status: FailedStatus; code: number; remark: string };

export interface JobView {
  id: string;
  status: JobStatus;
  attempts: number;
  result: string | null;
  ret_code: number | null;
  remark: string | null;
  error_code: number | null;
  error: string | null;
}

const FINAL: readonly JobStatus[] = ['PROCESS_SUCCESS', 'PROCESS_FAILED', 'TIMEOUT_FAILED', 'LIMIT_RETRY_FAILED'];
const VIEW = ['id', 'status', 'attempts', 'result', 'ret_code', 'remark', 'error_code', 'error'] as const;
const CLAIMED = ['id', 'kind', 'options', 'input', 'attempts'] as const;

export function isFinal(status: string): boolean {
  return (FINAL as readonly string[]).includes(status);
}

function toClaimed(row: { id: string; kind: string; options: string; input: Uint8Array | null; attempts: number }): ClaimedJob {
  return { ...row, options: JSON.parse(row.options), input: row.input ?? new Uint8Array() };
}

/** Columns written when a job ends, whatever the way: the input is dropped, the clock for expiry starts. */
function ending(outcome: JobOutcome, now: number, retentionMs: number) {
  const ok = outcome.status === 'PROCESS_SUCCESS';
  return {
    status: outcome.status,
    result: ok ? outcome.result : null,
    ret_code: ok ? outcome.retCode : null,
    remark: ok ? outcome.remark : null,
    error_code: ok ? null : outcome.code,
    error: ok ? null : outcome.remark,
    input: null,
    owner: null,
    lease_until: null,
    finished_at: now,
    expires_at: now + retentionMs,
  };
}

export function jobsRepo({ db, dialect }: Storage) {
  /** A start (attempts + 1) of the row `pick` selects, if it is still waiting, under `owner`'s lease. */
  async function start(owner: string, leaseUntil: number, now: number, pick: 'next' | { id: string }): Promise<ClaimedJob | undefined> {
    const row = await db
      .updateTable('recognition_jobs')
      .set((eb) => ({ status: 'PROCESSING', attempts: eb('attempts', '+', 1), owner, lease_until: leaseUntil, started_at: now }))
      .where('id', '=', (eb) =>
        pick === 'next'
          ? eb
              .selectFrom('recognition_jobs')
              .select('id')
              .where('status', '=', 'QUEUING')
              .orderBy('created_at')
              .orderBy('id')
              .limit(1)
              // PostgreSQL: concurrent claimers skip each other's row instead of queueing on it
              .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked())
          : eb.val(pick.id),
      )
      .where('status', '=', 'QUEUING')
      .returning(CLAIMED)
      .executeTakeFirst();
    return row ? toClaimed(row) : undefined;
  }

  return {
    async insert(job: NewJob, now: number): Promise<void> {
      await db
        .insertInto('recognition_jobs')
        .values({
          id: job.id,
          appid: job.appid,
          out_code: job.outCode,
          point: job.point,
          kind: job.kind,
          options: JSON.stringify(job.options),
          status: 'QUEUING',
          attempts: 0,
          input: Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength),
          created_at: now,
          expires_at: null,
        })
        .execute();
    },

    /** A job as its application may see it; another application's job does not exist. */
    async readForApp(id: string, appid: number, now: number): Promise<JobView | undefined> {
      return (await db
        .selectFrom('recognition_jobs')
        .select(VIEW)
        .where('id', '=', id)
        .where('appid', '=', appid)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirst()) as JobView | undefined;
    },

    async read(id: string): Promise<JobView | undefined> {
      return (await db.selectFrom('recognition_jobs').select(VIEW).where('id', '=', id).executeTakeFirst()) as JobView | undefined;
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('recognition_jobs').where('id', '=', id).execute();
    },

    /** The oldest waiting job, leased to `owner` until `leaseUntil` (the embedded queue, and any runner with a free thread). */
    claimNext(owner: string, leaseUntil: number, now: number): Promise<ClaimedJob | undefined> {
      return start(owner, leaseUntil, now, 'next');
    },

    /** Job `id`, if it is still waiting (a doorbell of the Redis queue named it), leased likewise. */
    claim(id: string, owner: string, leaseUntil: number, now: number): Promise<ClaimedJob | undefined> {
      return start(owner, leaseUntil, now, { id });
    },

    async renewLeases(ids: string[], owner: string, leaseUntil: number): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('recognition_jobs').set({ lease_until: leaseUntil }).where('id', 'in', ids).where('owner', '=', owner).execute();
    },

    /** Records the end of the attempt `attempt`; false when that attempt no longer owns the job. */
    async finish(id: string, attempt: number, outcome: JobOutcome, now: number, retentionMs: number): Promise<boolean> {
      const r = await db
        .updateTable('recognition_jobs')
        .set(ending(outcome, now, retentionMs))
        .where('id', '=', id)
        .where('attempts', '=', attempt)
        .where('status', '=', 'PROCESSING')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /** Back to the queue: a graceful shutdown (`refund`: the attempt does not count) or a retry. */
    async requeue(id: string, opts: { attempt?: number; refund?: boolean } = {}): Promise<void> {
      await db
        .updateTable('recognition_jobs')
        .set((eb) => ({
          status: 'QUEUING',
          owner: null,
          lease_until: null,
          ...(opts.refund ? { attempts: eb('attempts', '-', 1) } : {}),
        }))
        .where('id', '=', id)
        .where('status', '=', 'PROCESSING')
        .$if(opts.attempt !== undefined, (qb) => qb.where('attempts', '=', opts.attempt!))
        .execute();
    },

    /**
     * Jobs whose runner stopped renewing its lease (its process died) go back to the queue, or end
     * as `lost` says once `maxAttempts` starts were lost. A running row without a lease was left
     * by a version whose BullMQ held the lock instead: it counts as expired.
     */
    async recoverLeases(now: number, maxAttempts: number, lost: JobOutcome, retentionMs: number): Promise<{ requeued: number; failed: number }> {
      const expired = (eb: ExpressionBuilder<Database, 'recognition_jobs'>) => eb.or([eb('lease_until', '<', now), eb('lease_until', 'is', null)]);
      const failed = await db
        .updateTable('recognition_jobs')
        .set(ending(lost, now, retentionMs))
        .where('status', '=', 'PROCESSING')
        .where(expired)
        .where('attempts', '>=', maxAttempts)
        .executeTakeFirst();
      const requeued = await db
        .updateTable('recognition_jobs')
        .set({ status: 'QUEUING', owner: null, lease_until: null })
        .where('status', '=', 'PROCESSING')
        .where(expired)
        .executeTakeFirst();
      return { requeued: Number(requeued.numUpdatedRows), failed: Number(failed.numUpdatedRows) };
    },

    /** Jobs waiting since before `before`, oldest first (the Redis queue rings for them again). */
    async waitingSince(before: number, limit: number): Promise<string[]> {
      const rows = await db.selectFrom('recognition_jobs').select('id').where('status', '=', 'QUEUING').where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
      return rows.map((r) => r.id);
    },

    /** Rows by status, every process' jobs (finished ones while they are kept). */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('recognition_jobs')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },

    /** Deletes expired rows; returns how many. */
    async sweep(now: number): Promise<number> {
      const r = await db.deleteFrom('recognition_jobs').where('expires_at', '<', now).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

export type JobsRepo = ReturnType<typeof jobsRepo>;
