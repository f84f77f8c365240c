import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { VersionedLru } from '../postal/cache';
import { hasSuffix, prefixEnd, stem } from '../postal/names';
import type { Storage } from './db';
import { type ReplaceHooks, type ReplaceMeta, replacePostalData } from './postal-replace';
import type { Database } from './schema';

/*
 * Postal code data (1917): lookups by code and by region name, the atomic replacement of the whole
 * data set, and its statistics. Tables and indexes: migrations/002-postal.ts.
 */

export interface PostalRow {
  province: string;
  city: string;
  area: string;
  county: string;
  code: string;
}
export type NewPostalRow = PostalRow;

export interface RegionQuery {
  province?: string;
  city?: string;
  area?: string;
  county?: string;
}

export interface Paging {
  page: number;
  maxResult: number;
}

export interface PostalPage {
  total: number;
  rows: PostalRow[];
  /** 1917-2: the names matched only once their suffixes were set aside (广西省 → 广西壮族自治区) */
  bySuffixTolerance?: boolean;
}

export interface PostalStats {
  rows: number;
  areas: number;
  codes: number;
  provinces: number;
  source: string | null;
  skipped: number | null;
  importedAt: string | null;
}

type Table = 'postal_regions' | 'postal_areas';
type NameField = keyof RegionQuery;
const NAME_FIELDS: readonly NameField[] = ['province', 'city', 'area', 'county'];

/**
 * One name condition. Strict: the stored name starts with the query (北京 → 北京市). Tolerant, for a
 * query that carries a suffix: or the stems are equal (广西省 → 广西壮族自治区, 海淀县 → 海淀区).
 */
function nameMatch(eb: ExpressionBuilder<Database, Table>, field: NameField, q: string, tolerant: boolean): Expression<SqlBool> {
  const col = sql.ref<string>(field);
  const prefix = eb.and([eb(col, '>=', q), eb(col, '<', prefixEnd(q))]);
  if (!tolerant || !hasSuffix(q)) return prefix;
  return eb.or([prefix, eb(sql.ref<string>(`${field}_norm`), '=', stem(q))]);
}

function toRows(rows: { province: string; city: string; area: string; county?: string; code: string }[]): PostalRow[] {
  return rows.map((r) => ({ province: r.province, city: r.city, area: r.area, county: r.county ?? '', code: r.code }));
}

export function postalRepo(storage: Storage, opts: { cacheSize?: number } = {}) {
  const { db } = storage;
  const cache = new VersionedLru<PostalPage>(opts.cacheSize ?? 2000);
  // compiled once: this read runs on every lookup
  const versionQuery = db.selectFrom('postal_meta').select('imported_at').where('id', '=', 1).compile();

  /**
   * A page of `table` in file order and the number of matching rows. The count comes first
   * (from an index alone), so an empty answer or a page past the end costs no row reads; a
   * window count(*) over () in the page query instead measured twice as slow on SQLite.
   */
  async function page(
    table: Table,
    where: (eb: ExpressionBuilder<Database, Table>) => Expression<SqlBool>,
    p: Paging,
  ): Promise<PostalPage> {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow();
    const total = Number(n);
    const offset = (p.page - 1) * p.maxResult;
    if (offset >= total) return { total, rows: [] };
    const county = table === 'postal_regions' ? [sql.ref<string>('county').as('county')] : [];
    const rows = await db
      .selectFrom(table)
      .select(['province', 'city', 'area', 'code', ...county])
      .where(where)
      .orderBy('seq')
      .limit(p.maxResult)
      .offset(offset)
      .execute();
    return { total, rows: toRows(rows) };
  }

  /** `compute` through the cache, keyed by `key`, for the data version in the store now. */
  async function cached(key: string, compute: () => Promise<PostalPage>): Promise<PostalPage> {
    const row = (await db.executeQuery<{ imported_at: number | string }>(versionQuery)).rows[0];
    const version = row === undefined ? undefined : Number(row.imported_at);
    cache.sync(version);
    const hit = cache.get(key);
    if (hit) return hit;
    const found = await compute();
    cache.set(key, found, version);
    return found;
  }

  /**
   * 1917-2 without the cache: names as written are tried first, so 朝阳区 finds the two 朝阳区
   * and not 朝阳县; only when that finds nothing are suffixes set aside.
   */
  async function byRegion(q: RegionQuery, given: NameField[], p: Paging): Promise<PostalPage> {
    const table: Table = given.includes('county') ? 'postal_regions' : 'postal_areas';
    const where = (tolerant: boolean) => (eb: ExpressionBuilder<Database, Table>) =>
      eb.and(given.map((f) => nameMatch(eb, f, q[f]!, tolerant)));
    const strict = await page(table, where(false), p);
    if (strict.total > 0 || !given.some((f) => hasSuffix(q[f]!))) return strict;
    const tolerant = await page(table, where(true), p);
    return tolerant.total > 0 ? { ...tolerant, bySuffixTolerance: true } : strict;
  }

  return {
    /** 1917-1: every imported row that carries `code`, in file order. */
    byCode(code: string, p: Paging): Promise<PostalPage> {
      return cached(`1|${code}|${p.page}|${p.maxResult}`, () => page('postal_regions', (eb) => eb('code', '=', code), p));
    },

    /**
     * 1917-2: regions whose names match every given field. Without a street name, one row per
     * distinct (province, city, area, code); with one, one row per street.
     */
    byRegion(q: RegionQuery, p: Paging): Promise<PostalPage> {
      const given = NAME_FIELDS.filter((f) => q[f] !== undefined && q[f] !== '');
      const key = JSON.stringify(['2', ...given.map((f) => [f, q[f]]), p.page, p.maxResult]);
      return cached(key, () => byRegion(q, given, p));
    },

    /** True when no data set has been imported (lookups then say so instead of "not found"). */
    async isEmpty(): Promise<boolean> {
      return (await db.selectFrom('postal_regions').select('seq').limit(1).executeTakeFirst()) === undefined;
    },

    /** Replaces the whole data set atomically; see postal-replace.ts. */
    replaceAll(batches: AsyncIterable<NewPostalRow[]>, meta: ReplaceMeta, hooks?: ReplaceHooks): Promise<number> {
      return replacePostalData(storage, batches, meta, hooks);
    },

    async stats(): Promise<PostalStats> {
      const count = async (table: Table, expr: 'rows' | 'code' | 'province') => {
        const { n } = await db
          .selectFrom(table)
          .select((eb) => (expr === 'rows' ? eb.fn.countAll<number | string>() : eb.fn.count<number | string>(expr).distinct()).as('n'))
          .executeTakeFirstOrThrow();
        return Number(n);
      };
      const meta = await db.selectFrom('postal_meta').selectAll().where('id', '=', 1).executeTakeFirst();
      return {
        rows: await count('postal_regions', 'rows'),
        areas: await count('postal_areas', 'rows'),
        codes: await count('postal_areas', 'code'),
        provinces: await count('postal_areas', 'province'),
        source: meta?.source ?? null,
        skipped: meta?.skipped ?? null,
        importedAt: meta ? new Date(Number(meta.imported_at)).toISOString() : null,
      };
    },
  };
}

export type PostalRepo = ReturnType<typeof postalRepo>;
