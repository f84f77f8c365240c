import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/gateway/config';
import { openStorage } from '../../../src/gateway/store/db';
import { auditLog } from '../../../src/gateway/store/audit';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';

/*
 * Issue 14, finding 5: "TRUST_PROXY=true trusts the client's own first X-Forwarded-For entry", so
 * a spoofed address passed ip_white_list and METRICS_ALLOW and landed in the audit log. `true` is
 * now refused at start; a hop count or the proxies' addresses take the right-most address that
 * is not a trusted proxy. The test process plays the proxy (127.0.0.1) that appends the address
 * it saw (203.0.113.7) to what the client sent.
 */

const SPOOFED = '10.1.2.3';
const REAL = '203.0.113.7';

describe('finding 5: TRUST_PROXY trusted the client-written X-Forwarded-For entry', () => {
  it('refuses TRUST_PROXY=true at start, saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe the client-written left-most X-Forwarded-For entry; give the hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.intra' })).toThrow(/not an address, CIDR block or hop count: proxy.intra/);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 10.1.0.0/16 ,loopback' }).TRUST_PROXY).toBe('10.0.0.1,10.1.0.0/16,loopback');
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  for (const setting of ['1', '127.0.0.1', 'loopback']) {
    describe(`TRUST_PROXY=${setting}`, () => {
      let gw: TestGateway;
      beforeAll(async () => {
        gw = await startTestGateway({ TRUST_PROXY: setting, METRICS_ALLOW: '10.0.0.0/8' });
      });
      afterAll(() => gw?.stop());

      it('takes the right-most untrusted address: a spoofed entry passes neither ip_white_list nor METRICS_ALLOW, nor reaches the audit log', async () => {
        const app = await gw.createApp();
        const token = await gw.createToken(app.appid, { ipWhiteList: [SPOOFED], permissions: ['1917-*'] });
        const xff = { 'x-forwarded-for': `${SPOOFED}, ${REAL}` };
        const spoofed = await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token, ...xff } });
        expect(spoofed.status).toBe(403);
        expect(spoofed.json.gateway_res_code).toBe(-1013);
        const metrics = await fetch(new URL('/metrics', gw.url), { headers: xff });
        expect(metrics.status).toBe(404);
        // the proxy's own view is believed: the client really at 10.1.2.3 passes
        const real = await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token, 'x-forwarded-for': SPOOFED } });
        expect(real.json.gateway_res_code).not.toBe(-1013);

        // the audit trail is written in batches: read it through a second connection once both calls are in
        const storage = await openStorage(gw.config.DATABASE_URL);
        try {
          const audit = auditLog(storage.db);
          let rows = await audit.list({ appid: app.appid, point: '1917-1', limit: 10 });
          for (let i = 0; i < 50 && rows.length < 2; i++) {
            await new Promise((r) => setTimeout(r, 100));
            rows = await audit.list({ appid: app.appid, point: '1917-1', limit: 10 });
          }
          expect(rows.map((r) => r.client_ip).sort()).toEqual([SPOOFED, REAL].sort());
        } finally {
          await storage.close();
        }
      });
    });
  }
});
