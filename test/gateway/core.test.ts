import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointIds } from '../../src/protocol/points/index';
import { type TestGateway, call, startTestGateway } from '../support/gateway';

let gw: TestGateway;
let appKey: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ appKey } = await gw.createApp());
});
afterAll(() => gw?.stop());

/** A raw request, for bodies and headers fetch() will not send. */
function raw(opts: { method: string; path: string; headers?: Record<string, string | number>; body?: Buffer | string; writeUpTo?: number }) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const u = new URL(gw.url);
    const req = http.request({ host: u.hostname, port: u.port, method: opts.method, path: opts.path, headers: opts.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (opts.body !== undefined) {
      const body = typeof opts.body === 'string' ? Buffer.from(opts.body) : opts.body;
      req.write(opts.writeUpTo === undefined ? body : body.subarray(0, opts.writeUpTo));
    }
    if (opts.writeUpTo === undefined) req.end();
  });
}

function expectEnvelope(text: string, code: number) {
  const json = JSON.parse(text);
  expect(Object.keys(json).sort()).toEqual(['gateway_res_body', 'gateway_res_code', 'gateway_res_error', 'gateway_res_id']);
  expect(json.gateway_res_code).toBe(code);
  expect(json.gateway_res_id).toMatch(/^[0-9a-f]{32}$/);
  expect(json.gateway_res_error).not.toMatch(/\bat .*\.ts:\d+/);
  return json;
}

describe('routing', () => {
  it('answers unknown points and paths with -6 / 404 in the envelope', async () => {
    for (const path of ['/9999-1', '/2582-99', '/foo', '/', '/2141-1/extra', '/%E4%B8%AD']) {
      const r = await raw({ method: 'GET', path });
      expect(r.status, path).toBe(404);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expectEnvelope(r.text, -6);
    }
  });

  it('answers a method a point does not take with -1100 / 405 and an Allow header', async () => {
    const put = await raw({ method: 'PUT', path: `/2141-4?appKey=${appKey}` });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, POST');
    expectEnvelope(put.text, -1100);
    const get = await raw({ method: 'GET', path: `/2582-24?appKey=${appKey}` });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });

  it('serves every point of the contract (none answers 404 for the route itself)', async () => {
    for (const id of pointIds) {
      const r = await call(gw.url, id, { query: { appKey: 'nope' }, form: {} });
      expect(r.json.gateway_res_code, id).toBe(-1010);
    }
  });
});

describe('request bodies', () => {
  it('refuses a body over 20 MB with -1101 / 413 without reading it whole', async () => {
    const size = 21 * 1024 * 1024;
    const r = await raw({
      method: 'POST',
      path: `/2141-4?appKey=${appKey}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': size },
      body: Buffer.alloc(1024, 'a'),
      writeUpTo: 1024,
    });
    expect(r.status).toBe(413);
    expectEnvelope(r.text, -1101);
  });

  it('reads a body just under 20 MB', async () => {
    const body = `out_code=big&remark=&filler=${'a'.repeat(20 * 1024 * 1024 - 100)}`;
    const r = await raw({ method: 'POST', path: `/2141-4?appKey=${appKey}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(r.status).toBe(200);
    expectEnvelope(r.text, 0);
  });

  it('refuses malformed form bodies, other content types and repeated fields with -1100 / 400', async () => {
    const cases: [string, string][] = [
      ['application/x-www-form-urlencoded', 'out_code=%E4%B8'],
      ['application/x-www-form-urlencoded', 'out_code=%ZZ'],
      ['application/x-www-form-urlencoded', 'out_code=a&out_code=b'],
      ['application/json', '{"out_code":"a"}'],
      ['multipart/form-data; boundary=x', '--x\r\n'],
      ['text/plain', 'out_code=a'],
    ];
    for (const [type, body] of cases) {
      const r = await raw({ method: 'POST', path: `/2141-4?appKey=${appKey}`, headers: { 'content-type': type }, body });
      expect(r.status, `${type} ${body}`).toBe(400);
      expectEnvelope(r.text, -1100);
    }
    const q = await raw({ method: 'GET', path: `/2141-4?appKey=${appKey}&out_code=%E4` });
    expect(q.status).toBe(400);
  });

  it('ignores unknown fields', async () => {
    const r = await call(gw.url, '2141-5', { query: { appKey }, form: { whatever: '1', 'a[b]': 'c' } });
    expect(r.json.gateway_res_code).toBe(0);
  });
});

describe('CORS', () => {
  const origin = 'chrome-extension://abcdefghijklmnop';

  it('answers preflight for token calls', async () => {
    const r = await raw({
      method: 'OPTIONS',
      path: '/1917-1',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'gateway-access-token' },
    });
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['access-control-allow-headers']).toContain('gateway-access-token');
  });

  it('adds Access-Control-Allow-Origin to token calls only, errors included', async () => {
    const token = await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { origin, 'gateway-access-token': '0'.repeat(32) } });
    expect(token.json.gateway_res_code).toBe(-1012);
    expect(token.headers.get('access-control-allow-origin')).toBe('*');
    const key = await call(gw.url, '2141-5', { query: { appKey }, headers: { origin } });
    expect(key.json.gateway_res_code).toBe(0);
    expect(key.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('honours CORS_ORIGINS', async () => {
    const strict = await startTestGateway({ CORS_ORIGINS: 'https://ok.example' });
    try {
      const good = await call(strict.url, '1917-1', { query: { code: '1' }, headers: { origin: 'https://ok.example', 'gateway-access-token': 'x' } });
      expect(good.headers.get('access-control-allow-origin')).toBe('https://ok.example');
      const bad = await call(strict.url, '1917-1', { query: { code: '1' }, headers: { origin: 'https://evil.example', 'gateway-access-token': 'x' } });
      expect(bad.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await strict.stop();
    }
  });
});

describe('documents', () => {
  it('serves the OpenAPI document with every point and the code catalog', async () => {
    const res = await fetch(`${gw.url}/openapi.json`);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.keys(doc.paths).sort()).toEqual(pointIds.map((id) => `/${id}`).sort());
    expect(doc.paths['/2141-5'].get.parameters.map((p: { name: string }) => p.name)).toContain('maxResult');
    expect(doc.paths['/2582-20'].post.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(['ImageURL', 'ds_id']);
    expect(doc['x-gateway-codes'].map((c: { code: number }) => c.code)).toContain(-1014);
    // issue 16: the files 2582-22 reads, and its fields beyond the original description
    const vat = doc.paths['/2582-22'].post;
    expect(vat.requestBody.content['application/x-www-form-urlencoded'].schema.properties.FileType.enum).toEqual(['pdf', 'ofd', 'xml', 'jpg', 'png', 'bmp', 'gif']);
    const answer = JSON.stringify(vat.responses);
    for (const field of ['"InvoiceType"', '"Items"', '"UnitPrice"', '"TaxRate"', '"QRCode"']) expect(answer).toContain(field);
  });

  it('serves a readable API page at /docs', async () => {
    const res = await fetch(`${gw.url}/docs`);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    for (const id of pointIds) expect(html).toContain(`/${id}`);
    expect(html).toContain('车牌识别');
  });
});

it('gives every answer its own id', async () => {
  const ids = new Set<string>();
  for (let i = 0; i < 20; i++) ids.add((await call(gw.url, '2141-5', { query: { appKey } })).json.gateway_res_id);
  expect(ids.size).toBe(20);
});
