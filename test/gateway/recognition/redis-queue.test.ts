import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import { type JobsRepo, jobsRepo } from '../../../src/gateway/store/jobs';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { createTestDatabase, postgresAvailable, redisAvailable, testRedisUrl } from '../../support/services';
import { type Auth, appKeyAuth, dataUrl, hasFont, pollJob, recognise, slowPhoto, textImage } from './support';
import { type Child, eventually, startChild } from './processes';

/*
 * The scaled-out deployment (DESIGN.md §6): gateways that only queue (RECOGNITION_WORKERS=0) and
 * `npm run worker` processes, on PostgreSQL + Redis (BullMQ). Workers are real child processes,
 * SIGKILLed in the middle of a job to stand for a machine that dies.
 */

const available = (await postgresAvailable()) && (await redisAvailable());

describe.skipIf(!available || !hasFont)('shared queue on PostgreSQL + Redis', () => {
  const prefix = `t${process.pid}q${Date.now()}`;
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  /** answers in 0.5 s or not at all */
  let quick: TestGateway;
  /** the default 5 s budget */
  let other: TestGateway;
  let storage: Storage;
  let repo: JobsRepo;
  let auth: Auth;
  let text: { bytes: Uint8Array; lines: string[] };
  let photo: string;
  const workers: Child[] = [];
  const startWorker = async () => {
    const w = await startChild('worker', { ...env, RECOGNITION_WORKERS: '1' });
    workers.push(w);
    return w;
  };
  const submit = async (gw: TestGateway, ImageURL: string) => {
    const r = await recognise(gw.url, '2582-11', auth, { ImageURL, MinHeight: '0', Async: 'true' });
    expect(r.json.gateway_res_code, JSON.stringify(r.json)).toBe(0);
    return r.body.RequestId as string;
  };
  const started = (id: string, attempt: number) =>
    eventually(async () => {
      const row = await repo.read(id);
      return row?.status === 'PROCESSING' && row.attempts === attempt ? row : undefined;
    }, `start ${attempt} of ${id}`);

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    env = { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, JOB_LEASE_SECONDS: '1' };
    quick = await startTestGateway({ ...env, RECOGNITION_WORKERS: '0', RECOGNITION_TIMEOUT_SECONDS: '0.5' });
    other = await startTestGateway({ ...env, RECOGNITION_WORKERS: '0' });
    storage = await openStorage(db.url);
    repo = jobsRepo(storage);
    auth = appKeyAuth((await quick.createApp()).appKey);
    text = await textImage();
    photo = dataUrl(await slowPhoto(), 'image/jpeg');
  });
  afterAll(async () => {
    for (const w of workers) await w.kill();
    await quick?.stop();
    await other?.stop();
    await storage?.close();
    await drop?.();
    const redis = new Redis(testRedisUrl());
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('with no worker alive: a synchronous call answers -3 and leaves the queue; a job waits QUEUING', async () => {
    const sync = await recognise(quick.url, '2582-11', auth, { ImageURL: dataUrl(text.bytes), MinHeight: '0' });
    expect(sync.status).toBe(504);
    expect(sync.json.gateway_res_code).toBe(-3);
    const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const queue = new Queue('recognition', { prefix, connection });
    try {
      expect(await queue.getWaitingCount()).toBe(0);
    } finally {
      await queue.close();
      connection.disconnect();
    }
    const id = await submit(quick, dataUrl(text.bytes));
    const waiting = await pollJob(other.url, auth, id, (s) => s === 'QUEUING');
    expect(waiting.Data).toEqual({ Status: 'QUEUING', Result: '', JobId: id });

    await startWorker();
    const done = await pollJob(other.url, auth, id);
    expect(done.Data.Status).toBe('PROCESS_SUCCESS');
    expect(JSON.parse(done.Data.Result).Results.map((l: { Text: string }) => l.Text)).toEqual(text.lines);
    // read through either gateway alike
    expect((await pollJob(quick.url, auth, id)).Data).toEqual(done.Data);
  }, 300_000);

  it('a gateway without workers runs synchronous calls on a worker process', async () => {
    const r = await recognise(other.url, '2582-11', auth, { ImageURL: dataUrl(text.bytes), MinHeight: '0' });
    expect(r.json.gateway_res_code, JSON.stringify(r.json)).toBe(0);
    expect(r.body.RequestId).toBe(r.json.gateway_res_id);
    expect(r.body.Data.Results.map((l: { Text: string }) => l.Text)).toEqual(text.lines);
  }, 120_000);

  it('a worker killed in the middle of a job: the job finishes on the next worker', async () => {
    const id = await submit(quick, photo);
    await started(id, 1);
    await workers.shift()!.kill();
    await startWorker();
    const done = await pollJob(other.url, auth, id);
    expect(done.Data.Status).toBe('PROCESS_SUCCESS');
    expect(JSON.parse(done.Data.Result).Results.length).toBeGreaterThan(10);
    expect((await repo.read(id))?.attempts).toBe(2);
  }, 300_000);

  it('a worker stopped with SIGTERM puts its job back in the queue for the next one', async () => {
    const id = await submit(quick, photo);
    await started(id, 1);
    expect(await workers.shift()!.stop()).toBe(0);
    expect((await repo.read(id))?.status).toBe('QUEUING');
    await startWorker();
    expect((await pollJob(other.url, auth, id)).Data.Status).toBe('PROCESS_SUCCESS');
  }, 300_000);

  it('a job whose worker is killed three times ends LIMIT_RETRY_FAILED, never stuck in PROCESSING', async () => {
    const id = await submit(quick, photo);
    for (const attempt of [1, 2, 3]) {
      await started(id, attempt);
      await workers.shift()!.kill();
      await startWorker();
    }
    const lost = await pollJob(other.url, auth, id);
    expect(lost.Data).toMatchObject({ Status: 'LIMIT_RETRY_FAILED', Result: 'recognition worker lost 3 times' });
  }, 300_000);

  it('a job whose doorbell Redis lost (restarted without its data) is rung for again and runs', async () => {
    for (const w of workers.splice(0)) await w.kill();
    const id = await submit(quick, dataUrl(text.bytes));
    const redis = new Redis(testRedisUrl());
    try {
      const keys = await redis.keys(`${prefix}:*`);
      expect(keys.length).toBeGreaterThan(0);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    await startWorker();
    const done = await pollJob(other.url, auth, id);
    expect(done.Data.Status).toBe('PROCESS_SUCCESS');
    expect(JSON.parse(done.Data.Result).Results.map((l: { Text: string }) => l.Text)).toEqual(text.lines);
  }, 300_000);
});
