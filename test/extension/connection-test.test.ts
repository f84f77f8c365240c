import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../src/extension/background/connection-test';
import type { GatewayClient } from '../../src/extension/background/gateway';
import { gatewayClient } from '../../src/extension/background/gateway';
import { type TestGateway, startTestGateway } from '../support/gateway';

let gw: TestGateway;
let appid: number;

beforeAll(async () => {
  gw = await startTestGateway({ POSTAL_CSV: path.resolve(import.meta.dirname, '../e2e/fixtures/postal.csv') });
  appid = (await gw.createApp('connection-test')).appid;
});
afterAll(async () => gw?.stop());

const states = (r: Awaited<ReturnType<typeof testConnection>>) => Object.fromEntries(r.points.map((p) => [p.id, p.state]));

describe('test connection against the real gateway', () => {
  it('lists what a postal-only token may do; the 2141 points are never probed', async () => {
    const token = await gw.createToken(appid, { permissions: ['1917-*'] });
    const report = await testConnection(gatewayClient(gw.url, token));
    expect(report.ok).toBe(true);
    const s = states(report);
    expect(s['1917-1']).toBe('allowed');
    expect(s['1917-2']).toBe('allowed');
    // every recognition point is served: outside the token's list it is "denied" (-1014), never "unavailable" (-6)
    expect(s['2582-20']).toBe('denied');
    expect(Object.values(s)).not.toContain('unavailable');
    expect(Object.keys(s).some((id) => id.startsWith('2141-'))).toBe(false);
  });

  it('a token for everything sees every served point allowed', async () => {
    const token = await gw.createToken(appid, { permissions: ['2582-*', '1917-*'] });
    const s = states(await testConnection(gatewayClient(gw.url, token)));
    expect(s['1917-1']).toBe('allowed');
    expect(s['2582-18']).toBe('allowed');
    expect(Object.values(s)).not.toContain('unavailable');
    expect(Object.values(s)).not.toContain('denied');
  });

  it('stops at an expired token and says so', async () => {
    const token = await gw.createToken(appid, { endTime: Date.now() - 1000 });
    const report = await testConnection(gatewayClient(gw.url, token));
    expect(report).toMatchObject({ ok: false, error: { key: 'err_TOKEN_INVALID', code: -1012 }, points: [] });
  });

  it('waits and retries when the probes hit the token rate limit', async () => {
    const token = await gw.createToken(appid, { permissions: ['1917-*'], rate: 1 });
    const slept: number[] = [];
    const report = await testConnection(gatewayClient(gw.url, token), {
      sleep: (ms) => (slept.push(ms), new Promise((r) => setTimeout(r, ms))),
    });
    expect(report.ok).toBe(true);
    expect(states(report)['1917-2']).toBe('allowed');
    expect(slept.length).toBeGreaterThan(0);
  });
});

describe('test connection, answers a gateway should not give', () => {
  it('reports a network failure as the failure of the whole test', async () => {
    const client: GatewayClient = {
      baseUrl: 'http://x',
      call: async () => ({ ok: false, error: { key: 'err_network', subs: ['http://x'] } }),
    };
    expect(await testConnection(client)).toMatchObject({ ok: false, error: { key: 'err_network' } });
  });
});
