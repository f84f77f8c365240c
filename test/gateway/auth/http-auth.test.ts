import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest, signV2 } from '../../../src/gateway/auth/hmac-sha256';
import { formatGatewayTimestamp, sign } from '../../../src/gateway/auth/signature';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';

/** Codes that mean "authentication or authorization refused"; anything else got past auth. */
const AUTH_CODES = [-1002, -1003, -1004, -1005, -1006, -1009, -1010, -1012, -1013, -1014];

let gw: TestGateway;
let app: { appid: number; appKey: string; secret: string };
beforeAll(async () => {
  gw = await startTestGateway();
  app = await gw.createApp();
});
afterAll(() => gw?.stop());

describe('appKey mode', () => {
  it('accepts a valid appKey', async () => {
    const r = await call(gw.url, '2141-5', { query: { appKey: app.appKey } });
    expect(r.json.gateway_res_code).toBe(0);
  });

  it('refuses a missing, unknown or disabled appKey with -1010 / 401', async () => {
    const disabled = await gw.createApp('off');
    const { applicationsRepo } = await import('../../../src/gateway/store/applications');
    const { openStorage } = await import('../../../src/gateway/store/db');
    const s = await openStorage(gw.config.DATABASE_URL);
    await applicationsRepo(s.db).setDisabled(disabled.appid, true);
    await s.close();
    for (const query of <Record<string, string>[]>[{}, { appKey: '' }, { appKey: 'f'.repeat(32) }, { appKey: app.secret }, { appKey: disabled.appKey }]) {
      const r = await call(gw.url, '2141-5', { query });
      expect(r.status, JSON.stringify(query)).toBe(401);
      expect(r.json.gateway_res_code, JSON.stringify(query)).toBe(-1010);
      expect(r.json.gateway_res_body).toEqual({});
    }
  });
});

describe('signature mode, ShowAPI-compatible md5 / hmac (an application the operator left them on for)', () => {
  let legacy: { appid: number; appKey: string; secret: string };
  beforeAll(async () => {
    legacy = await gw.createApp('legacy');
    await gw.setLegacySignature(legacy.appid, true);
  });
  const stamp = () => ({ gateway_timestamp: formatGatewayTimestamp(Date.now()) });
  const signed = (params: Record<string, string>, method: 'md5' | 'hmac' = 'md5', secret = legacy.secret) => ({
    ...params,
    gateway_sign: sign(params, secret, method),
  });

  it('accepts md5 and hmac signatures over query and form parameters together, Chinese values included', async () => {
    const query = { gateway_appid: String(legacy.appid), ...stamp() };
    const form = { out_code: 'sig-用户', permission_list: '1917-1', remark: '足球 & 篮球' };
    const md5 = await call(gw.url, '2141-1', { query: { ...query, gateway_sign: sign({ ...query, ...form }, legacy.secret) }, form });
    expect(md5.json.gateway_res_code).toBe(0);
    expect(md5.body.item.out_code).toBe('sig-用户');
    const p = { ...query, gateway_sign_method: 'hmac', out_code: 'sig-用户' };
    const hmac = await call(gw.url, '2141-4', { form: signed(p, 'hmac') });
    expect(hmac.json.gateway_res_code).toBe(0);
    expect(hmac.body.item.remark).toBe('足球 & 篮球');
    const upper = await call(gw.url, '2141-4', { form: { ...p, gateway_sign: sign(p, legacy.secret, 'hmac').toUpperCase() } });
    expect(upper.json.gateway_res_code).toBe(0);
  });

  it('requires gateway_timestamp (-1005), and a gateway_nonce, when sent, is single-use (-1004)', async () => {
    const without = await call(gw.url, '2141-5', { form: signed({ gateway_appid: String(legacy.appid) }) });
    expect(without.status).toBe(401);
    expect(without.json.gateway_res_code).toBe(-1005);
    const once = signed({ gateway_appid: String(legacy.appid), ...stamp(), gateway_nonce: 'legacy-nonce-0000001' });
    expect((await call(gw.url, '2141-5', { form: once })).json.gateway_res_code).toBe(0);
    const replay = await call(gw.url, '2141-5', { form: once });
    expect(replay.json.gateway_res_code).toBe(-1004);
    expect(replay.json.gateway_res_error).toContain('already used');
  });

  it('refuses missing appid (-1002), missing sign (-1003), wrong sign (-1004), bad or stale timestamp (-1005)', async () => {
    const base = { gateway_appid: String(legacy.appid), page: '1', ...stamp() };
    const cases: [Record<string, string>, number][] = [
      [{ gateway_sign: sign({ page: '1' }, legacy.secret) }, -1002],
      [{ ...base }, -1003],
      [{ ...base, gateway_sign: sign(base, 'wrong-secret') }, -1004],
      [{ ...signed(base), page: '2' }, -1004],
      [{ ...signed(base, 'md5'), gateway_sign_method: 'hmac' }, -1004],
      [signed({ ...base, gateway_timestamp: formatGatewayTimestamp(Date.now() - 11 * 60_000) }), -1005],
      [signed({ ...base, gateway_timestamp: formatGatewayTimestamp(Date.now() + 11 * 60_000) }), -1005],
      [signed({ ...base, gateway_timestamp: '2023-05-08 12:00' }), -1005],
      [signed({ ...base, gateway_appid: '999999' }), -1010],
    ];
    for (const [form, code] of cases) {
      const r = await call(gw.url, '2141-5', { form });
      expect(r.json.gateway_res_code, JSON.stringify(form)).toBe(code);
      expect(r.status).toBe(401);
    }
    const fresh = await call(gw.url, '2141-5', { form: signed({ ...base, gateway_timestamp: formatGatewayTimestamp(Date.now() - 9 * 60_000) }) });
    expect(fresh.json.gateway_res_code).toBe(0);
  });
});

