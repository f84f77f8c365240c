import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeName, codes } from '../../src/protocol/codes';
import { pointIds, pointSpecs } from '../../src/protocol/points/index';
import { type TestGateway, startTestGateway } from '../support/gateway';

let gw: TestGateway;
let appKey: string;
let token: string;
beforeAll(async () => {
  gw = await startTestGateway();
  const app = await gw.createApp();
  appKey = app.appKey;
  token = await gw.createToken(app.appid, { permissions: ['2582-*', '1917-*'] });
});
afterAll(() => gw?.stop());

function fieldNames(id: (typeof pointIds)[number]): string[] {
  const shape = (pointSpecs[id].request as unknown as { shape?: Record<string, unknown>; def?: { in?: { shape?: object } } }).shape;
  return Object.keys(shape ?? {});
}

const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer().map(String),
  fc.constantFrom('', '0', '-1', 'true', 'false', '1e999', 'NaN', '2099-01-01 00:00:00', 'data:,x', 'http://127.0.0.1/', '中文', '%', '2582-*', '1917-1,'),
);

it('answers random forms on every point with a well-formed envelope and a matching HTTP status', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...pointIds),
      fc.constantFrom('appKey', 'token', 'none', 'badKey'),
      fc.constantFrom('GET', 'POST', 'PUT'),
      fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 4 }),
      fc.array(value, { maxLength: 8 }),
      async (id, auth, method, extra, values) => {
        const fields = fieldNames(id);
        const form = new URLSearchParams();
        fields.forEach((f, i) => {
          if (values[i] !== undefined) form.set(f, values[i]!);
        });
        for (const [k, v] of Object.entries(extra)) if (!form.has(k)) form.set(k, v);
        const url = new URL(`/${id}`, gw.url);
        if (auth === 'appKey') url.searchParams.set('appKey', appKey);
        if (auth === 'badKey') url.searchParams.set('appKey', 'x');
        const headers: Record<string, string> = auth === 'token' ? { 'gateway-access-token': token } : {};
        let body: string | undefined;
        if (method === 'GET') form.forEach((v, k) => url.searchParams.set(k, v));
        else {
          body = form.toString();
          headers['content-type'] = 'application/x-www-form-urlencoded';
        }
        const res = await fetch(url, { method, headers, body });
        const text = await res.text();
        const json = JSON.parse(text);
        expect(typeof json.gateway_res_code).toBe('number');
        expect(typeof json.gateway_res_error).toBe('string');
        expect(json.gateway_res_id).toMatch(/^[0-9a-f]{32}$/);
        expect(typeof json.gateway_res_body).toBe('object');
        const name = codeName(json.gateway_res_code);
        expect(name, text).toBeDefined();
        const expected = res.status === 405 ? 405 : codes[name!].http;
        expect(res.status, text).toBe(expected);
        expect(json.gateway_res_code, text).not.toBe(-1);
      },
    ),
    { numRuns: 400 },
  );
  const health = await fetch(`${gw.url}/healthz`);
  expect(health.status).toBe(200);
});
