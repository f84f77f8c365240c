import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';
import { storageBackends } from '../../support/services';
import { type Caller, type Credentials, FIXTURE_CSV, callers, credentials, line, malformed, okPage } from '../postal/support';

/*
 * 1917-1 (postal code → regions) over HTTP on the committed fixture, imported by the gateway at
 * start from POSTAL_CSV. The full data set: test/gateway/postal/shared-data.test.ts.
 */

const backends = await storageBackends();

describe.each(backends)('1917-1 on $name', (backend) => {
  let gw: TestGateway;
  let creds: Credentials;
  let modes: Record<string, Caller>;
  beforeAll(async () => {
    if (!backend.available) return;
    gw = await startTestGateway({ DATABASE_URL: backend.url, POSTAL_CSV: FIXTURE_CSV });
    creds = await credentials(gw);
    modes = callers(gw, creds);
  });
  afterAll(async () => {
    await gw?.stop();
    await backend.cleanup();
  });

  describe.skipIf(!backend.available)('', () => {
    it('answers 100089 with the streets of 海淀区, by every auth mode, GET and POST', async () => {
      for (const [mode, callPoint] of Object.entries(modes)) {
        const body = okPage(await callPoint('1917-1', { code: '100089' }));
        expect(body.code, mode).toBe('100089');
        expect(body.allNum, mode).toBe(29);
        expect(body.maxResult, mode).toBe(20);
        expect(body.allPages, mode).toBe(2);
        expect(body.currentPage, mode).toBe(1);
        expect(body.contentlist, mode).toHaveLength(20);
        expect(body.msg, mode).toContain('100089');
        for (const row of body.contentlist) expect(line(row)).toMatch(/^北京市\/北京市\/海淀区\/[^/]+\/100089$/);
        expect(body.contentlist.map(line)).toContain('北京市/北京市/海淀区/中关村街道/100089');
      }
    });

    it('answers 200120 with 浦东新区', async () => {
      const body = okPage(await modes['appKey GET']!('1917-1', { code: '200120' }));
      expect(body.allNum).toBe(25);
      expect(new Set(body.contentlist.map((r: { area: string }) => r.area))).toEqual(new Set(['浦东新区']));
      expect(body.contentlist[0]).toMatchObject({ province: '上海市', city: '上海市', code: '200120' });
    });

    it('pages: page 2 holds the rest, allPages is right, a page past the end is empty and no error', async () => {
      const get = (page: string, maxResult = '20') => modes['token header GET']!('1917-1', { code: '100089', page, maxResult });
      const one = okPage(await get('1'));
      const two = okPage(await get('2'));
      expect(two).toMatchObject({ allNum: 29, allPages: 2, currentPage: 2, maxResult: 20 });
      expect(two.contentlist).toHaveLength(9);
      const both = [...one.contentlist, ...two.contentlist].map(line);
      expect(new Set(both).size).toBe(29);
      const past = okPage(await get('3'));
      expect(past).toMatchObject({ allNum: 29, allPages: 2, currentPage: 3, contentlist: [] });
      const far = okPage(await get('999'));
      expect(far.contentlist).toEqual([]);
      const small = okPage(await get('5', '7'));
      expect(small).toMatchObject({ allNum: 29, allPages: 5, currentPage: 5, maxResult: 7 });
      expect(small.contentlist).toHaveLength(1);
      const max = okPage(await get('1', '50'));
      expect(max.contentlist).toHaveLength(29);
      expect(max.contentlist.map(line)).toEqual(both);
    });

    it('answers county-level rows with county ""', async () => {
      const body = okPage(await modes['appKey POST']!('1917-1', { code: '999077' }));
      expect(body.contentlist.map(line)).toEqual([
        '香港特别行政区/香港特别行政区/香港特别行政区//999077',
        '香港特别行政区/香港特别行政区/中西区//999077',
        '香港特别行政区/香港特别行政区/湾仔区//999077',
      ]);
    });

    it('answers an unknown code (100871, a single campus) with ret_code 0, allNum 0 and a msg that says so', async () => {
      for (const callPoint of [modes['appKey GET']!, modes['signature POST']!]) {
        const body = okPage(await callPoint('1917-1', { code: '100871' }));
        expect(body).toMatchObject({ code: '100871', allNum: 0, allPages: 0, currentPage: 1, contentlist: [], remark: '' });
        expect(body.msg).toMatch(/no region has postal code 100871/);
      }
    });

    it('refuses malformed codes and paging with -1100 / 400, naming the field', async () => {
      const get = (f: Record<string, string>) => modes['appKey GET']!('1917-1', f);
      malformed(await get({}), 'code is required');
      for (const code of ['', '10008', '1000890', 'abcdef', '10008９', ' 100089x', '１０００８９']) malformed(await get({ code }), 'code');
      malformed(await get({ code: '100089', maxResult: '51' }), 'maxResult');
      malformed(await get({ code: '100089', maxResult: '0' }), 'maxResult');
      malformed(await get({ code: '100089', page: '0' }), 'page');
      malformed(await get({ code: '100089', page: 'two' }), 'page');
      malformed(await modes['token header POST']!('1917-1', { code: '1000' }), 'code');
    });

    it('is refused to a token without 1917 permission and to bad credentials', async () => {
      const other = await gw.createToken(creds.appid, { permissions: ['2582-*'] });
      const r = await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': other } });
      expect(r.json.gateway_res_code).toBe(-1014);
      const narrow = await gw.createToken(creds.appid, { permissions: ['1917-1'] });
      expect((await call(gw.url, '1917-1', { query: { code: '100089', access_token: narrow } })).json.gateway_res_code).toBe(0);
      expect((await call(gw.url, '1917-2', { query: { area: '海淀', access_token: narrow } })).json.gateway_res_code).toBe(-1014);
      expect((await call(gw.url, '1917-1', { query: { code: '100089', appKey: 'f'.repeat(32) } })).json.gateway_res_code).toBe(-1010);
    });
  });
});

describe('1917-1 without postal data', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw?.stop());

  it('answers -6 (offline) and says how the operator loads data, rather than "not found" for every code', async () => {
    const { appKey } = await gw.createApp();
    for (const [point, query] of [['1917-1', { code: '100089' }], ['1917-2', { area: '海淀' }]] as const) {
      const r = await call(gw.url, point, { query: { ...query, appKey } });
      expect(r.status).toBe(404);
      expect(r.json.gateway_res_code).toBe(-6);
      expect(r.json.gateway_res_error).toContain('postal import');
    }
  });
});
