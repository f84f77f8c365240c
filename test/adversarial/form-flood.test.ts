import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FORM_FIELDS } from '../../src/gateway/http/form';
import { eventually, hit } from '../scale/support/calls';
import { metric } from '../scale/support/cluster';
import { type Target, healthDuring, probesSaid, parseAnswer, rawExchange, startTarget } from './support';

/*
 * Issue 14, finding 3: "CPU before authentication". A 20 MB body of 2.84 million short fields
 * took 12 s of form parsing and merging without any credentials (18 s with a bogus signature,
 * sorted before the check), MAX_IN_FLIGHT counted the request only after that, and /healthz
 * waited 17 s. Now a body past MAX_FORM_FIELDS is refused after one scan for "&", and a request
 * is counted in flight from its first byte.
 */

const FIELDS = 2_840_000;
const flood = 'ab=cd&'.repeat(FIELDS);

async function post(port: number, path: string, body: string): Promise<{ status: number; envelope: any }> {
  const r = await rawExchange(
    port,
    `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    60_000,
  );
  return parseAnswer(r.text);
}

describe('finding 3: CPU before authentication', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget({ MAX_IN_FLIGHT: '3' });
  });
  afterAll(() => target?.close());

  it(`refuses ${FIELDS} fields without credentials at once (-1100) and keeps answering /healthz within 100 ms`, async () => {
    const { medianMs, baselineMs, answers, ...probes } = await healthDuring(target.url, () => post(target.port, '/2141-5', flood), { parallel: 1 });
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.envelope.gateway_res_code).toBe(-1100);
      expect(a.envelope.gateway_res_error).toContain(`more than ${MAX_FORM_FIELDS} fields`);
    }
    expect(medianMs, probesSaid(probes)).toBeLessThan(baselineMs + probes.marginMs);
  }, 120_000);

  it('refuses them as fast with a bogus signature, and with the fields in the query string', async () => {
    const signed = await post(target.port, '/2141-5', `gateway_appid=1&gateway_sign=${'0'.repeat(64)}&gateway_timestamp=20240101000000&${flood}`);
    expect(signed.envelope.gateway_res_code).toBe(-1100);
    const query = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}=1`).join('&');
    const r = await hit(target.url, '2141-5', { query: Object.fromEntries(new URLSearchParams(query)) });
    expect(r.code).toBe(-1100);
    // at the cap, the fields are parsed (and an unauthenticated call is refused for that)
    const atCap = Array.from({ length: MAX_FORM_FIELDS }, (_, i) => `f${i}=1`).join('&');
    expect((await post(target.port, '/2141-5', atCap)).envelope.gateway_res_code).toBe(-1010);
    const longKey = await post(target.port, '/2141-5', `${'k'.repeat(300)}=1`);
    expect(longKey.envelope.gateway_res_error).toContain('longer than 256 characters');
  });

  it('counts a request in flight from its first byte: bodies still arriving hold MAX_IN_FLIGHT', async () => {
    const { appKey } = await target.createApp();
    const holders = await Promise.all(
      Array.from({ length: 3 }, () => new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(target.port, '127.0.0.1', () => {
          socket.write(`POST /2141-5?appKey=${appKey} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\npage=1&`);
          resolve(socket);
        });
        socket.on('error', reject);
      })),
    );
    try {
      const shed = await eventually(async () => {
        const r = await hit(target.url, '2141-5', { query: { appKey } });
        return r.code === -7 ? r : undefined;
      }, 'three slow bodies fill MAX_IN_FLIGHT=3');
      expect(shed.status).toBe(503);
      expect(await metric(target.url, 'gateway_requests_in_flight')).toBe(3);
    } finally {
      for (const s of holders) s.destroy();
    }
    const served = await eventually(async () => {
      const r = await hit(target.url, '2141-5', { query: { appKey } });
      return r.code === 0 ? r : undefined;
    }, 'served again once the slow clients are gone');
    expect(served.code).toBe(0);
    expect(await metric(target.url, 'gateway_requests_in_flight')).toBe(0);
  });
});