describe('signature mode, hmac-sha256', () => {
  it('is the only method a new application accepts: md5 and hmac are refused (-1004) however well signed', async () => {
    for (const method of ['md5', 'hmac'] as const) {
      const p = { gateway_appid: String(app.appid), gateway_timestamp: formatGatewayTimestamp(Date.now()), ...(method === 'hmac' ? { gateway_sign_method: 'hmac' } : {}) };
      const r = await call(gw.url, '2141-5', { form: { ...p, gateway_sign: sign(p, app.secret, method) } });
      expect(r.status).toBe(401);
      expect(r.json.gateway_res_code).toBe(-1004);
      expect(r.json.gateway_res_error).toContain('hmac-sha256');
    }
  });

  it('accepts a signed GET and a signed POST with fields in the query and the form, Chinese and empty values included', async () => {
    const signed = signRequest({ method: 'POST', pointId: '2141-1', appid: app.appid, secret: app.secret, params: { out_code: 'v2-用户', permission_list: '1917-1', remark: '', ip_white_list: '' } });
    const { gateway_appid, gateway_sign, ...form } = signed;
    const created = await call(gw.url, '2141-1', { query: { gateway_appid: gateway_appid!, gateway_sign: gateway_sign! }, form });
    expect(created.json.gateway_res_code).toBe(0);
    expect(created.body.item.out_code).toBe('v2-用户');
    const get = await call(gw.url, '2141-4', { method: 'GET', query: signRequest({ method: 'GET', pointId: '2141-4', appid: app.appid, secret: app.secret, params: { out_code: 'v2-用户' } }) });
    expect(get.json.gateway_res_code).toBe(0);
  });

  it('refuses a missing timestamp or nonce, a bad nonce, a stale timestamp and a replay', async () => {
    const fresh = () => signRequest({ method: 'GET', pointId: '2141-5', appid: app.appid, secret: app.secret, params: {} });
    const resign = (p: Record<string, string>) => {
      const { gateway_sign: _s, ...rest } = p;
      return { ...rest, gateway_sign: signV2('GET', '2141-5', rest, app.secret) };
    };
    const { gateway_timestamp: _t, ...noStamp } = fresh();
    const { gateway_nonce: _n, ...noNonce } = fresh();
    const cases: [Record<string, string>, number][] = [
      [resign(noStamp), -1005],
      [resign(noNonce), -1004],
      [resign({ ...fresh(), gateway_nonce: 'short' }), -1004],
      [resign({ ...fresh(), gateway_nonce: 'x'.repeat(65) }), -1004],
      [signRequest({ method: 'GET', pointId: '2141-5', appid: app.appid, secret: app.secret, params: {}, now: Date.now() - 11 * 60_000 }), -1005],
      [{ ...fresh(), gateway_sign: 'f'.repeat(64) }, -1004],
    ];
    for (const [query, code] of cases) {
      const r = await call(gw.url, '2141-5', { query });
      expect(r.json.gateway_res_code, JSON.stringify(query)).toBe(code);
      expect(r.status).toBe(401);
    }
    const once = fresh();
    expect((await call(gw.url, '2141-5', { query: once })).json.gateway_res_code).toBe(0);
    const replay = await call(gw.url, '2141-5', { query: once });
    expect(replay.json.gateway_res_code).toBe(-1004);
    expect(replay.json.gateway_res_error).toContain('already used');
  });

  it('a wrongly signed call does not use up the nonce it carries', async () => {
    const good = signRequest({ method: 'GET', pointId: '2141-5', appid: app.appid, secret: app.secret, params: {} });
    expect((await call(gw.url, '2141-5', { query: { ...good, gateway_sign: 'a'.repeat(64) } })).json.gateway_res_code).toBe(-1004);
    expect((await call(gw.url, '2141-5', { query: good })).json.gateway_res_code).toBe(0);
  });
});

