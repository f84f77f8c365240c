import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

/*
 * PostgreSQL and Redis for tests. On a developer machine without them the tests that need them
 * skip and say so; in CI (CI=true) they are required, so a missing service fails the run instead
 * of silently testing less.
 */

const PG_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const inCi = process.env.CI === 'true';

async function reachable(check: () => Promise<unknown>, what: string): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (e) {
    if (inCi) throw new Error(`${what} is required in CI but unreachable: ${(e as Error).message}`);
    console.warn(`[skip] ${what} unreachable (${(e as Error).message}); its tests are skipped`);
    return false;
  }
}

/** Connects to PostgreSQL at `url` and leaves; rejects when it does not answer within 2 s. */
export async function pingPostgres(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await c.connect();
  await c.end();
}

/** Connects to Redis at `url` and pings it; rejects when it does not answer within 2 s. */
export async function pingRedis(url: string): Promise<void> {
  const r = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
  } finally {
    r.disconnect();
  }
}

let pgState: Promise<boolean> | undefined;
export function postgresAvailable(): Promise<boolean> {
  pgState ??= reachable(() => pingPostgres(PG_ADMIN_URL), `PostgreSQL at ${PG_ADMIN_URL}`);
  return pgState;
}

let redisState: Promise<boolean> | undefined;
export function redisAvailable(): Promise<boolean> {
  redisState ??= reachable(() => pingRedis(REDIS_URL), `Redis at ${REDIS_URL}`);
  return redisState;
}

export function testRedisUrl(): string {
  return REDIS_URL;
}

/** A fresh, empty PostgreSQL database for one test file; `drop()` removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gw_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** false when the service is not reachable here: use describe.skipIf(!backend.available) */
  available: boolean;
  url: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh SQLite file and a fresh PostgreSQL database (marked unavailable when PostgreSQL cannot
 * be reached, so its tests show up as skipped rather than vanishing).
 */
export async function storageBackends(): Promise<Backend[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-store-'));
  const sqlite: Backend = {
    name: 'sqlite',
    available: true,
    url: path.join(dir, 'gateway.db'),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
  if (!(await postgresAvailable())) return [sqlite, { name: 'postgres', available: false, url: '', cleanup: async () => {} }];
  const db = await createTestDatabase();
  return [sqlite, { name: 'postgres', available: true, url: db.url, cleanup: db.drop }];
}
