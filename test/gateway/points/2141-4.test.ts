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

it('2141-4 returns the record of an out_code, by POST and by GET', async () => {
  const created = record((await manage(gw.url, appKey, '2141-1', { out_code: 'q', permission_list: '1917-1', remark: 'r' })).body.item);
  const post = await manage(gw.url, appKey, '2141-4', { out_code: 'q' });
  expect(record(post.body.item)).toMatchObject({ access_token: created.access_token, remark: 'r', create_time: created.create_time });
  const get = await call(gw.url, '2141-4', { query: { appKey, out_code: 'q' } });
  expect(get.body.item.access_token).toBe(created.access_token);
});

it('2141-4 says so for an out_code without token, and for one of another application', async () => {
  const r = await manage(gw.url, appKey, '2141-4', { out_code: 'none' });
  expect(r.json.gateway_res_code).toBe(0);
  expect(r.body.ret_code).not.toBe(0);
  expect(r.body.item).toBeNull();
  const other = await gw.createApp('other');
  expect((await manage(gw.url, other.appKey, '2141-4', { out_code: 'q' })).body.item).toBeNull();
});

it('2141-4 requires out_code', async () => {
  const r = await manage(gw.url, appKey, '2141-4', {});
  expect(r.status).toBe(400);
  expect(r.json.gateway_res_code).toBe(-1100);
  expect(r.json.gateway_res_error).toContain('out_code is required');
});
