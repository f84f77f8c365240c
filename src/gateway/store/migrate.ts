import { type Kysely, type Migration, Migrator } from 'kysely';
import type { Dialect } from './db';
import { m001Init } from './migrations/001-init';
import { m002Postal } from './migrations/002-postal';
import { m003RecognitionJobs } from './migrations/003-recognition-jobs';
import { m004Signatures } from './migrations/004-signatures';

/**
 * Migrations are code (no directory scanning), listed in order. Each takes the dialect because
 * auto-increment keys are spelled differently in SQLite and PostgreSQL.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-init': m001Init(dialect),
    '002-postal': m002Postal(dialect),
    '003-recognition-jobs': m003RecognitionJobs(dialect),
    '004-signatures': m004Signatures(),
  };
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
