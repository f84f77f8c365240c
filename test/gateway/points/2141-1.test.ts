import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShanghaiTime } from '../../../src/protocol/subauth';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';
import { manage, record } from '../../support/subauth';

let gw: TestGateway;
let appKey: string;
let appid: number;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ appKey, appid } = await gw.createApp());
});
afterAll(() => gw?.stop());

describe('2141-1 create', () => {
  it('creates a token with defaults: 7 days, any IP, 10 calls per second and 4 in flight, trailing comma on the list', async () => {
    const before = Date.now();
    const r = await manage(gw.url, appKey, '2141-1', { out_code: 'user-1', permission_list: '2582-*, 1917-1' });
    expect(r.status).toBe(200);
    expect(r.json.gateway_res_code).toBe(0);
    expect(r.body.ret_code).toBe(0);
    const item = record(r.body.item);
    expect(item).toMatchObject({ out_code: 'user-1', appid, permission_list: '2582-*,1917-1,', ip_white_list: '', rate: 10, concurrency: 4, remark: '' });
    expect(item.access_token).toMatch(/^[0-9a-f]{32}$/);
    expect(item.expires_in).toBeGreaterThan(7 * 86400 - 5);
    expect(item.expires_in).toBeLessThanOrEqual(7 * 86400);
    const end = parseShanghaiTime(item.end_time);
    expect(end - before).toBeGreaterThanOrEqual(7 * 86400_000 - 2000);
    expect(end - before).toBeLessThan(7 * 86400_000 + 2000);
  });

  it('gives no limit where the caller asks for 0 (issue 14: the defaults apply only when nothing is said)', async () => {
    const r = await manage(gw.url, appKey, '2141-1', { out_code: 'unlimited', permission_list: '1917-1', rate: '0', concurrency: '0' });
    expect(record(r.body.item)).toMatchObject({ rate: 0, concurrency: 0 });
  });

  it('takes expires_in, end_time (Asia/Shanghai), ip list, rate, concurrency and remark', async () => {
    const r = await manage(gw.url, appKey, '2141-1', {
      out_code: 'user-2',
      permission_list: '2582-20',
      expires_in: '60',
      ip_white_list: '10.0.0.0/8,2001:db8::1',
      rate: '5',
      concurrency: '2',
      remark: '前台',
    });
    expect(record(r.body.item)).toMatchObject({ expires_in: 60, ip_white_list: '10.0.0.0/8,2001:db8::1', rate: 5, concurrency: 2, remark: '前台' });
    const r2 = await manage(gw.url, appKey, '2141-1', { out_code: 'user-3', permission_list: '1917-*', end_time: '2099-01-01 08:00:00' });
    expect(r2.body.item.end_time).toBe('2099-01-01 08:00:00');
    expect(parseShanghaiTime('2099-01-01 08:00:00')).toBe(Date.UTC(2099, 0, 1, 0, 0, 0));
  });

  it('refuses a second token for the same out_code and names 2141-6 and 2141-3', async () => {
    await manage(gw.url, appKey, '2141-1', { out_code: 'dup', permission_list: '1917-1' });
    const r = await manage(gw.url, appKey, '2141-1', { out_code: 'dup', permission_list: '1917-1' });
    expect(r.status).toBe(200);
    expect(r.json.gateway_res_code).toBe(0);
    expect(r.body.ret_code).not.toBe(0);
    expect(r.body.remark).toContain('2141-6');
    expect(r.body.remark).toContain('2141-3');
    expect(r.body.item).toBeNull();
  });

  it('refuses malformed fields with -1100 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ permission_list: '1917-1' }, 'out_code'],
      [{ out_code: 'x1' }, 'permission_list'],
      [{ out_code: 'x2', permission_list: '1917' }, 'permission_list'],
      [{ out_code: 'x3', permission_list: '1917-a' }, 'permission_list'],
      [{ out_code: 'x4', permission_list: ',' }, 'permission_list'],
      [{ out_code: 'x5', permission_list: '1917-1', rate: 'fast' }, 'rate'],
      [{ out_code: 'x6', permission_list: '1917-1', rate: '-1' }, 'rate'],
      [{ out_code: 'x7', permission_list: '1917-1', expires_in: '-60' }, 'expires_in'],
      [{ out_code: 'x8', permission_list: '1917-1', expires_in: '0' }, 'expires_in'],
      [{ out_code: 'x9', permission_list: '1917-1', ip_white_list: '10.0.0.300' }, 'ip_white_list'],
      [{ out_code: 'x10', permission_list: '1917-1', ip_white_list: '10.0.0.0/33' }, 'ip_white_list'],
      [{ out_code: 'x11', permission_list: '1917-1', end_time: '2099-02-30 00:00:00' }, 'end_time'],
      [{ out_code: 'x12', permission_list: '1917-1', end_time: '2001-01-01 00:00:00' }, 'end_time'],
      [{ out_code: 'x13', permission_list: '1917-1', expires_in: '60', end_time: '2099-01-01 00:00:00' }, 'end_time'],
      [{ out_code: 'x14', permission_list: '1917-1', concurrency: '1.5' }, 'concurrency'],
    ];
    for (const [form, field] of cases) {
      const r = await manage(gw.url, appKey, '2141-1', form);
      expect(r.status, JSON.stringify(form)).toBe(400);
      expect(r.json.gateway_res_code, JSON.stringify(form)).toBe(-1100);
      expect(r.json.gateway_res_error, JSON.stringify(form)).toContain(field);
    }
    const page = await call(gw.url, '2141-5', { query: { appKey, out_code: 'x' } });
    expect(page.body.allNum).toBe(0);
  });

  it('works by GET with the fields in the query string', async () => {
    const r = await call(gw.url, '2141-1', { query: { appKey, out_code: 'by-get', permission_list: '1917-*' } });
    expect(r.body.ret_code).toBe(0);
    expect(r.body.item.out_code).toBe('by-get');
  });
});
