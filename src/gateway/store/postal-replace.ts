import { CompiledQuery, type Kysely, sql } from 'kysely';
import { stem } from '../postal/names';
import type { Storage } from './db';
import type { NewPostalRow } from './postal';
import type { Database, PostalRegionsTable } from './schema';

/*
 * The atomic replacement of the postal data set, in two phases on one connection:
 *
 * 1. Staging: rows stream into a TEMP table, which belongs to this connection alone. On SQLite a
 *    temp table lives in its own database file, so reading and parsing the CSV (most of an
 *    import's time) holds no lock on the store: other processes keep writing (audit, tokens).
 *    better-sqlite3 waits for a lock synchronously, stalling the waiter's event loop, so a
 *    gateway must not wait behind a whole import.
 * 2. Swap: one short transaction deletes the old rows, copies the staged ones, derives
 *    postal_areas and records the import. Readers (SQLite WAL, PostgreSQL MVCC) see the previous
 *    data until its commit; any failure, the process dying included, rolls back to it.
 *
 * The temp table disappears with the session, so a killed import leaves nothing behind.
 */

export interface ReplaceMeta {
  source: string;
  /** read at the end: the number of rows skipped is known only once the file is read */
  skipped: () => number;
}

export interface ReplaceHooks {
  /** called after each staged batch with the number of rows staged so far */
  onStaged?(rows: number): void;
  /** runs inside the swap transaction, before the commit; a throw rolls the swap back (tests) */
  beforeCommit?(): Promise<void>;
}

type Staging = Database & { postal_staging: PostalRegionsTable };

const COLUMNS = [
  'seq',
  'code',
  'province',
  'city',
  'area',
  'county',
  'province_norm',
  'city_norm',
  'area_norm',
  'county_norm',
] as const satisfies readonly (keyof PostalRegionsTable)[];
const AREA_GROUP = ['province', 'city', 'area', 'code', 'province_norm', 'city_norm', 'area_norm'] as const;

/** Streams `batches` into the staging table; returns the number of rows. */
async function stage(conn: Kysely<Staging>, batches: AsyncIterable<NewPostalRow[]>, hooks: ReplaceHooks): Promise<number> {
  let seq = 0;
  // names repeat (33 provinces, ~2,900 areas for 40k rows): each stem is computed once
  const stems = new Map<string, string>();
  const stemOf = (name: string) => stems.get(name) ?? stems.set(name, stem(name)).get(name)!;
  // the INSERT text depends only on the batch length: build it once per length, not per batch
  const statements = new Map<number, string>();
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    const rows = batch.map((r) => ({
      seq: ++seq,
      code: r.code,
      province: r.province,
      city: r.city,
      area: r.area,
      county: r.county,
      province_norm: stemOf(r.province),
      city_norm: stemOf(r.city),
      area_norm: stemOf(r.area),
      county_norm: stemOf(r.county),
    }));
    let text = statements.get(rows.length);
    if (text === undefined) {
      text = conn.insertInto('postal_staging').values(rows).compile().sql;
      statements.set(rows.length, text);
    }
    // values in COLUMNS order, the key order of the objects above
    await conn.executeQuery(CompiledQuery.raw(text, rows.flatMap((r) => COLUMNS.map((c) => r[c]))));
    hooks.onStaged?.(seq);
  }
  return seq;
}

export async function replacePostalData(
  storage: Storage,
  batches: AsyncIterable<NewPostalRow[]>,
  meta: ReplaceMeta,
  hooks: ReplaceHooks = {},
  now = Date.now(),
): Promise<number> {
  const rows = await storage.db.connection().execute(async (db) => {
    const conn = db.withTables<{ postal_staging: PostalRegionsTable }>();
    await sql`drop table if exists postal_staging`.execute(conn);
    await sql`create temp table postal_staging (
      seq integer not null, code text not null, province text not null, city text not null,
      area text not null, county text not null, province_norm text not null, city_norm text not null,
      area_norm text not null, county_norm text not null)`.execute(conn);
    try {
      const staged = await stage(conn, batches, hooks);
      await conn.transaction().execute(async (trx) => {
        // concurrent imports queue here instead of interleaving their rows; readers are not blocked
        if (storage.dialect === 'postgres') await sql`lock table postal_regions in exclusive mode`.execute(trx);
        await trx.deleteFrom('postal_regions').execute();
        await trx.deleteFrom('postal_areas').execute();
        await trx
          .insertInto('postal_regions')
          .columns([...COLUMNS])
          .expression((eb) => eb.selectFrom('postal_staging').select([...COLUMNS]))
          .execute();
        await trx
          .insertInto('postal_areas')
          .columns(['seq', ...AREA_GROUP])
          .expression((eb) =>
            eb
              .selectFrom('postal_regions')
              .select((s) => [s.fn.min<number>('seq').as('seq'), ...AREA_GROUP])
              .groupBy([...AREA_GROUP]),
          )
          .execute();
        // imported_at is also the data version lookup caches compare (postal/cache.ts): it must
        // change with every import, even two within one millisecond
        const previous = await trx.selectFrom('postal_meta').select('imported_at').where('id', '=', 1).executeTakeFirst();
        const importedAt = Math.max(now, Number(previous?.imported_at ?? 0) + 1);
        await trx.deleteFrom('postal_meta').execute();
        await trx
          .insertInto('postal_meta')
          .values({ id: 1, source: meta.source, rows: staged, skipped: meta.skipped(), imported_at: importedAt })
          .execute();
        await hooks.beforeCommit?.();
      });
      return staged;
    } finally {
      // best effort: a broken connection takes its temp table with it anyway
      await sql`drop table if exists postal_staging`.execute(conn).catch(() => {});
    }
  });
  // fresh statistics let the planners pick the narrowest name index; a failure here costs speed only
  if (storage.dialect === 'sqlite') await sql`pragma analysis_limit = 1000`.execute(storage.db);
  await sql`analyze postal_regions`.execute(storage.db).catch(() => {});
  await sql`analyze postal_areas`.execute(storage.db).catch(() => {});
  return rows;
}