describe('token mode', () => {
  it('accepts the token in the gateway-access-token header or the access_token parameter', async () => {
    const token = await gw.createToken(app.appid, { permissions: ['2582-16'] });
    const byHeader = await call(gw.url, '2582-16', { form: { JobId: 'j', ds_id: 'local' }, headers: { 'gateway-access-token': token } });
    expect(AUTH_CODES).not.toContain(byHeader.json.gateway_res_code);
    const byParam = await call(gw.url, '2582-16', { form: { JobId: 'j', ds_id: 'local', access_token: token } });
    expect(AUTH_CODES).not.toContain(byParam.json.gateway_res_code);
  });

  it('refuses unknown and expired tokens with -1012 / 401', async () => {
    const expired = await gw.createToken(app.appid, { endTime: Date.now() - 1 });
    for (const token of ['0'.repeat(32), expired, app.appKey]) {
      const r = await call(gw.url, '2582-16', { form: { JobId: 'j', ds_id: 'local' }, headers: { 'gateway-access-token': token } });
      expect(r.status).toBe(401);
      expect(r.json.gateway_res_code).toBe(-1012);
    }
  });

  it('refuses tokens of a disabled application with -1010', async () => {
    const owner = await gw.createApp('owner');
    const token = await gw.createToken(owner.appid);
    const { applicationsRepo } = await import('../../../src/gateway/store/applications');
    const { openStorage } = await import('../../../src/gateway/store/db');
    const s = await openStorage(gw.config.DATABASE_URL);
    await applicationsRepo(s.db).setDisabled(owner.appid, true);
    await s.close();
    const r = await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } });
    expect(r.json.gateway_res_code).toBe(-1010);
  });

  it('refuses points outside the permission list (-1014) and 2141 points whatever the list says (-1006)', async () => {
    const token = await gw.createToken(app.appid, { permissions: ['1917-1', '2141-*'] });
    const r = await call(gw.url, '2582-16', { form: { JobId: 'j', ds_id: 'local' }, headers: { 'gateway-access-token': token } });
    expect(r.status).toBe(403);
    expect(r.json.gateway_res_code).toBe(-1014);
    for (const point of ['2141-1', '2141-4', '2141-5']) {
      const m = await call(gw.url, point, { form: { out_code: 'x', permission_list: '2141-*' }, headers: { 'gateway-access-token': token } });
      expect(m.status).toBe(403);
      expect(m.json.gateway_res_code).toBe(-1006);
    }
  });

  it('enforces ip_white_list on the socket address', async () => {
    const outside = await gw.createToken(app.appid, { ipWhiteList: ['10.0.0.0/8', '2001:db8::/32'] });
    const r = await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': outside, 'x-forwarded-for': '10.1.2.3' } });
    expect(r.status).toBe(403);
    expect(r.json.gateway_res_code).toBe(-1013);
    const inside = await gw.createToken(app.appid, { ipWhiteList: ['127.0.0.0/8'] });
    const ok = await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': inside } });
    expect(AUTH_CODES).not.toContain(ok.json.gateway_res_code);
  });

  it('limits calls per second with rate (-1009 / 429)', async () => {
    const token = await gw.createToken(app.appid, { rate: 3 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } })),
    );
    const limited = results.filter((r) => r.json.gateway_res_code === -1009);
    expect(10 - limited.length).toBe(3);
    for (const r of limited) expect(r.status).toBe(429);
    // a new second brings a new budget
    await new Promise((r) => setTimeout(r, 1100));
    const later = await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } });
    expect(later.json.gateway_res_code).not.toBe(-1009);
  });
});

describe('TRUST_PROXY', () => {
  it('takes the client address from X-Forwarded-For only when configured', async () => {
    const proxied = await startTestGateway({ TRUST_PROXY: '127.0.0.1' });
    try {
      const a = await proxied.createApp();
      const token = await proxied.createToken(a.appid, { ipWhiteList: ['10.1.2.3'] });
      const r = await call(proxied.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token, 'x-forwarded-for': '10.1.2.3' } });
      expect(r.json.gateway_res_code).not.toBe(-1013);
      const direct = await call(proxied.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } });
      expect(direct.json.gateway_res_code).toBe(-1013);
    } finally {
      await proxied.stop();
    }
  });
});
