import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseShanghaiTime } from '../../../src/protocol/subauth';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { manage, record } from '../../support/subauth';

let gw: TestGateway;
let appKey: string;
let appid: number;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ appKey, appid } = await gw.createApp());
});
afterAll(() => gw?.stop());

it('2141-3 adds expires_in to the current end of a valid token', async () => {
  const created = record((await manage(gw.url, appKey, '2141-1', { out_code: 'v', permission_list: '1917-1', expires_in: '3600' })).body.item);
  const r = await manage(gw.url, appKey, '2141-3', { out_code: 'v', expires_in: '7200' });
  const item = record(r.body.item);
  expect(parseShanghaiTime(item.end_time) - parseShanghaiTime(created.end_time)).toBe(7200_000);
  expect(item.expires_in).toBeGreaterThan(3 * 3600 - 5);
});

it('2141-3 extends an expired token from now, and the token works again', async () => {
  const token = await gw.createToken(appid, { outCode: 'old', endTime: Date.now() - 86400_000 });
  const r = await manage(gw.url, appKey, '2141-3', { out_code: 'old', expires_in: '600' });
  const item = record(r.body.item);
  expect(item.access_token).toBe(token);
  expect(item.expires_in).toBeGreaterThan(595);
  expect(item.expires_in).toBeLessThanOrEqual(600);
});

it('2141-3 sets a new end with end_time', async () => {
  await manage(gw.url, appKey, '2141-1', { out_code: 'e', permission_list: '1917-1' });
  const r = await manage(gw.url, appKey, '2141-3', { out_code: 'e', end_time: '2098-12-31 23:59:59' });
  expect(r.body.item.end_time).toBe('2098-12-31 23:59:59');
});

it('2141-3 refuses unknown out_codes (ret_code) and bad or missing validity (-1100)', async () => {
  const unknown = await manage(gw.url, appKey, '2141-3', { out_code: 'nobody', expires_in: '60' });
  expect(unknown.json.gateway_res_code).toBe(0);
  expect(unknown.body.ret_code).not.toBe(0);
  for (const form of <Record<string, string>[]>[{ out_code: 'e' }, { out_code: 'e', expires_in: '-5' }, { out_code: 'e', expires_in: '60', end_time: '2099-01-01 00:00:00' }, { out_code: 'e', end_time: '2000-01-01 00:00:00' }]) {
    const r = await manage(gw.url, appKey, '2141-3', form);
    expect(r.json.gateway_res_code, JSON.stringify(form)).toBe(-1100);
  }
});
