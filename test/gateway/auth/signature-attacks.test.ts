import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../../src/gateway/auth/hmac-sha256';
import { formatGatewayTimestamp, sign } from '../../../src/gateway/auth/signature';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';

/*
 * Issue 14, finding 2: "signatures do not protect what they claim". Each attack of the issue,
 * replayed against hmac-sha256 (the only method of a new application), is refused -1004 and
 * changes nothing; against an application with the ShowAPI-compatible method left on, what the
 * mandatory timestamp and a single-use nonce still stop (docs/api.md states what they cannot).
 */

let gw: TestGateway;
let app: { appid: number; appKey: string; secret: string };
beforeAll(async () => {
  gw = await startTestGateway();
  app = await gw.createApp();
  for (const out_code of ['victim', 'listed']) {
    const r = await call(gw.url, '2141-1', { query: { appKey: app.appKey }, form: { out_code, permission_list: '1917-*', ip_white_list: '10.1.1.1' } });
    expect(r.body.ret_code).toBe(0);
  }
});
afterAll(() => gw?.stop());

const signed = (method: 'GET' | 'POST', pointId: string, params: Record<string, string>) =>
  signRequest({ method, pointId, appid: app.appid, secret: app.secret, params });

async function victim() {
  return (await call(gw.url, '2141-4', { query: { appKey: app.appKey, out_code: 'victim' } })).body.item;
}

describe('finding 2: signatures do not protect what they claim (hmac-sha256)', () => {
  it('a captured 1917-1 call replayed unchanged to /2141-5 does not list the tokens', async () => {
    const captured = signed('GET', '1917-1', { code: '100089' });
    const r = await call(gw.url, '2141-5', { method: 'GET', query: captured });
    expect(r.status).toBe(401);
    expect(r.json.gateway_res_code).toBe(-1004);
    expect(JSON.stringify(r.json)).not.toContain('access_token');
  });

  it('a captured 2141-4 call sent to /2141-6 with ip_white_list=&remark= added does not clear the allow-list', async () => {
    const captured = signed('POST', '2141-4', { out_code: 'victim' });
    const r = await call(gw.url, '2141-6', { form: { ...captured, ip_white_list: '', remark: '' } });
    expect(r.json.gateway_res_code).toBe(-1004);
    // nor does the same call with the empty fields signed as if they were not there
    const r2 = await call(gw.url, '2141-6', { form: { ...signed('POST', '2141-6', { out_code: 'victim' }), ip_white_list: '' } });
    expect(r2.json.gateway_res_code).toBe(-1004);
    expect((await victim()).ip_white_list).toBe('10.1.1.1');
  });

  it('a captured 2141-4 call sent to /2141-2 does not delete the token', async () => {
    const captured = signed('POST', '2141-4', { out_code: 'victim' });
    const r = await call(gw.url, '2141-2', { form: captured });
    expect(r.json.gateway_res_code).toBe(-1004);
    expect((await victim()).out_code).toBe('victim');
  });

  it('ip_white_list=10.9.9.9&rate=1 re-split as i=p_white_list10.9.9.9&r=ate1 does not create an unrestricted token', async () => {
    const captured = signed('POST', '2141-1', { out_code: 'split', permission_list: '1917-*', ip_white_list: '10.9.9.9', rate: '1' });
    const { ip_white_list: _i, rate: _r, ...rest } = captured;
    const r = await call(gw.url, '2141-1', { form: { ...rest, i: 'p_white_list10.9.9.9', r: 'ate1' } });
    expect(r.json.gateway_res_code).toBe(-1004);
    expect((await call(gw.url, '2141-4', { query: { appKey: app.appKey, out_code: 'split' } })).body.item).toBeNull();
  });

  it('a replay never works, neither at once nor later in the window', async () => {
    const call1 = signed('POST', '2141-1', { out_code: 'replayed', permission_list: '1917-*' });
    expect((await call(gw.url, '2141-1', { form: call1 })).body.ret_code).toBe(0);
    await call(gw.url, '2141-2', { query: { appKey: app.appKey }, form: { out_code: 'replayed' } });
    const again = await call(gw.url, '2141-1', { form: call1 });
    expect(again.json.gateway_res_code).toBe(-1004);
    expect((await call(gw.url, '2141-4', { query: { appKey: app.appKey, out_code: 'replayed' } })).body.item).toBeNull();
  });
});

describe('finding 2 with the ShowAPI-compatible method left on for an existing client', () => {
  let legacy: { appid: number; appKey: string; secret: string };
  beforeAll(async () => {
    legacy = await gw.createApp('legacy');
    await gw.setLegacySignature(legacy.appid, true);
  });
  const md5 = (params: Record<string, string>) => ({ ...params, gateway_sign: sign(params, legacy.secret) });

  it('a call without a timestamp, which never expired, is refused', async () => {
    const r = await call(gw.url, '2141-5', { form: md5({ gateway_appid: String(legacy.appid) }) });
    expect(r.json.gateway_res_code).toBe(-1005);
  });

  it('a call carrying a nonce cannot be replayed, to the same point or another', async () => {
    const captured = md5({ gateway_appid: String(legacy.appid), gateway_timestamp: formatGatewayTimestamp(Date.now()), gateway_nonce: 'captured-nonce-0001', page: '1' });
    expect((await call(gw.url, '2141-5', { form: captured })).json.gateway_res_code).toBe(0);
    for (const point of ['2141-5', '2141-2']) expect((await call(gw.url, point, { form: captured })).json.gateway_res_code).toBe(-1004);
  });

  it('turned off, the same well-signed call is refused', async () => {
    await gw.setLegacySignature(legacy.appid, false);
    const r = await call(gw.url, '2141-5', { form: md5({ gateway_appid: String(legacy.appid), gateway_timestamp: formatGatewayTimestamp(Date.now()) }) });
    expect(r.json.gateway_res_code).toBe(-1004);
  });
});
