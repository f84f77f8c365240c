import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient } from '../../src/extension/background/gateway';
import { type TestGateway, startTestGateway } from '../support/gateway';

/*
 * The background's gateway client against a real gateway on loopback (the answers the extension
 * will meet), and against hand-made answers for what a well-behaved gateway never sends.
 */

let gw: TestGateway;
let base: string;
let appid: number;

beforeAll(async () => {
  gw = await startTestGateway();
  base = gw.url;
  appid = (await gw.createApp('extension-test')).appid;
});
afterAll(async () => gw?.stop());

const plateParams = { ImageURL: 'https://example.com/plate.jpg', ds_id: 'local' };

describe('against the real gateway', () => {
  it('maps an unknown token to the localized TOKEN_INVALID message', async () => {
    const res = await gatewayClient(base, 'no-such-token').call('1917-1', { code: '100089' });
    expect(res).toMatchObject({ ok: false, error: { key: 'err_TOKEN_INVALID', code: -1012 } });
  });

  it('says an expired token expired, with the gateway detail', async () => {
    const token = await gw.createToken(appid, { endTime: Date.now() - 60_000 });
    const res = await gatewayClient(base, token).call('1917-1', { code: '100089' });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error).toMatchObject({ key: 'err_TOKEN_INVALID', code: -1012 });
    expect(res.error.detail).toMatch(/expired/);
  });

  it('maps a point outside the permission list to TOKEN_NO_PERMISSION', async () => {
    const token = await gw.createToken(appid, { permissions: ['1917-1'] });
    const res = await gatewayClient(base, token).call('2582-20', plateParams);
    expect(res).toMatchObject({ ok: false, error: { key: 'err_TOKEN_NO_PERMISSION', code: -1014 } });
  });

  it('refuses a URL with Chinese characters before sending it, as the gateway would', async () => {
    const token = await gw.createToken(appid);
    const res = await gatewayClient(base, token).call('2582-20', { ImageURL: 'https://example.com/车牌.jpg', ds_id: 'local' });
    expect(res).toMatchObject({ ok: false, error: { key: 'err_PARAM_INVALID' } });
    if (!res.ok) expect(res.error.code).toBeUndefined();
  });

  it('explains a gateway that is not there', async () => {
    const res = await gatewayClient('http://127.0.0.1:9', 'x').call('1917-1', { code: '100089' });
    expect(res).toMatchObject({ ok: false, error: { key: 'err_network', subs: ['http://127.0.0.1:9'] } });
  });
});

/** A fetch that answers `body` with `status`, and records what it was asked. */
function answering(body: unknown, status = 200) {
  const seen: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { impl, seen };
}

const envelope = (body: unknown, code = 0, error = '') => ({ gateway_res_code: code, gateway_res_error: error, gateway_res_id: 'r1', gateway_res_body: body });

describe('answers checked against the protocol', () => {
  it('sends a form-encoded POST with the token in its header', async () => {
    const { impl, seen } = answering(envelope({ ret_code: 0, remark: '', RequestId: 'q', Data: { VinCode: 'SAL1A2A40SA606662' } }));
    const res = await gatewayClient('http://gw', 'tok', impl).call('2582-18', plateParams);
    expect(res).toEqual({ ok: true, value: { ret_code: 0, remark: '', RequestId: 'q', Data: { VinCode: 'SAL1A2A40SA606662' } } });
    expect(seen[0]!.url).toBe('http://gw/2582-18');
    expect(seen[0]!.init.method).toBe('POST');
    expect((seen[0]!.init.headers as Record<string, string>)['gateway-access-token']).toBe('tok');
    expect(String(seen[0]!.init.body)).toBe('ImageURL=https%3A%2F%2Fexample.com%2Fplate.jpg&ds_id=local');
  });

  it('refuses an answer whose Data does not have the documented shape', async () => {
    const { impl } = answering(envelope({ ret_code: 0, remark: '', RequestId: 'q', Data: { Plates: [{ PlateNumber: 1 }] } }));
    const res = await gatewayClient('http://gw', 't', impl).call('2582-20', plateParams);
    expect(res).toMatchObject({ ok: false, error: { key: 'err_bad_response' } });
  });

  it('refuses HTML error pages and envelopes with missing fields', async () => {
    for (const body of ['<html>502 Bad Gateway</html>', { gateway_res_code: 0 }]) {
      const res = await gatewayClient('http://gw', 't', answering(body, 502).impl).call('1917-1', { code: '100089' });
      expect(res).toMatchObject({ ok: false, error: { key: 'err_bad_response' } });
    }
  });

  it('keeps only the detail of the gateway message, and names codes it does not know', async () => {
    const limited = answering(envelope({}, -1009, '超出调用频率或并发限制 (rate or concurrency limit reached): rate limit of 2 calls per second reached'), 429);
    expect(await gatewayClient('http://gw', 't', limited.impl).call('1917-1', { code: '100089' })).toEqual({
      ok: false,
      error: { key: 'err_LIMITED', subs: [], code: -1009, detail: 'rate limit of 2 calls per second reached' },
    });
    const odd = answering(envelope({}, -4242, 'something new'), 500);
    expect(await gatewayClient('http://gw', 't', odd.impl).call('1917-1', { code: '100089' })).toMatchObject({
      ok: false,
      error: { key: 'err_unknown_code', subs: ['-4242'], code: -4242 },
    });
  });

  it('reports business refusals with their remark; "not this document" has its own message', async () => {
    const wrong = answering(envelope({ ret_code: -2, remark: 'not a VIN plate', RequestId: 'q', Data: { VinCode: '' } }));
    expect(await gatewayClient('http://gw', 't', wrong.impl).call('2582-18', plateParams)).toMatchObject({
      ok: false,
      error: { key: 'err_wrong_document', code: -2, detail: 'not a VIN plate' },
    });
    const refused = answering(envelope({ ret_code: -1, remark: 'no rows', code: '', msg: '', allNum: 0, allPages: 0, currentPage: 1, maxResult: 20, contentlist: [], gateway_fee_code: 0 }));
    expect(await gatewayClient('http://gw', 't', refused.impl).call('1917-1', { code: '100089' })).toMatchObject({
      ok: false,
      error: { key: 'err_business', subs: ['no rows'] },
    });
  });
});
