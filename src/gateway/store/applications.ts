import { randomHex, sha256Hex } from '../auth/secrets';
import type { Db } from './db';
import { PLAIN, type Sealer } from './sealed';

export interface Application {
  appid: number;
  name: string;
  secret: string;
  disabled: boolean;
  /** accepts the ShowAPI-compatible md5/hmac signatures besides hmac-sha256 (DESIGN.md §2) */
  legacySignature: boolean;
  createdAt: number;
}

export interface NewApplication {
  appid: number;
  appKey: string;
  secret: string;
}

type Row = {
  appid: number;
  name: string;
  secret: string;
  disabled: number;
  legacy_signature: number;
  created_at: number;
};

function toApplication(row: Row, sealed: Sealer): Application {
  return {
    appid: row.appid,
    name: row.name,
    secret: sealed.open(row.secret, 'applications.secret'),
    disabled: row.disabled !== 0,
    legacySignature: row.legacy_signature !== 0,
    createdAt: row.created_at,
  };
}

const COLUMNS = ['appid', 'name', 'secret', 'disabled', 'legacy_signature', 'created_at'] as const;

/**
 * Applications: the owners of appKeys, secrets and sub-authorizations. Secrets are stored through
 * `sealed` (sealed.ts: encrypted when SECRETS_KEY is set).
 */
export function applicationsRepo(db: Db, sealed: Sealer = PLAIN) {
  /** One 0/1 column of one application; false when there is no such application. */
  async function setFlag(appid: number, column: 'disabled' | 'legacy_signature', on: boolean): Promise<boolean> {
    const res = await db
      .updateTable('applications')
      .set({ [column]: on ? 1 : 0 })
      .where('appid', '=', appid)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  return {
    /** Creates an application; the appKey is returned here and never again (only its hash is kept). */
    async create(name: string, now = Date.now()): Promise<NewApplication> {
      const appKey = randomHex(16);
      const secret = randomHex(16);
      const row = await db
        .insertInto('applications')
        .values({ name, app_key_hash: sha256Hex(appKey), secret: sealed.seal(secret, 'applications.secret'), disabled: 0, created_at: now })
        .returning('appid')
        .executeTakeFirstOrThrow();
      return { appid: Number(row.appid), appKey, secret };
    },

    async findByAppKey(appKey: string): Promise<Application | undefined> {
      const row = await db
        .selectFrom('applications')
        .select(COLUMNS)
        .where('app_key_hash', '=', sha256Hex(appKey))
        .executeTakeFirst();
      return row && toApplication(row, sealed);
    },

    async findById(appid: number): Promise<Application | undefined> {
      const row = await db
        .selectFrom('applications')
        .select(COLUMNS)
        .where('appid', '=', appid)
        .executeTakeFirst();
      return row && toApplication(row, sealed);
    },

    async list(): Promise<Omit<Application, 'secret'>[]> {
      const rows = await db
        .selectFrom('applications')
        .select(['appid', 'name', 'disabled', 'legacy_signature', 'created_at'])
        .orderBy('appid')
        .execute();
      return rows.map((r) => {
        const { secret: _secret, ...rest } = toApplication({ ...r, secret: '' }, sealed);
        return rest;
      });
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Returns false when there is no such application. */
    setDisabled: (appid: number, disabled: boolean) => setFlag(appid, 'disabled', disabled),

    /** Turns the ShowAPI-compatible signatures on or off; false when there is no such application. */
    setLegacySignature: (appid: number, on: boolean) => setFlag(appid, 'legacy_signature', on),

    /** Replaces the signing secret; undefined when there is no such application. */
    async rotateSecret(appid: number): Promise<string | undefined> {
      const secret = randomHex(16);
      const res = await db
        .updateTable('applications')
        .set({ secret: sealed.seal(secret, 'applications.secret') })
        .where('appid', '=', appid)
        .executeTakeFirst();
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
