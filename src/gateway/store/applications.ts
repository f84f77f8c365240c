import { randomHex, sha256Hex } from '../auth/secrets';
import type { Db } from './db';

export interface Application {
  appid: number;
  name: string;
  secret: string;
  disabled: boolean;
  createdAt: number;
}

export interface NewApplication {
  appid: number;
  appKey: string;
  secret: string;
}

function toApplication(row: {
  appid: number;
  name: string;
  secret: string;
  disabled: number;
  created_at: number;
}): Application {
  return { appid: row.appid, name: row.name, secret: row.secret, disabled: row.disabled !== 0, createdAt: row.created_at };
}

/** Applications: the owners of appKeys, secrets and sub-authorizations. */
export function applicationsRepo(db: Db) {
  return {
    /** Creates an application; the appKey is returned here and never again (only its hash is kept). */
    async create(name: string, now = Date.now()): Promise<NewApplication> {
      const appKey = randomHex(16);
      const secret = randomHex(16);
      const row = await db
        .insertInto('applications')
        .values({ name, app_key_hash: sha256Hex(appKey), secret, disabled: 0, created_at: now })
        .returning('appid')
        .executeTakeFirstOrThrow();
      return { appid: Number(row.appid), appKey, secret };
    },

    async findByAppKey(appKey: string): Promise<Application | undefined> {
      const row = await db
        .selectFrom('applications')
        .select(['appid', 'name', 'secret', 'disabled', 'created_at'])
        .where('app_key_hash', '=', sha256Hex(appKey))
        .executeTakeFirst();
      return row && toApplication(row);
    },

    async findById(appid: number): Promise<Application | undefined> {
      const row = await db
        .selectFrom('applications')
        .select(['appid', 'name', 'secret', 'disabled', 'created_at'])
        .where('appid', '=', appid)
        .executeTakeFirst();
      return row && toApplication(row);
    },

    async list(): Promise<Omit<Application, 'secret'>[]> {
      const rows = await db
        .selectFrom('applications')
        .select(['appid', 'name', 'secret', 'disabled', 'created_at'])
        .orderBy('appid')
        .execute();
      return rows.map((r) => {
        const { secret: _secret, ...rest } = toApplication(r);
        return rest;
      });
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Returns false when there is no such application. */
    async setDisabled(appid: number, disabled: boolean): Promise<boolean> {
      const res = await db
        .updateTable('applications')
        .set({ disabled: disabled ? 1 : 0 })
        .where('appid', '=', appid)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Replaces the signing secret; undefined when there is no such application. */
    async rotateSecret(appid: number): Promise<string | undefined> {
      const secret = randomHex(16);
      const res = await db.updateTable('applications').set({ secret }).where('appid', '=', appid).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0 ? secret : undefined;
    },

    /** Replaces the appKey; undefined when there is no such application. */
    async rotateAppKey(appid: number): Promise<string | undefined> {
      const appKey = randomHex(16);
      const res = await db
        .updateTable('applications')
        .set({ app_key_hash: sha256Hex(appKey) })
        .where('appid', '=', appid)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0 ? appKey : undefined;
    },
  };
}

export type ApplicationsRepo = ReturnType<typeof applicationsRepo>;
