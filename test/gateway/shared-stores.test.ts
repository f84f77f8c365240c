import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../src/gateway/auth/hmac-sha256';
import { type TestGateway, call, startTestGateway } from '../support/gateway';
import { createTestDatabase, postgresAvailable, redisAvailable, testRedisUrl } from '../support/services';

/*
 * Two gateway processes' worth of gateways on one PostgreSQL and one Redis: records and token
 * limits are shared (the deployment of DESIGN.md §6 with several machines).
 */

const available = (await postgresAvailable()) && (await redisAvailable());

describe.skipIf(!available)('two gateways on PostgreSQL + Redis', () => {
  let a: TestGateway;
  let b: TestGateway;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    // a long cache, so a deletion seen at once is the Redis announcement's doing, not expiry
    const env = { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: `t${process.pid}${Date.now()}`, CREDENTIAL_CACHE_SECONDS: '60' };
    a = await startTestGateway(env);
    b = await startTestGateway(env);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await drop?.();
  });

  it('refuses on one gateway a signed call the other accepted: the nonce is kept in Redis', async () => {
    const app = await a.createApp();
    const once = signRequest({ method: 'GET', pointId: '2141-5', appid: app.appid, secret: app.secret, params: {} });
    expect((await call(a.url, '2141-5', { query: once })).json.gateway_res_code).toBe(0);
    const replay = await call(b.url, '2141-5', { query: once });
    expect(replay.json.gateway_res_code).toBe(-1004);
    const redis = new Redis(testRedisUrl());
    try {
      expect(await redis.pttl(`${a.config.REDIS_PREFIX}:nonce:${app.appid}:${once.gateway_nonce}`)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('sees a token created through one gateway from the other, and its deletion at once', async () => {
    const { appKey } = await a.createApp();
    const created = await call(a.url, '2141-1', { query: { appKey }, form: { out_code: 'shared', permission_list: '1917-*' } });
    expect(created.body.ret_code).toBe(0);
    const token = created.body.item.access_token;
    const viaB = await call(b.url, '2141-4', { query: { appKey, out_code: 'shared' } });
    expect(viaB.body.item.access_token).toBe(token);
    const before = await call(b.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } });
    expect(before.json.gateway_res_code).not.toBe(-1012);
    await call(a.url, '2141-2', { query: { appKey }, form: { out_code: 'shared' } });
    // the announcement reaches b over its own Redis connection, which may be read just after
    // the next request's socket: the deletion holds within milliseconds, not a cache lifetime
    const started = Date.now();
    let after = await call(b.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } });
    while (after.json.gateway_res_code !== -1012 && Date.now() - started < 500) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      after = await call(b.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } });
    }
    expect(after.json.gateway_res_code).toBe(-1012);
  });

  it('holds a token rate across both gateways', async () => {
    const app = await a.createApp();
    const token = await a.createToken(app.appid, { rate: 4 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(i % 2 ? a.url : b.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } })),
    );
    expect(results.filter((r) => r.json.gateway_res_code !== -1009)).toHaveLength(4);
  });

  it('refuses a duplicate out_code created concurrently through both gateways', async () => {
    const { appKey } = await a.createApp();
    const form = { out_code: 'race', permission_list: '1917-1' };
    const [x, y] = await Promise.all([call(a.url, '2141-1', { query: { appKey }, form }), call(b.url, '2141-1', { query: { appKey }, form })]);
    expect([x.body.ret_code, y.body.ret_code].sort()).toEqual([-1, 0]);
  });
});
