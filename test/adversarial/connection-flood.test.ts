import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankPng } from '../gateway/recognition/support';
import { eventually, heldImageServer, hit } from '../scale/support/calls';
import { metric } from '../scale/support/cluster';
import { type RawResult, type Target, parseAnswer, rawExchange, startTarget } from './support';

/*
 * Thousands of concurrent connections are shed with envelopes, not crashes (issue 7, item 5).
 * Two limits do it (docs/deploy.md, "HTTP limits"): past MAX_CONNECTIONS open connections a new
 * one gets a raw 503 envelope (-7) and is closed before the HTTP parser sees it
 * (server-limits.ts, capConnections); past MAX_IN_FLIGHT requests being served a request gets
 * -7 / 503 from the dispatcher. Both limits are set low here so the test stays cheap; the
 * connections that hold them are held by the test, so which answer each call gets does not
 * depend on timing.
 */

const FLOOD = 2000;
const MAX_CONNECTIONS = 32;
const MAX_IN_FLIGHT = 4;

/** What a well-behaved shed looks like: the -7 envelope with 503, or a close without a word. */
function expectShed(r: RawResult, reason: string): void {
  if (r.text === '') {
    expect(r.error ?? 'closed', 'neither an answer nor a close').not.toMatch(/no close/);
    return;
  }
  const { status, envelope } = parseAnswer(r.text);
  expect(status, r.text.slice(0, 200)).toBe(503);
  expect(envelope).toMatchObject({ gateway_res_code: -7, gateway_res_body: {} });
  expect(envelope.gateway_res_error).toContain(reason);
}

/**
 * A request whose headers are complete and whose body never comes: it holds its connection
 * (up to the 60 s request time-out) without reaching the dispatcher.
 */
function bodyless(port: number, path: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`);
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

describe('a flood of connections', () => {
  let target: Target;
  let appKey: string;
  const request = (outCode: string) => `GET /2141-4?appKey=${appKey}&out_code=${outCode} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;

  beforeAll(async () => {
    target = await startTarget({ MAX_CONNECTIONS: String(MAX_CONNECTIONS), MAX_IN_FLIGHT: String(MAX_IN_FLIGHT), IMAGE_FETCH_ALLOW: '127.0.0.1' });
    ({ appKey } = await target.createApp());
  });
  afterAll(() => target?.close());

  it(`sheds ${FLOOD} connections past MAX_CONNECTIONS with the 503 envelope, then serves normally`, async () => {
    // the counter is the gateway's since it started: this test reads what it adds, whatever ran
    // before; read on a connection that closes, so none is left open to take a holder's place
    const scrape = await rawExchange(target.port, 'GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const counted = /^gateway_connections_shed_total (\d+)/m.exec(scrape.text);
    expect(counted, scrape.text.slice(0, 200)).not.toBeNull();
    const shedBefore = Number(counted![1]);
    const holders = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => bodyless(target.port, `/2141-4?appKey=${appKey}`)));
    try {
      // full once a new connection is refused (holders still being accepted are served, and close)
      await eventually(async () => {
        const probe = await rawExchange(target.port, request('probe'));
        return parseAnswer(probe.text).status === 503 ? true : undefined;
      }, `${MAX_CONNECTIONS} connections held`);

      const answers = await Promise.all(Array.from({ length: FLOOD }, (_, i) => rawExchange(target.port, request(`flood-${i}`), 60_000)));
      for (const r of answers) expectShed(r, 'too many open connections');
      // most say why rather than just closing
      expect(answers.filter((r) => r.text !== '').length).toBeGreaterThan(FLOOD / 2);
    } finally {
      for (const s of holders) s.destroy();
    }

    const served = await eventually(async () => {
      const r = await hit(target.url, '2141-4', { query: { appKey, out_code: 'after' } });
      return r.status === 503 ? undefined : r;
    }, 'served again once the held connections are gone');
    expect(served.code).toBe(0);
    expect(await metric(target.url, 'gateway_connections_shed_total')).toBeGreaterThanOrEqual(shedBefore + FLOOD);
    expect((await fetch(new URL('/healthz', target.url))).status).toBe(200);
  }, 120_000);

  it('sheds requests past MAX_IN_FLIGHT with -7 / 503 at once, then serves normally', async () => {
    const images = await heldImageServer(await blankPng());
    try {
      // recognition calls waiting for their image hold every in-flight slot
      const held = Array.from({ length: MAX_IN_FLIGHT }, () =>
        hit(target.url, '2582-11', { query: { appKey }, form: { ImageURL: images.url, ds_id: 'local', MinHeight: '0' } }),
      );
      await eventually(async () => (images.waiting() === MAX_IN_FLIGHT ? true : undefined), 'the recognition calls wait for their image');

      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => rawExchange(target.port, request(`busy-${i}`))));
      for (const r of answers) {
        expect(r.text, 'a request within MAX_CONNECTIONS is answered').not.toBe('');
        const { status, envelope } = parseAnswer(r.text);
        // a connection past MAX_CONNECTIONS says so; the others are refused by the dispatcher
        expect(status).toBe(503);
        expect(envelope.gateway_res_code).toBe(-7);
      }
      expect(answers.some((r) => !r.text.includes('too many open connections')), 'some reached the dispatcher').toBe(true);

      images.release();
      for (const r of await Promise.all(held)) expect(r.code, JSON.stringify(r.json)).not.toBe(-7);
    } finally {
      await images.close();
    }
    expect((await hit(target.url, '2141-4', { query: { appKey, out_code: 'after-busy' } })).code).toBe(0);
    expect(await metric(target.url, 'gateway_requests_in_flight')).toBe(0);
  }, 120_000);
});
