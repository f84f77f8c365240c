import http from 'node:http';
import { PassThrough } from 'node:stream';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { signRequest } from '../../src/gateway/auth/hmac-sha256';
import { loggerOptions } from '../../src/gateway/logger';
import { type TestGateway, call, startTestGateway } from '../support/gateway';

let gw: TestGateway | undefined;
afterEach(async () => {
  await gw?.stop();
  gw = undefined;
});

describe('internal errors', () => {
  it('answer -1 / 500 in the envelope without details, and the gateway keeps serving', async () => {
    const logs = new PassThrough();
    let logText = '';
    logs.on('data', (c) => (logText += c));
    gw = await startTestGateway({ LOG_LEVEL: 'info' }, { logStream: logs });
    const { appKey } = await gw.createApp();
    // break the store under the running gateway: the sub-authorization table disappears
    const db = new SQLite(gw.config.DATABASE_URL);
    db.exec('ALTER TABLE sub_auths RENAME TO sub_auths_moved');
    const r = await call(gw.url, '2141-4', { query: { appKey, out_code: 'x' } });
    expect(r.status).toBe(500);
    expect(r.json.gateway_res_code).toBe(-1);
    expect(r.json.gateway_res_error).not.toMatch(/sub_auths|SQLITE|\.ts/);
    expect(logText).toContain('internal error');
    db.exec('ALTER TABLE sub_auths_moved RENAME TO sub_auths');
    db.close();
    const again = await call(gw.url, '2141-4', { query: { appKey, out_code: 'x' } });
    expect(again.json.gateway_res_code).toBe(0);
  });
});

describe('logs', () => {
  it('never contain appKeys, secrets, signatures or tokens', async () => {
    const logs = new PassThrough();
    let logText = '';
    logs.on('data', (c) => (logText += c));
    gw = await startTestGateway({ LOG_LEVEL: 'trace' }, { logStream: logs });
    const app = await gw.createApp();
    const created = await call(gw.url, '2141-1', { query: { appKey: app.appKey }, form: { out_code: 'log', permission_list: '1917-*' } });
    const token = created.body.item.access_token as string;
    const signed = signRequest({ method: 'POST', pointId: '2141-4', appid: app.appid, secret: app.secret, params: { out_code: 'log' } });
    const signature = signed.gateway_sign!;
    expect((await call(gw.url, '2141-4', { form: signed })).json.gateway_res_code).toBe(0);
    await call(gw.url, '1917-1', { query: { code: '100089', access_token: token } });
    await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } });
    await call(gw.url, '2141-4', { query: { appKey: app.appKey, out_code: 'log' } });
    await call(gw.url, '2141-4', { query: { appKey: 'wrong-key-value', out_code: 'log' } });
    await gw.stop();
    gw = undefined;
    expect(logText).toContain('/:pointId');
    for (const secret of [app.appKey, app.secret, token, signature, 'wrong-key-value']) expect(logText).not.toContain(secret);
  });

  it('redact credential fields an object passed to the logger carries', () => {
    const lines: string[] = [];
    const log = pino(loggerOptions('info'), { write: (line: string) => lines.push(line) });
    log.info({ appKey: 'k-1', token: 't-1', err: { secret: 's-1', message: 'boom' }, detail: { gateway_sign: 'g-1' } }, 'x');
    expect(lines.join('')).toContain('boom');
    for (const secret of ['k-1', 't-1', 's-1', 'g-1']) expect(lines.join('')).not.toContain(secret);
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new work, and closes the store cleanly', async () => {
    gw = await startTestGateway({}, { keepStore: true });
    const running = gw;
    const { appKey } = await running.createApp();
    const u = new URL(running.url);
    const body = Buffer.from(`out_code=late&permission_list=1917-*`);
    // a request whose body is still being uploaded when the shutdown begins
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: u.hostname,
          port: u.port,
          method: 'POST',
          path: `/2141-1?appKey=${appKey}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, 10));
      setTimeout(() => req.end(body.subarray(10)), 400);
    });
    await new Promise((r) => setTimeout(r, 100));
    const stopping = running.stop();
    const done = await inFlight;
    await stopping;
    gw = undefined;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.text).gateway_res_body.item.out_code).toBe('late');
    await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
    // the store was closed cleanly: the record and its audit entry are on disk
    const db = new SQLite(running.config.DATABASE_URL, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM sub_auths WHERE out_code = ?').get('late')).toEqual({ n: 1 });
    expect(db.prepare("SELECT count(*) AS n FROM audit_log WHERE point = '2141-1'").get()).toEqual({ n: 1 });
    db.close();
  });
});
