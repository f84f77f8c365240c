import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '../../src/gateway/http/server-limits';
import { hit } from '../scale/support/calls';
import { type Target, parseAnswer, startTarget } from './support';

/*
 * Slow clients (slowloris): hundreds of connections that send their headers a byte at a time
 * and never finish. They must not keep normal clients from being served, and the gateway must
 * close them once `headersTimeout` (10 s for all the headers) has passed, with a 408 envelope,
 * instead of holding them for as long as they trickle (docs/deploy.md, "HTTP limits").
 */

const SLOW_CLIENTS = 400;

describe('slow clients', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target?.close());

  it('do not starve normal clients and are closed with a 408 envelope after the header time-out', async () => {
    const { appKey } = await target.createApp();
    const slow = Array.from({ length: SLOW_CLIENTS }, () => {
      const socket = net.connect(target.port, '127.0.0.1');
      let received = '';
      const request = `POST /2141-4?appKey=${appKey} HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(200)}`;
      let sent = 0;
      // one byte a second: 200 seconds for the header if nobody stopped it
      const drip = setInterval(() => {
        if (sent < request.length && !socket.destroyed) socket.write(request[sent++]!);
      }, 1000);
      const closed = new Promise<string>((resolve) => {
        socket.on('data', (c) => (received += c.toString('latin1')));
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(drip);
          resolve(received);
        });
      });
      return { socket, closed };
    });
    await new Promise((r) => setTimeout(r, 1500));

    // meanwhile, normal clients are served (each answer within the hang detector of hit())
    for (let i = 0; i < 10; i++) {
      const [health, point] = await Promise.all([
        fetch(new URL('/healthz', target.url), { signal: AbortSignal.timeout(20_000) }),
        hit(target.url, '2141-4', { query: { appKey, out_code: `x${i}` } }),
      ]);
      expect(health.status).toBe(200);
      expect(point.code).toBe(0);
    }

    // and the slow ones are shown the door, each with the envelope (generous bound: a detector)
    const bound = SERVER_LIMITS.headersTimeout + 20_000;
    const answers = await Promise.race([
      Promise.all(slow.map((s) => s.closed)),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`slow connections still open after ${bound / 1000} s`)), bound)),
    ]);
    for (const text of answers) {
      const { status, envelope } = parseAnswer(text);
      expect(status).toBe(408);
      expect(envelope).toMatchObject({ gateway_res_code: -1100, gateway_res_body: {} });
      expect(envelope.gateway_res_error).toContain('not received in time');
    }
    expect((await hit(target.url, '2141-4', { query: { appKey, out_code: 'after' } })).code).toBe(0);
  }, 60_000);
});
