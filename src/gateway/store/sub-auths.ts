import { randomHex, sha256Hex } from '../auth/secrets';
import type { Db } from './db';
import { isUniqueViolation } from './errors';
import { PLAIN, type Sealer } from './sealed';
import type { SubAuthsTable } from './schema';

/** A sub-authorization as the gateway works with it; protocol/subauth.ts has the wire form. */
export interface SubAuth {
  appid: number;
  outCode: string;
  accessToken: string;
  permissions: string[];
  ipWhiteList: string[];
  rate: number;
  concurrency: number;
  endTime: number;
  remark: string;
  createTime: number;
}

export interface NewSubAuth {
  outCode: string;
  permissions: string[];
  ipWhiteList: string[];
  rate: number;
  concurrency: number;
  endTime: number;
  remark: string;
}

export type SubAuthPatch = Partial<Pick<SubAuth, 'permissions' | 'ipWhiteList' | 'rate' | 'concurrency' | 'remark'>>;

type Row = Omit<SubAuthsTable, 'id'> & { id: number };

function toSubAuth(r: Row, sealed: Sealer): SubAuth {
  return {
    appid: r.appid,
    outCode: r.out_code,
    accessToken: sealed.open(r.access_token, 'sub_auths.access_token'),
    permissions: r.permission_list === '' ? [] : r.permission_list.split(','),
    ipWhiteList: r.ip_white_list === '' ? [] : r.ip_white_list.split(','),
    rate: r.rate,
    concurrency: r.concurrency,
    endTime: r.end_time,
    remark: r.remark,
    createTime: r.create_time,
  };
}

/** Number of code points, which is how both SQLite and PostgreSQL count substr() positions. */
function codePoints(s: string): number {
  return [...s].length;
}

/**
 * Sub-authorizations: one per (appid, out_code), looked up by token hash on every token call. The
 * token's value is stored through `sealed` (sealed.ts), because 2141 returns it.
 */
export function subAuthsRepo(db: Db, sealed: Sealer = PLAIN) {
  const all = () => db.selectFrom('sub_auths').selectAll();
  const fromRow = (r: Row) => toSubAuth(r, sealed);

  return {
    /** Creates the token of an out_code; 'exists' when the out_code already has one. */
    async create(appid: number, s: NewSubAuth, now = Date.now()): Promise<SubAuth | 'exists'> {
      const accessToken = randomHex(16);
      try {
        const row = await db
          .insertInto('sub_auths')
          .values({
            appid,
            out_code: s.outCode,
            access_token: sealed.seal(accessToken, 'sub_auths.access_token'),
            token_hash: sha256Hex(accessToken),
            permission_list: s.permissions.join(','),
            ip_white_list: s.ipWhiteList.join(','),
            rate: s.rate,
            concurrency: s.concurrency,
            end_time: s.endTime,
            remark: s.remark,
            create_time: now,
            update_time: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return fromRow(row);
      } catch (e) {
        if (isUniqueViolation(e)) return 'exists';
        throw e;
      }
    },

    async get(appid: number, outCode: string): Promise<SubAuth | undefined> {
      const row = await all().where('appid', '=', appid).where('out_code', '=', outCode).executeTakeFirst();
      return row && fromRow(row);
    },

    /** The token's record and whether its application is active, in one query (the hot path). */
    async findByToken(token: string): Promise<(SubAuth & { appActive: boolean }) | undefined> {
      const row = await db
        .selectFrom('sub_auths')
        .innerJoin('applications', 'applications.appid', 'sub_auths.appid')
        .selectAll('sub_auths')
        .select('applications.disabled')
        .where('sub_auths.token_hash', '=', sha256Hex(token))
        .executeTakeFirst();
      return row && { ...fromRow(row), appActive: row.disabled === 0 };
    },

    async delete(appid: number, outCode: string): Promise<SubAuth | undefined> {
      const row = await db
        .deleteFrom('sub_auths')
        .where('appid', '=', appid)
        .where('out_code', '=', outCode)
        .returningAll()
        .executeTakeFirst();
      return row && fromRow(row);
    },

    /**
     * Extends validity in one statement (no read-modify-write race): `addMs` is added to the
     * current end, or to now when the token has already expired; `endTime` sets the end outright.
     */
    async extend(
      appid: number,
      outCode: string,
      by: { addMs: number } | { endTime: number },
      now = Date.now(),
    ): Promise<SubAuth | undefined> {
      const row = await db
        .updateTable('sub_auths')
        .set((eb) => ({
          end_time:
            'endTime' in by
              ? by.endTime
              : eb
                  .case()
                  .when('end_time', '>', now)
                  .then(eb('end_time', '+', by.addMs))
                  .else(now + by.addMs)
                  .end(),
          update_time: now,
        }))
        .where('appid', '=', appid)
        .where('out_code', '=', outCode)
        .returningAll()
        .executeTakeFirst();
      return row && fromRow(row);
    },

    /** Changes permissions and limits, never validity; undefined when the out_code has no token. */
    async update(appid: number, outCode: string, patch: SubAuthPatch, now = Date.now()): Promise<SubAuth | undefined> {
      const row = await db
        .updateTable('sub_auths')
        .set({
          ...(patch.permissions !== undefined && { permission_list: patch.permissions.join(',') }),
          ...(patch.ipWhiteList !== undefined && { ip_white_list: patch.ipWhiteList.join(',') }),
          ...(patch.rate !== undefined && { rate: patch.rate }),
          ...(patch.concurrency !== undefined && { concurrency: patch.concurrency }),
          ...(patch.remark !== undefined && { remark: patch.remark }),
          update_time: now,
        })
        .where('appid', '=', appid)
        .where('out_code', '=', outCode)
        .returningAll()
        .executeTakeFirst();
      return row && fromRow(row);
    },

    /** One page of an application's sub-authorizations, oldest first (stable while new ones are added). */
    async page(
      appid: number,
      q: { page: number; maxResult: number; outCodePrefix?: string; state?: 'valid' | 'expired' },
      now = Date.now(),
    ): Promise<{ total: number; rows: SubAuth[] }> {
      let base = db.selectFrom('sub_auths').where('appid', '=', appid);
      if (q.outCodePrefix) {
        const prefix = q.outCodePrefix;
        base = base.where((eb) => eb(eb.fn('substr', ['out_code', eb.lit(1), eb.val(codePoints(prefix))]), '=', prefix));
      }
      if (q.state === 'valid') base = base.where('end_time', '>', now);
      if (q.state === 'expired') base = base.where('end_time', '<=', now);
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('id')
        .limit(q.maxResult)
        .offset((q.page - 1) * q.maxResult)
        .execute();
      return { total: Number(n), rows: rows.map(fromRow) };
    },
  };
}

export type SubAuthsRepo = ReturnType<typeof subAuthsRepo>;
