import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../db';

/*
 * Postal code lookup (1917). postal_regions holds every imported row in file order (seq);
 * postal_areas is derived from it at import time, one row per distinct (province, city, area, code),
 * so 1917-2 without a street pages over a small table instead of grouping 40k rows per call.
 * The *_norm columns hold name stems (postal/names.ts), computed once at import.
 *
 * Names are compared by prefix with ranges (name >= q AND name < q || U+10FFFF). On PostgreSQL the
 * columns are COLLATE "C" so that order is code-point order, as in SQLite, and b-tree indexes
 * serve the ranges whatever the database's locale.
 */

const NAMES = ['province', 'city', 'area'] as const;

export function m002Postal(dialect: Dialect): Migration {
  const name = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('postal_regions')
        .addColumn('seq', 'integer', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('province', name, (c) => c.notNull())
        .addColumn('city', name, (c) => c.notNull())
        .addColumn('area', name, (c) => c.notNull())
        .addColumn('county', name, (c) => c.notNull())
        .addColumn('province_norm', name, (c) => c.notNull())
        .addColumn('city_norm', name, (c) => c.notNull())
        .addColumn('area_norm', name, (c) => c.notNull())
        .addColumn('county_norm', name, (c) => c.notNull())
        .execute();
      // 1917-1: rows of a code in file order, straight from the index
      await db.schema.createIndex('postal_regions_code').on('postal_regions').columns(['code', 'seq']).execute();
      // 1917-2 with a street name: the street narrows best; other names filter the few rows left
      await db.schema.createIndex('postal_regions_county').on('postal_regions').column('county').execute();
      await db.schema.createIndex('postal_regions_county_norm').on('postal_regions').column('county_norm').execute();

      await db.schema
        .createTable('postal_areas')
        .addColumn('seq', 'integer', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('province', name, (c) => c.notNull())
        .addColumn('city', name, (c) => c.notNull())
        .addColumn('area', name, (c) => c.notNull())
        .addColumn('province_norm', name, (c) => c.notNull())
        .addColumn('city_norm', name, (c) => c.notNull())
        .addColumn('area_norm', name, (c) => c.notNull())
        .execute();
      for (const n of NAMES) {
        await db.schema.createIndex(`postal_areas_${n}`).on('postal_areas').column(n).execute();
        await db.schema.createIndex(`postal_areas_${n}_norm`).on('postal_areas').column(`${n}_norm`).execute();
      }

      // one row (id 1) describing the data set in use, replaced with it
      await db.schema
        .createTable('postal_meta')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('rows', 'integer', (c) => c.notNull())
        .addColumn('skipped', 'integer', (c) => c.notNull())
        .addColumn('imported_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('postal_meta').execute();
      await db.schema.dropTable('postal_areas').execute();
      await db.schema.dropTable('postal_regions').execute();
    },
  };
}
