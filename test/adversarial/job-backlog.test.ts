import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/gateway/store/db';
import { jobsRepo } from '../../src/gateway/store/jobs';
import { queuedUsage } from '../../src/gateway/store/job-usage';
import { dataUrl } from '../gateway/recognition/support';
import { type TestGateway, call, startTestGateway } from '../support/gateway';
import { redisAvailable, testRedisUrl } from '../support/services';
import { hit } from '../scale/support/calls';
import { endJob } from '../support/jobs';
import { type Target, healthDuring, probesSaid, startTarget } from './support';

/*
 * Issue 14, finding 4: "unbounded asynchronous backlog". 40 Async=true calls with a 3 MB image
 * in a few seconds left 34 jobs queued and grew the SQLite file from 4 KB to 108 MB, and new
 * tokens had no rate or concurrency limit. Now unfinished jobs and their stored input are capped
 * per token, per application and in all (limits/job-quota.ts). The gateways here queue on Redis
 * and run no recognition threads, so what is accepted stays queued, as under a real backlog.
 */

const hasRedis = await redisAvailable();
const MIB = 1024 * 1024;

/** A real PNG of noise, just under the 3 MiB image limit (noise does not compress). */
async function threeMbPng(): Promise<Uint8Array> {
  const side = 1000;
  const png = await sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  expect(png.length).toBeGreaterThan(2.8 * MIB);
  expect(png.length).toBeLessThan(3 * MIB);
  return new Uint8Array(png);
}

const prefix = () => `q${process.pid}${Math.random().toString(36).slice(2, 8)}`;

describe.skipIf(!hasRedis)('finding 4: unbounded asynchronous backlog', () => {
  let image: string;
  beforeAll(async () => {
    image = dataUrl(await threeMbPng());
  });

  describe('with the default quotas', () => {
    let target: Target;
    let token: string;
    beforeAll(async () => {
      target = await startTarget({ REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix() });
      const app = await target.createApp();
      token = await target.createToken(app.appid, { permissions: ['2582-*'] });
    });
    afterAll(() => target?.close());

    it('accepts 20 jobs of one token, refuses the rest with -1009 / 429, and keeps answering /healthz within 100 ms', async () => {
      // the pace, 40 calls in a few seconds: about the 10 calls per second a new token
      // gets by default (the token here has no limit of its own, so only the quota stops it)
      const attack = async () => {
        const answer = await hit(target.url, '2582-24', { form: { ImageURL: image, ds_id: 'local', Async: 'true' }, headers: { 'gateway-access-token': token } });
        await new Promise((r) => setTimeout(r, 100));
        return answer;
      };
      const { medianMs, baselineMs, answers, ...probes } = await healthDuring(target.url, attack, { parallel: 1, probes: 15 });
      while (answers.length < 40) answers.push(await attack());
      const accepted = answers.filter((a) => a.code === 0);
      const refused = answers.filter((a) => a.code !== 0);
      expect(accepted).toHaveLength(20);
      for (const r of refused) {
        expect(r.status).toBe(429);
        expect(r.code).toBe(-1009);
        expect(r.json.gateway_res_error).toContain('this token already has 20 unfinished asynchronous jobs');
      }
      expect(medianMs, probesSaid(probes)).toBeLessThan(baselineMs + probes.marginMs);
    }, 180_000);
  });

  describe('with small caps', () => {
    let gw: TestGateway;
    let storage: Awaited<ReturnType<typeof openStorage>>;
    beforeAll(async () => {
      gw = await startTestGateway({
        REDIS_URL: testRedisUrl(),
        REDIS_PREFIX: prefix(),
        JOBS_QUEUED_PER_TOKEN: '0',
        JOBS_QUEUED_PER_TOKEN_MIB: '7',
        JOBS_QUEUED_PER_APP: '4',
        JOBS_QUEUED_MAX: '6',
        JOBS_QUEUED_MAX_MIB: '0',
        JOBS_QUEUED_PER_APP_MIB: '0',
      });
      storage = await openStorage(gw.config.DATABASE_URL);
    });
    afterAll(async () => {
      await storage?.close();
      await gw?.stop();
    });
    const submit = (auth: { appKey?: string; token?: string }) =>
      call(gw.url, '2582-24', {
        ...(auth.appKey ? { query: { appKey: auth.appKey } } : {}),
        form: { ImageURL: image, ds_id: 'local', Async: 'true' },
        ...(auth.token ? { headers: { 'gateway-access-token': auth.token } } : {}),
      });

    it('caps a token by its stored input bytes, an application by its jobs, and the gateway in all (-7 / 503); finished jobs make room', async () => {
      const a = await gw.createApp('a');
      const b = await gw.createApp('b');
      const t1 = await gw.createToken(a.appid, { permissions: ['2582-*'] });
      const t2 = await gw.createToken(a.appid, { permissions: ['2582-*'] });
      // 7 MiB per token: two 3 MB inputs fit, a third does not
      expect((await submit({ token: t1 })).json.gateway_res_code).toBe(0);
      expect((await submit({ token: t1 })).json.gateway_res_code).toBe(0);
      const bytes = await submit({ token: t1 });
      expect([bytes.status, bytes.json.gateway_res_code]).toEqual([429, -1009]);
      expect(bytes.json.gateway_res_error).toContain('this token already has 7 MiB of queued input');
      // 4 jobs per application, whichever way they came
      expect((await submit({ token: t2 })).json.gateway_res_code).toBe(0);
      expect((await submit({ appKey: a.appKey })).json.gateway_res_code).toBe(0);
      const app = await submit({ appKey: a.appKey });
      expect([app.status, app.json.gateway_res_code]).toEqual([429, -1009]);
      expect(app.json.gateway_res_error).toContain('this application already has 4 unfinished asynchronous jobs');
      // 6 in all
      expect((await submit({ appKey: b.appKey })).json.gateway_res_code).toBe(0);
      expect((await submit({ appKey: b.appKey })).json.gateway_res_code).toBe(0);
      const all = await submit({ appKey: b.appKey });
      expect([all.status, all.json.gateway_res_code]).toEqual([503, -7]);
      expect(all.json.gateway_res_error).toContain('the gateway already holds 6 unfinished asynchronous jobs');

      const usage = await queuedUsage(storage, a.appid, null);
      expect(usage.all.jobs).toBe(6);
      expect(usage.all.bytes).toBeLessThan(6 * 3 * MIB);
      // a finished job's input is dropped, and its place is free again
      const jobs = jobsRepo(storage);
      const id = (await storage.db.selectFrom('recognition_jobs').select('id').where('appid', '=', b.appid).executeTakeFirstOrThrow()).id;
      await endJob(jobs, id, { status: 'PROCESS_FAILED', code: -1, remark: 'test' }, Date.now(), 60_000);
      expect((await submit({ appKey: b.appKey })).json.gateway_res_code).toBe(0);
    }, 120_000);

    it('admits concurrent submissions one at a time: a burst cannot pass a cap together', async () => {
      const c = await gw.createApp('c');
      // the gateway is full (6) from the test above; free it
      await storage.db.deleteFrom('recognition_jobs').execute();
      const answers = await Promise.all(Array.from({ length: 10 }, () => submit({ appKey: c.appKey })));
      expect(answers.filter((r) => r.json.gateway_res_code === 0)).toHaveLength(4);
    }, 120_000);
  });
});
