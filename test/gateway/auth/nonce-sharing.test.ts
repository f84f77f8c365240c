import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../../src/gateway/auth/hmac-sha256';
import { formatGatewayTimestamp, sign } from '../../../src/gateway/auth/signature';
import { applicationsRepo } from '../../../src/gateway/store/applications';
import { openStorage } from '../../../src/gateway/store/db';
import { migrations } from '../../../src/gateway/store/migrate';
import { call, startTestGateway } from '../../support/gateway';

/*
 * A nonce is single-use across every gateway of a deployment, not per process: a call replayed
 * to the gateway next door is refused too. (Two gateways sharing Redis: shared-stores.test.ts.)
 * And the upgrade: applications that exist when the signature migration runs keep the
 * ShowAPI-compatible method, new ones do not.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-nonce-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('nonces on one shared SQLite file', () => {
  it('a call accepted by one gateway is refused as a replay by the other', async () => {
    const env = { DATABASE_URL: path.join(dir, 'shared.db') };
    const a = await startTestGateway(env, { keepStore: true });
    const b = await startTestGateway(env, { keepStore: true });
    try {
      const app = await a.createApp();
      const once = signRequest({ method: 'GET', pointId: '2141-5', appid: app.appid, secret: app.secret, params: {} });
      expect((await call(a.url, '2141-5', { query: once })).json.gateway_res_code).toBe(0);
      const replay = await call(b.url, '2141-5', { query: once });
      expect(replay.json.gateway_res_code).toBe(-1004);
      expect(replay.json.gateway_res_error).toContain('already used');
      // racing: the same fresh call to both at once, exactly one wins
      const race = signRequest({ method: 'GET', pointId: '2141-5', appid: app.appid, secret: app.secret, params: {} });
      const codes = await Promise.all([a, b, a, b].map((g) => call(g.url, '2141-5', { query: race }).then((r) => r.json.gateway_res_code)));
      expect(codes.sort()).toEqual([-1004, -1004, -1004, 0]);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe('the upgrade to the signature migration', () => {
  it('keeps the ShowAPI-compatible method for applications that existed, and gives new ones hmac-sha256 only', async () => {
    const url = path.join(dir, 'upgraded.db');
    // the store as the release before this migration left it, with one application in it
    const old = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(url) }) });
    const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations('sqlite') } });
    expect((await migrator.migrateTo('003-recognition-jobs')).error).toBeUndefined();
    // (create writes no legacy_signature, so it inserts into the old table as the old release did)
    const before = await applicationsRepo(old).create('existing client');
    await old.destroy();

    const gw = await startTestGateway({ DATABASE_URL: url }, { keepStore: true });
    try {
      const after = await gw.createApp('new client');
      const md5 = (appid: number, secret: string) => {
        const p = { gateway_appid: String(appid), gateway_timestamp: formatGatewayTimestamp(Date.now()) };
        return { ...p, gateway_sign: sign(p, secret) };
      };
      expect((await call(gw.url, '2141-5', { form: md5(before.appid, before.secret) })).json.gateway_res_code).toBe(0);
      expect((await call(gw.url, '2141-5', { form: md5(after.appid, after.secret) })).json.gateway_res_code).toBe(-1004);
      const storage = await openStorage(url);
      const listed = await applicationsRepo(storage.db).list();
      await storage.close();
      expect(listed.map((a) => [a.name, a.legacySignature])).toEqual([
        ['existing client', true],
        ['new client', false],
      ]);
    } finally {
      await gw.stop();
    }
  });
});

describe('nonces while Redis is away', () => {
  it('answers -7 (retry) rather than accepting a signed call unchecked', async () => {
    const { connectRedis } = await import('../../../src/gateway/redis');
    const { redisNonces } = await import('../../../src/gateway/auth/nonces');
    // nothing listens on port 1: the connection fails at once, as when Redis is down
    const redis = connectRedis('redis://127.0.0.1:1', 'test');
    try {
      const error = await redisNonces(redis, 'gw').claim('1:nonce-while-away', Date.now() + 60_000).catch((e: unknown) => e);
      expect(error).toMatchObject({ codeName: 'OVERLOADED', code: -7 });
    } finally {
      redis.disconnect();
    }
  });
});
