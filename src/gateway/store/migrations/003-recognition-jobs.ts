import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../db';

/*
 * Asynchronous recognition jobs (DESIGN.md §5, read back through 2582-16). The row is the
 * record of the job, its input bytes included, so a restart or a lost Redis loses nothing;
 * BullMQ only carries the id. The input is cleared once the job has finished; the row goes when
 * it expires.
 */

export function m003RecognitionJobs(dialect: Dialect): Migration {
  const bytes = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('recognition_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('appid', 'integer', (c) => c.notNull())
        .addColumn('out_code', 'text')
        .addColumn('point', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('input', bytes)
        .addColumn('result', 'text')
        .addColumn('ret_code', 'integer')
        .addColumn('remark', 'text')
        .addColumn('error_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('owner', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .execute();
      // the in-process queue takes the oldest QUEUING row; recovery scans PROCESSING rows
      await db.schema.createIndex('recognition_jobs_status').on('recognition_jobs').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('recognition_jobs_expires').on('recognition_jobs').column('expires_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('recognition_jobs').execute();
    },
  };
}
