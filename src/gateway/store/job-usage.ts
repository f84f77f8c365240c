import { sql } from 'kysely';
import type { Storage } from './db';

/** Unfinished jobs (queued or running: their input is stored) and the bytes of their inputs. */
export interface Usage {
  jobs: number;
  bytes: number;
}

export interface QueuedUsage {
  all: Usage;
  app: Usage;
  /** the jobs of one token (appid + out_code); zero when the caller has no token */
  token: Usage;
}

/**
 * What the job table holds unfinished, in all, for one application and for one of its tokens, in
 * one statement over the unfinished rows (few: the quotas bound them). `length(input)` reads the
 * stored size without the bytes in both SQLite and PostgreSQL.
 */
export async function queuedUsage({ db }: Storage, appid: number, outCode: string | null): Promise<QueuedUsage> {
  const size = sql<number>`coalesce(length(input), 0)`;
  const ofApp = sql<boolean>`appid = ${appid}`;
  const ofToken = outCode === null ? sql<boolean>`1 = 0` : sql<boolean>`appid = ${appid} AND out_code = ${outCode}`;
  const row = await db
    .selectFrom('recognition_jobs')
    .where('status', 'in', ['QUEUING', 'PROCESSING'])
    .select([
      sql<number>`count(*)`.as('jobs'),
      sql<number>`coalesce(sum(${size}), 0)`.as('bytes'),
      sql<number>`coalesce(sum(CASE WHEN ${ofApp} THEN 1 ELSE 0 END), 0)`.as('app_jobs'),
      sql<number>`coalesce(sum(CASE WHEN ${ofApp} THEN ${size} ELSE 0 END), 0)`.as('app_bytes'),
      sql<number>`coalesce(sum(CASE WHEN ${ofToken} THEN 1 ELSE 0 END), 0)`.as('token_jobs'),
      sql<number>`coalesce(sum(CASE WHEN ${ofToken} THEN ${size} ELSE 0 END), 0)`.as('token_bytes'),
    ])
    .executeTakeFirstOrThrow();
  return {
    all: { jobs: Number(row.jobs), bytes: Number(row.bytes) },
    app: { jobs: Number(row.app_jobs), bytes: Number(row.app_bytes) },
    token: { jobs: Number(row.token_jobs), bytes: Number(row.token_bytes) },
  };
}
