import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';
import { manage, record } from '../../support/subauth';

let gw: TestGateway;
let appKey: string;
let appid: number;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ appKey, appid } = await gw.createApp());
  for (let i = 0; i < 23; i++) await manage(gw.url, appKey, '2141-1', { out_code: `shop-${String(i).padStart(2, '0')}`, permission_list: '1917-1' });
  await gw.createToken(appid, { outCode: 'shop-expired', endTime: Date.now() - 1000 });
  await manage(gw.url, appKey, '2141-1', { out_code: 'other', permission_list: '1917-1' });
});
afterAll(() => gw?.stop());

it('2141-5 pages with the default page size of 20', async () => {
  const r = await call(gw.url, '2141-5', { query: { appKey } });
  expect(r.body).toMatchObject({ ret_code: 0, allNum: 25, allPages: 2, currentPage: 1, maxResult: 20 });
  expect(r.body.contentlist).toHaveLength(20);
  for (const item of r.body.contentlist) record(item);
  const p2 = await call(gw.url, '2141-5', { query: { appKey, page: '2' } });
  expect(p2.body.contentlist).toHaveLength(5);
  const seen = new Set([...r.body.contentlist, ...p2.body.contentlist].map((i: { out_code: string }) => i.out_code));
  expect(seen.size).toBe(25);
});

it('2141-5 filters by out_code prefix and state', async () => {
  const shops = await manage(gw.url, appKey, '2141-5', { out_code: 'shop-', maxResult: '50' });
  expect(shops.body.allNum).toBe(24);
  const expired = await manage(gw.url, appKey, '2141-5', { state: 'expired' });
  expect(expired.body.allNum).toBe(1);
  expect(expired.body.contentlist[0]).toMatchObject({ out_code: 'shop-expired', expires_in: 0 });
  const valid = await manage(gw.url, appKey, '2141-5', { state: 'valid', out_code: 'shop-' });
  expect(valid.body.allNum).toBe(23);
});

it('2141-5 answers an empty page past the end and refuses bad paging', async () => {
  const past = await manage(gw.url, appKey, '2141-5', { page: '9' });
  expect(past.body).toMatchObject({ ret_code: 0, allNum: 25, currentPage: 9, contentlist: [] });
  for (const form of <Record<string, string>[]>[{ page: '0' }, { page: 'x' }, { maxResult: '51' }, { maxResult: '0' }, { state: 'old' }]) {
    const r = await manage(gw.url, appKey, '2141-5', form);
    expect(r.json.gateway_res_code, JSON.stringify(form)).toBe(-1100);
  }
});

it('2141-5 only lists the calling application', async () => {
  const other = await gw.createApp('other');
  expect((await manage(gw.url, other.appKey, '2141-5', {})).body.allNum).toBe(0);
});
