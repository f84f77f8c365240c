import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Child } from '../gateway/recognition/processes';
import { dataUrl, hasFont, slowPhoto, textImage } from '../gateway/recognition/support';
import { createTestDatabase, postgresAvailable, redisAvailable, testRedisUrl } from '../support/services';
import { byCode, eventually, heldImageServer, hit } from './support/calls';
import { type Cluster, metric, readiness, startCluster } from './support/cluster';

/*
 * Issue 7, item 3: two gateways (RECOGNITION_WORKERS=0, they only accept and queue) and two
 * `npm run worker` processes, all real processes on loopback, on the local PostgreSQL and Redis.
 * Proves what the in-process tests cannot: token limits hold across gateway processes, a job is
 * read through any gateway, and a worker killed in the middle of a job leaves it to the other
 * worker that is alive. The other bullets are proven elsewhere (docs/deploy.md, "Tests").
 */

const available = (await postgresAvailable()) && (await redisAvailable());
const FINAL = ['PROCESS_SUCCESS', 'PROCESS_FAILED', 'TIMEOUT_FAILED', 'LIMIT_RETRY_FAILED'];

describe.skipIf(!available || !hasFont)('2 gateways + 2 workers as processes on PostgreSQL + Redis', () => {
  let cluster: Cluster;
  let drop: () => Promise<void>;
  let appKey: string;
  let appid: number;
  let text: { bytes: Uint8Array; lines: string[] };
  let a: Child;
  let b: Child;

  const readJob = (base: string, id: string) => hit(base, '2582-16', { query: { appKey }, form: { JobId: id, ds_id: 'local' } });
  const finished = (base: string, id: string) =>
    eventually(async () => {
      const r = await readJob(base, id);
      return FINAL.includes(r.body.Data?.Status) ? r.body.Data : undefined;
    }, `job ${id} finishes`, 180_000);

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    // a generous synchronous budget: this file is about where work runs, not how fast (sync.test.ts)
    cluster = await startCluster({ databaseUrl: db.url, redisUrl: testRedisUrl(), gateways: 2, workers: 2, env: { RECOGNITION_TIMEOUT_SECONDS: '15' } });
    [a, b] = cluster.gateways as [Child, Child];
    ({ appKey, appid } = await cluster.createApp());
    text = await textImage();
  }, 300_000);
  afterAll(async () => {
    await cluster?.close();
    await drop?.();
  });

  it('has every process ready: storage and Redis answer, the workers have warmed their threads', async () => {
    for (const g of cluster.gateways) {
      const r = await readiness(g.url);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.gateway_res_body.checks).toEqual({ storage: 'ok', redis: 'ok', recognition: 'ok' });
    }
    for (const w of cluster.workers) {
      expect((await readiness(w.url)).json.gateway_res_body.checks).toEqual({ storage: 'ok', redis: 'ok', recognition: 'ready' });
      expect(await metric(w.url, 'gateway_recognition_threads{state="free"}')).toBe(1);
    }
  });

  it('holds a token rate of 5 calls per second across both gateways', async () => {
    const read = (base: string, token: string) => hit(base, '2582-16', { headers: { 'gateway-access-token': token }, form: { JobId: 'none', ds_id: 'local' } });
    // a burst that lands within one second: exactly 5 pass, whichever gateway they reach (a
    // burst spread over two windows proves nothing exact, so it is tried again with a new token)
    let exact: Record<string, number> | undefined;
    for (let trial = 0; trial < 5 && !exact; trial++) {
      const token = await cluster.createToken(appid, { rate: 5 });
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => read(i % 2 ? a.url : b.url, token)));
      if (performance.now() - started < 1000) exact = byCode(answers);
    }
    expect(exact, 'no burst of 10 calls fitted into one second in 5 tries').toEqual({ '0': 5, '-1009': 5 });

    // steady traffic to both for 3 s: never more than 5 in any one-second window; 2 gateways with
    // limits of their own would let about twice as many through
    const token = await cluster.createToken(appid, { rate: 5 });
    const answers: Awaited<ReturnType<typeof read>>[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 6 }, async (_, loop) => {
        for (let i = 0; performance.now() - t0 < 3000; i++) answers.push(await read((loop + i) % 2 ? a.url : b.url, token));
      }),
    );
    const windows = Math.ceil((performance.now() - t0) / 1000) + 1;
    const passed = answers.filter((r) => r.code === 0).length;
    expect(passed).toBeGreaterThanOrEqual(5);
    expect(passed).toBeLessThanOrEqual(5 * windows);
    expect(answers.filter((r) => r.code !== 0).every((r) => r.code === -1009 && r.status === 429)).toBe(true);
  }, 120_000);

  it('holds a token concurrency across both gateways', async () => {
    const images = await heldImageServer(text.bytes);
    try {
      const token = await cluster.createToken(appid, { concurrency: 2 });
      const call = (base: string) =>
        hit(base, '2582-11', { headers: { 'gateway-access-token': token }, form: { ImageURL: images.url, ds_id: 'local', MinHeight: '0' } });
      // two calls through gateway a hold both slots while the image server keeps them waiting
      const held = [call(a.url), call(a.url)];
      await eventually(async () => images.waiting() === 2 || undefined, 'both calls wait for their image');
      const refused = await call(b.url);
      expect(refused.code).toBe(-1009);
      expect(refused.status).toBe(429);
      expect(refused.json.gateway_res_error).toContain('concurrency limit of 2');
      images.release();
      const done = await Promise.all(held);
      expect(done.map((d) => d.code)).toEqual([0, 0]);
      expect(done[0]!.body.Data.Results.map((l: { Text: string }) => l.Text)).toEqual(text.lines);
      // the slots are free again, seen from the other gateway
      expect((await call(b.url)).code).toBe(0);
    } finally {
      await images.close();
    }
  }, 120_000);

  it('reads a job through the gateway it was not submitted to; synchronous calls run on the workers', async () => {
    const form = { ImageURL: dataUrl(text.bytes), ds_id: 'local', MinHeight: '0' };
    const submitted = await hit(a.url, '2582-11', { query: { appKey }, form: { ...form, Async: 'true' } });
    expect(submitted.code, JSON.stringify(submitted.json)).toBe(0);
    const id = submitted.body.RequestId as string;
    const viaB = await finished(b.url, id);
    expect(viaB.Status).toBe('PROCESS_SUCCESS');
    expect(JSON.parse(viaB.Result).Results.map((l: { Text: string }) => l.Text)).toEqual(text.lines);
    expect((await readJob(a.url, id)).body.Data).toEqual(viaB);

    const sync = await hit(b.url, '2582-11', { query: { appKey }, form });
    expect(sync.code, JSON.stringify(sync.json)).toBe(0);
    expect(sync.body.Data.Results.map((l: { Text: string }) => l.Text)).toEqual(text.lines);
  }, 240_000);

  it('finishes a job on the other worker when the one running it is killed', async () => {
    const done = 'gateway_recognition_jobs_finished_total{status="PROCESS_SUCCESS"}';
    const submitted = await hit(a.url, '2582-11', { query: { appKey }, form: { ImageURL: dataUrl(await slowPhoto(), 'image/jpeg'), ds_id: 'local', MinHeight: '0', Async: 'true' } });
    const id = submitted.body.RequestId as string;
    await eventually(async () => ((await cluster.jobs.read(id))?.status === 'PROCESSING' ? true : undefined), 'the job starts', 120_000);
    // which worker took it: the one with its thread busy
    const busy = await eventually(async () => {
      for (const w of cluster.workers) if ((await metric(w.url, 'gateway_recognition_threads{state="busy"}')) === 1) return w;
      return undefined;
    }, 'a worker is busy');
    const survivor = cluster.workers.find((w) => w !== busy)!;
    const before = (await metric(survivor.url, done)) ?? 0;
    await busy.kill();
    cluster.workers.splice(cluster.workers.indexOf(busy), 1);

    const job = await finished(b.url, id);
    expect(job.Status).toBe('PROCESS_SUCCESS');
    expect(JSON.parse(job.Result).Results.length).toBeGreaterThan(10);
    expect((await cluster.jobs.read(id))?.attempts).toBe(2);
    expect(await metric(survivor.url, done)).toBe(before + 1);
  }, 300_000);
});
