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

it('2141-2 deletes the token, returns the record, and the token stops working at once', async () => {
  const created = record((await manage(gw.url, appKey, '2141-1', { out_code: 'gone', permission_list: '2141-4,2582-16' })).body.item);
  const before = await call(gw.url, '2582-16', { form: { JobId: 'x', ds_id: 'local' }, headers: { 'gateway-access-token': created.access_token } });
  expect(before.json.gateway_res_code).not.toBe(-1012);

  const r = await manage(gw.url, appKey, '2141-2', { out_code: 'gone' });
  expect(r.body.ret_code).toBe(0);
  expect(record(r.body.item).access_token).toBe(created.access_token);

  const after = await call(gw.url, '2582-16', { form: { JobId: 'x', ds_id: 'local' }, headers: { 'gateway-access-token': created.access_token } });
  expect(after.status).toBe(401);
  expect(after.json.gateway_res_code).toBe(-1012);

  const again = await manage(gw.url, appKey, '2141-2', { out_code: 'gone' });
  expect(again.body.ret_code).not.toBe(0);
  expect(again.body.remark).toContain('gone');
  expect(again.body.item).toBeNull();
});

it('2141-2 only deletes within the calling application', async () => {
  const other = await gw.createApp('other');
  await manage(gw.url, appKey, '2141-1', { out_code: 'mine', permission_list: '1917-1' });
  const r = await manage(gw.url, other.appKey, '2141-2', { out_code: 'mine' });
  expect(r.body.ret_code).not.toBe(0);
  expect((await manage(gw.url, appKey, '2141-4', { out_code: 'mine' })).body.ret_code).toBe(0);
});
