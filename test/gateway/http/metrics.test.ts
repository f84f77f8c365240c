import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/gateway/config';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';

/*
 * Prometheus metrics at /metrics (docs/deploy.md): request counts by point and code, latency,
 * in-flight, connections, recognition threads; readable from private networks by default
 * (METRICS_ALLOW), and never carrying credentials.
 */

let gw: TestGateway | undefined;
afterEach(async () => {
  await gw?.stop();
  gw = undefined;
});

async function scrape(base: string): Promise<{ status: number; text: string }> {
  const res = await fetch(new URL('/metrics', base));
  return { status: res.status, text: await res.text() };
}

/** The value of one series, e.g. sample(text, 'gateway_requests_total{point="2141-4",code="-1010"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts requests by point and gateway code, with their latency, and shows no credential', async () => {
    gw = await startTestGateway();
    const app = await gw.createApp();
    const token = await gw.createToken(app.appid, { permissions: ['1917-*'] });
    await call(gw.url, '2141-4', { query: { appKey: 'wrong-key-value', out_code: 'x' } });
    await call(gw.url, '2141-4', { query: { appKey: 'wrong-key-value', out_code: 'y' } });
    await call(gw.url, '2141-4', { query: { appKey: app.appKey, out_code: 'x' } });
    await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } });
    await call(gw.url, 'no-such-point');
    const { status, text } = await scrape(gw.url);
    expect(status).toBe(200);
    expect(sample(text, 'gateway_requests_total{point="2141-4",code="-1010"}')).toBe(2);
    expect(sample(text, 'gateway_requests_total{point="2141-4",code="0"}')).toBe(1);
    expect(sample(text, 'gateway_request_duration_seconds_count{point="2141-4"}')).toBe(3);
    expect(sample(text, 'gateway_request_duration_seconds_count{point="1917-1"}')).toBe(1);
    // the path as sent never becomes a label: unknown points share one series
    expect(text).not.toContain('no-such-point');
    expect(sample(text, 'gateway_requests_total{point="/:pointId",code="-6"}')).toBe(1);
    expect(sample(text, 'gateway_requests_in_flight')).toBe(0);
    expect(sample(text, 'gateway_open_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'gateway_recognition_threads{state="free"}')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    for (const secret of [app.appKey, app.secret, token, 'wrong-key-value']) expect(text).not.toContain(secret);
  });

  it('answers only the networks METRICS_ALLOW names, like a path that does not exist otherwise', async () => {
    gw = await startTestGateway({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7' });
    const refused = await fetch(new URL('/metrics', gw.url));
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as any).gateway_res_code).toBe(-6);
    await gw.stop();
    gw = await startTestGateway({ METRICS_ALLOW: 'off' });
    expect((await fetch(new URL('/metrics', gw.url))).status).toBe(404);
    await gw.stop();
    gw = await startTestGateway({ METRICS_ALLOW: '127.0.0.1' });
    expect((await scrape(gw.url)).status).toBe(200);
  });

  it('refuses a METRICS_ALLOW entry that is not an address or a block, at start', () => {
    expect(() => loadConfig({ METRICS_ALLOW: 'prometheus.intra' })).toThrow(/METRICS_ALLOW: not an address or CIDR block: prometheus.intra/);
    expect(loadConfig({}).METRICS_ALLOW).toContain('10.0.0.0/8');
  });
});
