import { afterEach, describe, expect, it } from 'vitest';
import { openStorage } from '../../../src/gateway/store/db';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { freePort } from '../fetch/server';

/*
 * /healthz and /readyz (docs/deploy.md): no credentials, never in the audit trail, the envelope
 * always; ready only when storage and Redis answer and the recognition threads are warm.
 */

let gw: TestGateway | undefined;
afterEach(async () => {
  await gw?.stop();
  gw = undefined;
});

async function get(base: string, path: string) {
  const res = await fetch(new URL(path, base));
  return { status: res.status, json: (await res.json()) as any };
}

describe('health and readiness', () => {
  it('answer without credentials and stay out of the audit trail', async () => {
    gw = await startTestGateway();
    const health = await get(gw.url, '/healthz');
    expect(health.status).toBe(200);
    expect(health.json.gateway_res_body).toEqual({ ret_code: 0, remark: '', status: 'ok' });
    const ready = await get(gw.url, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json.gateway_res_body).toEqual({ ret_code: 0, remark: '', status: 'ready', checks: { storage: 'ok', recognition: 'ok' } });
    // a point call is audited: the probes before it are not
    await fetch(new URL('/2141-4?appKey=nope&out_code=x', gw.url));
    const storage = await openStorage(gw.config.DATABASE_URL);
    try {
      await new Promise((r) => setTimeout(r, 400)); // the audit trail is written every 200 ms
      const rows = await storage.db.selectFrom('audit_log').select('point').execute();
      expect(rows).toEqual([{ point: '2141-4' }]);
    } finally {
      await storage.close();
    }
  });

  it('is not ready while the recognition threads warm up, then is', async () => {
    gw = await startTestGateway({ RECOGNITION_WORKERS: '1' });
    // loading three models takes seconds; the gateway listens meanwhile
    const warming = await get(gw.url, '/readyz');
    expect(warming.status).toBe(503);
    expect(warming.json).toMatchObject({ gateway_res_code: -7, gateway_res_body: {} });
    expect(warming.json.gateway_res_error).toContain('not ready: recognition warming');
    expect((await get(gw.url, '/healthz')).status).toBe(200);
    let ready = warming;
    for (let i = 0; i < 600 && ready.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      ready = await get(gw.url, '/readyz');
    }
    expect(ready.json.gateway_res_body.checks).toEqual({ storage: 'ok', recognition: 'ready' });
  }, 180_000);

  it('is not ready while Redis does not answer, and says so without its address', async () => {
    const port = await freePort();
    gw = await startTestGateway({ REDIS_URL: `redis://127.0.0.1:${port}` });
    const r = await get(gw.url, '/readyz');
    expect(r.status).toBe(503);
    expect(r.json.gateway_res_code).toBe(-7);
    expect(r.json.gateway_res_error).toMatch(/not ready: redis unavailable/);
    expect(r.json.gateway_res_error).not.toContain(String(port));
    expect((await get(gw.url, '/healthz')).status).toBe(200);
  });
});
