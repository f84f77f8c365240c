import { Redis } from 'ioredis';
import { type NewApplication, applicationsRepo } from '../../../src/gateway/store/applications';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import { type JobsRepo, jobsRepo } from '../../../src/gateway/store/jobs';
import { type NewSubAuth, subAuthsRepo } from '../../../src/gateway/store/sub-auths';
import { type Child, startChild } from '../../gateway/recognition/processes';

/*
 * The scaled-out deployment as real processes on loopback (DESIGN.md §6, docs/deploy.md): gateways
 * started like `npm start` with RECOGNITION_WORKERS=0 (they only accept and queue) and workers
 * started like `npm run worker`, all on one PostgreSQL and one Redis. Workers serve their
 * /metrics (METRICS_PORT=0: a spare port), which tells which of them is busy.
 */

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  gateways: number;
  workers: number;
  /** more environment for every process */
  env?: Record<string, string>;
}

export interface Cluster {
  env: Record<string, string>;
  gateways: Child[];
  /** live workers; `url` is each one's health and metrics address */
  workers: Child[];
  storage: Storage;
  jobs: JobsRepo;
  createApp(name?: string): Promise<NewApplication>;
  createToken(appid: number, s?: Partial<NewSubAuth>): Promise<string>;
  startWorker(): Promise<Child>;
  /** SIGKILLs every process, deletes the Redis keys of this cluster */
  close(): Promise<void>;
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const env = {
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    REDIS_PREFIX: `scale${process.pid}x${Date.now()}`,
    // a lost worker's job is taken again after 2-4 s (tests elsewhere use 1 s; 2 leaves room for a loaded machine)
    JOB_LEASE_SECONDS: '2',
    IMAGE_FETCH_ALLOW: '127.0.0.1',
    ...opts.env,
  };
  const workers: Child[] = [];
  const startWorker = async () => {
    const w = await startChild('worker', { ...env, RECOGNITION_WORKERS: '1', METRICS_PORT: '0' });
    workers.push(w);
    return w;
  };
  // the gateway's own migrations run once before the others start on the same database
  const first = await startChild('gateway', { ...env, RECOGNITION_WORKERS: '0' });
  const rest = Array.from({ length: opts.gateways - 1 }, () => startChild('gateway', { ...env, RECOGNITION_WORKERS: '0' }));
  const gateways = [first, ...(await Promise.all(rest))];
  await Promise.all(Array.from({ length: opts.workers }, startWorker));
  const storage = await openStorage(opts.databaseUrl, { poolSize: 2 });
  const apps = applicationsRepo(storage.db);
  const subs = subAuthsRepo(storage.db);
  return {
    env,
    gateways,
    workers,
    storage,
    jobs: jobsRepo(storage),
    createApp: (name = 'scale') => apps.create(name),
    async createToken(appid, s = {}) {
      const created = await subs.create(appid, {
        outCode: s.outCode ?? `oc-${Math.random().toString(36).slice(2)}`,
        permissions: s.permissions ?? ['2582-*', '1917-*'],
        ipWhiteList: s.ipWhiteList ?? [],
        rate: s.rate ?? 0,
        concurrency: s.concurrency ?? 0,
        endTime: s.endTime ?? Date.now() + 3600_000,
        remark: s.remark ?? '',
      });
      if (created === 'exists') throw new Error('out_code exists');
      return created.accessToken;
    },
    startWorker,
    async close() {
      await Promise.all([...gateways, ...workers].map((c) => c.kill()));
      await storage.close();
      const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, retryStrategy: () => null });
      redis.on('error', () => {});
      try {
        const keys = await redis.keys(`${env.REDIS_PREFIX}:*`);
        if (keys.length) await redis.del(...keys);
      } catch {
        // that Redis is gone already (the fault tests' own)
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** The value of one series on a /metrics page, e.g. `gateway_recognition_threads{state="busy"}`. */
export async function metric(base: string, series: string): Promise<number | undefined> {
  const text = await (await fetch(new URL('/metrics', base))).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** /readyz's HTTP status and its envelope. */
export async function readiness(base: string): Promise<{ status: number; json: any }> {
  const res = await fetch(new URL('/readyz', base), { signal: AbortSignal.timeout(20_000) });
  return { status: res.status, json: await res.json() };
}
