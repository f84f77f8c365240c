import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';
import { manage, record } from '../../support/subauth';

let gw: TestGateway;
let appKey: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ appKey } = await gw.createApp());
});
afterAll(() => gw?.stop());

it('2141-6 changes permissions, IPs, limits and remark but never validity', async () => {
  const created = record((await manage(gw.url, appKey, '2141-1', { out_code: 'p', permission_list: '1917-1', expires_in: '3600' })).body.item);
  const r = await manage(gw.url, appKey, '2141-6', {
    out_code: 'p',
    permission_list: '2582-*,1917-2',
    ip_white_list: '127.0.0.1',
    rate: '3',
    concurrency: '1',
    remark: 'changed',
    // not fields of 2141-6: ignored, validity does not move
    expires_in: '999999',
    end_time: '2099-01-01 00:00:00',
  });
  expect(r.body.ret_code).toBe(0);
  const fresh = record(r.body.fresh_item);
  expect(fresh).toMatchObject({ permission_list: '2582-*,1917-2,', ip_white_list: '127.0.0.1', rate: 3, concurrency: 1, remark: 'changed' });
  expect(fresh.end_time).toBe(created.end_time);
  expect(fresh.access_token).toBe(created.access_token);
});

it('2141-6 leaves fields that are not sent as they are', async () => {
  await manage(gw.url, appKey, '2141-1', { out_code: 'keep', permission_list: '1917-1', rate: '7', ip_white_list: '10.0.0.1' });
  const r = await manage(gw.url, appKey, '2141-6', { out_code: 'keep', concurrency: '2' });
  expect(record(r.body.fresh_item)).toMatchObject({ permission_list: '1917-1,', rate: 7, concurrency: 2, ip_white_list: '10.0.0.1' });
  const cleared = await manage(gw.url, appKey, '2141-6', { out_code: 'keep', ip_white_list: '' });
  expect(cleared.body.fresh_item.ip_white_list).toBe('');
});

it('2141-6 does nothing for an out_code without token, and says so', async () => {
  const r = await manage(gw.url, appKey, '2141-6', { out_code: 'nobody', rate: '1' });
  expect(r.json.gateway_res_code).toBe(0);
  expect(r.body.ret_code).toBe(0);
  expect(r.body.fresh_item).toBeNull();
  expect(r.body.remark).toMatch(/nobody.*no token.*nothing was done/);
  const check = await call(gw.url, '2141-4', { query: { appKey, out_code: 'nobody' } });
  expect(check.body.item).toBeNull();
});

it('2141-6 says nothing was changed when no field is given, and refuses bad values', async () => {
  await manage(gw.url, appKey, '2141-1', { out_code: 'n', permission_list: '1917-1' });
  const r = await manage(gw.url, appKey, '2141-6', { out_code: 'n' });
  expect(r.body).toMatchObject({ ret_code: 0, fresh_item: null });
  expect(r.body.remark).not.toBe('');
  for (const form of <Record<string, string>[]>[{ out_code: 'n', rate: 'x' }, { out_code: 'n', permission_list: '2582' }, { out_code: 'n', ip_white_list: 'localhost' }]) {
    expect((await manage(gw.url, appKey, '2141-6', form)).json.gateway_res_code, JSON.stringify(form)).toBe(-1100);
  }
});
