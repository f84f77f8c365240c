import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from '../config';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface Storage {
  db: Db;
  dialect: Dialect;
  /**
   * SQLite only: whether another connection (the admin command line, another process on the
   * same file) committed since the last call. Lets caches stay exact without a message bus.
   */
  changedElsewhere?: () => boolean;
  close(): Promise<void>;
}

// BIGINT columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares each query anew: on
 * the hot path that compile costs more than running the query. Compiled statements are reused per
 * SQL text (queries are parameterised, so the set of texts is small; the bound is a safety net).
 * Reuse is safe because Kysely runs statements synchronously and never iterates two at once.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        stmt = sqlite.prepare(sql);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

/**
 * The SQLite file holds application secrets and tokens (issue 14, finding 6): its directory, when
 * the gateway creates it, and the file are made readable by their owner only before SQLite opens
 * it (SQLite gives the -wal and -shm files it creates the file's mode). A file a looser umask or
 * an older release created is tightened; an existing directory is left as the operator made it.
 */
function ownerOnly(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((fs.statSync(f).mode & 0o077) !== 0) fs.chmodSync(f, 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}

/**
 * Opens the store named by DATABASE_URL (a file path for embedded SQLite, postgres://... for
 * PostgreSQL) and brings its schema up to date.
 */
export async function openStorage(url: string, opts: { poolSize?: number } = {}): Promise<Storage> {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 10,
      // fail fast when the database is down instead of queueing callers behind a dead pool
      connectionTimeoutMillis: 3000,
      // a database that stops answering (frozen, cut off by the network) would otherwise hold
      // every caller forever on a connection it already has: they get -1 instead. Far above any
      // statement of the request path (milliseconds) and of a postal import (a second or two)
      query_timeout: 10_000,
      idleTimeoutMillis: 30_000,
    });
    // an idle client losing its connection must not crash the process; the pool replaces it
    pool.on('error', () => {});
    // nor a checked-out one between queries (pg-pool drops its own listener on checkout): the
    // loss fails that client's next query, and the pool discards it on release
    // (test/gateway/store/pg-connection-lost.test.ts)
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await migrateToLatest(db, 'postgres');
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (url !== ':memory:') ownerOnly(path.resolve(url));
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  await migrateToLatest(db, 'sqlite');
  // data_version changes only when another connection commits (https://sqlite.org/pragma.html#pragma_data_version)
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  const changedElsewhere = () => {
    const now = dataVersion.get();
    if (now === seen) return false;
    seen = now;
    return true;
  };
  return { db, dialect: 'sqlite', changedElsewhere, close: () => db.destroy() };
}
