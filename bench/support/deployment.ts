import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { importPostalFile } from '../../src/gateway/postal/import';
import { applicationsRepo } from '../../src/gateway/store/applications';
import { openStorage } from '../../src/gateway/store/db';
import { postalRepo } from '../../src/gateway/store/postal';
import { subAuthsRepo } from '../../src/gateway/store/sub-auths';
import { pingPostgres, pingRedis } from '../../test/support/services';
import { registerChineseFont, renderDocument } from '../../test/support/synth/index';
import { repoRoot, startProcess } from './processes';

/*
 * The deployment `npm run bench:load` measures, as real processes: gateways as `npm start` runs
 * them and workers as `npm run worker` does, on a scratch PostgreSQL database and a Redis key
 * prefix of their own (both removed afterwards). Without PostgreSQL or Redis it falls back to one
 * SQLite file and in-process limits, each gateway reading with a thread of its own, and says so.
 */

export interface Backend {
  /** what the figures were measured on, for the report */
  describe: string;
  shared: boolean;
  databaseUrl: string;
  env: Record<string, string>;
  drop(): Promise<void>;
}

const PG_ADMIN = process.env.LOAD_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379';

const reachable = (check: Promise<void>) => check.then(() => true, () => false);

/** `tag` tells apart two backends of one bench (a baseline checkout's, with its own migrations). */
export async function chooseBackend(tag = ''): Promise<Backend> {
  const [pgUp, redisUp] = await Promise.all([reachable(pingPostgres(PG_ADMIN)), reachable(pingRedis(REDIS))]);
  const prefix = `load${process.pid}${tag}`;
  if (pgUp && redisUp) {
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`CREATE DATABASE gw_${prefix}`);
    await admin.end();
    const url = new URL(PG_ADMIN);
    url.pathname = `/gw_${prefix}`;
    return {
      describe: `PostgreSQL (${url.host}) + Redis (${new URL(REDIS).host}); gateways only queue (RECOGNITION_WORKERS=0), recognition in worker processes`,
      shared: true,
      databaseUrl: url.toString(),
      env: { DATABASE_URL: url.toString(), REDIS_URL: REDIS, REDIS_PREFIX: prefix, RECOGNITION_WORKERS: '0' },
      async drop() {
        const c = new pg.Client({ connectionString: PG_ADMIN });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS gw_${prefix} WITH (FORCE)`);
        await c.end();
        const r = new Redis(REDIS, { maxRetriesPerRequest: 1 });
        const keys = await r.keys(`${prefix}:*`);
        if (keys.length) await r.del(...keys);
        r.disconnect();
      },
    };
  }
  return sqliteBackend(`PostgreSQL ${pgUp ? 'up' : 'unreachable'}, Redis ${redisUp ? 'up' : 'unreachable'}; each gateway reads with one thread of its own`, { RECOGNITION_WORKERS: '1' });
}

/** One SQLite file and in-process limits, the gateway recognising in its own pool (`npm start` alone). */
export function sqliteBackend(note: string, env: Record<string, string> = {}): Backend {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-load-'));
  const file = path.join(dir, 'gateway.db');
  return {
    describe: `SQLite (one file) and in-process limits${note ? `: ${note}` : ''}`,
    shared: false,
    databaseUrl: file,
    env: { DATABASE_URL: file, ...env },
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Seed {
  appKey: string;
  /** a token for 1917-* and 2582-* whose rate and concurrency limits are on but never reached */
  token: string;
  postal: string;
}

/** One application, one token and the postal data set (the shared one when present, else the fixture). */
export async function seed(databaseUrl: string): Promise<Seed> {
  const storage = await openStorage(databaseUrl, { poolSize: 2 });
  try {
    const app = await applicationsRepo(storage.db).create('load');
    const token = await subAuthsRepo(storage.db).create(app.appid, {
      outCode: 'load',
      permissions: ['1917-*', '2582-*'],
      ipWhiteList: [],
      rate: 1_000_000,
      concurrency: 100_000,
      endTime: Date.now() + 86400_000,
      remark: '',
    });
    if (token === 'exists') throw new Error('fresh storage has a token already');
    const shared = path.resolve(repoRoot, '../shared/postal/cn-postal-streets.csv');
    const csv = fs.existsSync(shared) ? shared : path.join(repoRoot, 'test/fixtures/postal/sample.csv');
    const imported = await importPostalFile(postalRepo(storage), csv);
    return { appKey: app.appKey, token: token.accessToken, postal: `${imported.rows} rows from ${path.relative(repoRoot, csv)}` };
  } finally {
    await storage.close();
  }
}

/** The image every recognition call reads: a corpus page when the corpus is beside us, else a rendered one. */
export async function benchImage(): Promise<{ bytes: Buffer; mime: string; describe: string }> {
  const corpus = path.resolve(repoRoot, '../shared/corpus/general/rapidocr_long_lines_cn.jpg');
  if (fs.existsSync(corpus)) {
    const bytes = fs.readFileSync(corpus);
    return { bytes, mime: 'image/jpeg', describe: `${path.relative(repoRoot, corpus)} (${Math.round(bytes.length / 1024)} KiB)` };
  }
  if (!registerChineseFont()) throw new Error('neither the shared corpus nor a Chinese font to render a page with');
  const page = await renderDocument({ seed: 8, variant: 'clean', lineCount: 12 });
  return { bytes: Buffer.from(page.bytes), mime: page.format === 'jpeg' ? 'image/jpeg' : 'image/png', describe: `a rendered page of 12 lines (${Math.round(page.bytes.length / 1024)} KiB)` };
}

export interface Proc {
  name: string;
  /** the gateway, or the worker's health and metrics address */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts a gateway (`npm start`'s entry) or a worker (`npm run worker`'s) and waits until it is ready. */
export async function startRole(role: 'gateway' | 'worker', name: string, backend: Backend): Promise<Proc> {
  const env = { ...backend.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', FIRST_RUN_DEMO: 'false' };
  const child =
    role === 'gateway'
      ? await startProcess('src/gateway/main.ts', env, /"url":"(http:[^"]+)"[^\n]*"msg":"gateway ready"/)
      : await startProcess('src/gateway/recognition/worker-main.ts', { ...env, RECOGNITION_WORKERS: '1', METRICS_PORT: '0' }, /"url":"(http:[^"]+)"[^]*"msg":"recognition ready"/);
  return { name, url: child.url, pid: child.proc.pid!, stop: child.stop };
}
