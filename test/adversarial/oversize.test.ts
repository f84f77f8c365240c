import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '../../src/gateway/http/server-limits';
import { hit } from '../scale/support/calls';
import { type Target, parseAnswer, rawExchange, startTarget } from './support';

/*
 * Oversize requests are refused before they cost much: headers past Node's maxHeaderSize (16 KiB,
 * request line included) get 431 with the envelope (-1101) from the HTTP parser's error handler
 * and the connection is closed; a body past 20 MB sent without a Content-Length (chunked) is cut
 * off at 20 MB with 413 / -1101. (A declared Content-Length over 20 MB: test/gateway/core.test.ts.)
 */

describe('oversize requests', () => {
  let target: Target;
  let appKey: string;
  beforeAll(async () => {
    target = await startTarget();
    ({ appKey } = await target.createApp());
  });
  afterAll(() => target?.close());

  it('answers headers over 16 KiB with 431 and the envelope, then closes the connection', async () => {
    const big = 'b'.repeat(SERVER_LIMITS.maxHeaderSize + 1024);
    const cases = [
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${big}\r\n\r\n`,
      // many small headers add up the same way
      `GET /healthz HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'c'.repeat(60)}\r\n`).join('')}\r\n`,
      // and so does a long request line
      `GET /2141-4?appKey=${appKey}&out_code=${big} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ];
    for (const request of cases) {
      const r = await rawExchange(target.port, request);
      const { status, envelope } = parseAnswer(r.text);
      expect(status, r.text.slice(0, 200)).toBe(431);
      expect(envelope).toMatchObject({ gateway_res_code: -1101, gateway_res_body: {} });
      expect(envelope.gateway_res_error).toContain('request headers over 16 KiB');
      expect(r.error ?? '').not.toMatch(/no close/);
    }
    expect((await hit(target.url, '2141-4', { query: { appKey, out_code: 'x' } })).code).toBe(0);
  });

  it('cuts off a chunked body at 20 MB with 413 / -1101, without reading the rest', async () => {
    const u = new URL(target.url);
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request({ host: u.hostname, port: u.port, method: 'POST', path: `/2141-4?appKey=${appKey}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      // up to 100 MB, as fast as the server takes it; it stops taking at 20 MB
      const pump = () => {
        while (sent < 100 && req.write(chunk)) sent++;
        if (sent < 100 && !req.destroyed) req.once('drain', () => (sent++, pump()));
        else req.end();
      };
      pump();
      setTimeout(() => reject(new Error('no answer within 20 s')), 20_000).unref();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ gateway_res_code: -1101, gateway_res_body: {} });
    expect(sent).toBeLessThan(100);
  });
});
