import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';

/*
 * Issue 14, finding 7 (info), the gateway's side: fetch errors said what an internal host name
 * resolves to; IMAGE_FETCH_ALLOW opened every port of a host (test/gateway/fetch/fetch.test.ts);
 * invalid UTF-8 was accepted although docs/api.md says it is refused. (The overlay's trusted
 * events: test/extension/region-overlay.test.ts.)
 */

let gw: TestGateway;
let appKey: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ appKey } = await gw.createApp());
});
afterAll(() => gw?.stop());

function postRaw(body: Buffer): Promise<{ status: number; json: any }> {
  const u = new URL(`/2141-4?appKey=${appKey}`, gw.url);
  return new Promise((resolve, reject) => {
    const req = http.request(u, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('finding 7: smaller leaks and loose ends', () => {
  it('refuses a body with bytes that are not UTF-8 (-1100) instead of storing U+FFFD', async () => {
    const r = await postRaw(Buffer.concat([Buffer.from('out_code=a'), Buffer.from([0xff, 0xfe]), Buffer.from('b')]));
    expect(r.status).toBe(400);
    expect(r.json.gateway_res_code).toBe(-1100);
    expect(r.json.gateway_res_error).toContain('not valid UTF-8');
    const encoded = await postRaw(Buffer.from('out_code=a%FF%FEb'));
    expect(encoded.json.gateway_res_code).toBe(-1100);
    expect((await postRaw(Buffer.from('out_code=%E7%94%A8%E6%88%B7'))).json.gateway_res_code).toBe(0);
  });

  it('says what kind of address an internal name resolves to, never the address', async () => {
    const r = await call(gw.url, '2582-24', { query: { appKey }, form: { ImageURL: 'http://localhost:9/a.png', ds_id: 'local' } });
    expect(r.json.gateway_res_code).toBe(-1102);
    expect(r.json.gateway_res_error).toContain('address not allowed: localhost resolves to a loopback address');
    expect(r.json.gateway_res_error).not.toMatch(/127\.0\.0\.1|::1/);
  });
});
