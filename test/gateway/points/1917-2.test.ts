import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { storageBackends } from '../../support/services';
import { type Caller, FIXTURE_CSV, callers, credentials, line, malformed, okPage } from '../postal/support';

/*
 * 1917-2 (region → postal codes) over HTTP on the committed fixture. The full data set:
 * test/gateway/postal/shared-data.test.ts.
 */

const backends = await storageBackends();

describe.each(backends)('1917-2 on $name', (backend) => {
  let gw: TestGateway;
  let modes: Record<string, Caller>;
  /** the rows of a lookup as compact lines, all pages */
  let lookup: (f: Record<string, string>) => Promise<string[]>;
  beforeAll(async () => {
    if (!backend.available) return;
    gw = await startTestGateway({ DATABASE_URL: backend.url, POSTAL_CSV: FIXTURE_CSV });
    modes = callers(gw, await credentials(gw));
    lookup = async (f) => okPage(await modes['appKey GET']!('1917-2', { maxResult: '50', ...f })).contentlist.map(line);
  });
  afterAll(async () => {
    await gw?.stop();
    await backend.cleanup();
  });

  describe.skipIf(!backend.available)('', () => {
    it('answers one row per county and code, county "", by every auth mode, GET and POST', async () => {
      for (const [mode, callPoint] of Object.entries(modes)) {
        const body = okPage(await callPoint('1917-2', { province: '北京' }));
        expect(body.contentlist.map(line), mode).toEqual([
          '北京市/北京市/海淀区//100089',
          '北京市/北京市/东城区//100010',
          '北京市/北京市/朝阳区//100020',
        ]);
        expect(body, mode).toMatchObject({ allNum: 3, allPages: 1, currentPage: 1, maxResult: 20, ret_code: 0, remark: '' });
      }
    });

    it('matches names exactly or by prefix: 北京 = 北京市, 海淀 = 海淀区, 广西 = 广西壮族自治区', async () => {
      expect(await lookup({ province: '北京市' })).toEqual(await lookup({ province: '北京' }));
      expect(await lookup({ province: '北' })).toEqual(await lookup({ province: '北京' }));
      expect(await lookup({ area: '海淀' })).toEqual(['北京市/北京市/海淀区//100089']);
      expect(await lookup({ area: '海淀区' })).toEqual(['北京市/北京市/海淀区//100089']);
      expect(await lookup({ province: '广西' })).toEqual(['广西壮族自治区/南宁市/兴宁区//530012']);
      expect(await lookup({ province: '广西壮族' })).toEqual(['广西壮族自治区/南宁市/兴宁区//530012']);
      expect(await lookup({ city: '延边' })).toEqual(['吉林省/延边朝鲜族自治州/延吉市//133000']);
      expect(await lookup({ city: '北京', area: '东城' })).toEqual(['北京市/北京市/东城区//100010']);
    });

    it('tolerates the wrong or a missing suffix (广西省, 海淀县, 延边州, 东华门街道办事处) and says so in msg', async () => {
      expect(await lookup({ province: '广西省' })).toEqual(['广西壮族自治区/南宁市/兴宁区//530012']);
      expect(await lookup({ province: '广西自治区' })).toEqual(['广西壮族自治区/南宁市/兴宁区//530012']);
      expect(await lookup({ area: '海淀县' })).toEqual(['北京市/北京市/海淀区//100089']);
      expect(await lookup({ city: '延边州' })).toEqual(['吉林省/延边朝鲜族自治州/延吉市//133000']);
      expect(await lookup({ province: '香港特区' })).toEqual([]);
      expect(await lookup({ county: '东华门街道办事处' })).toEqual(['北京市/北京市/东城区/东华门街道/100010']);
      expect(await lookup({ county: '中关村镇' })).toEqual(['北京市/北京市/海淀区/中关村街道/100089']);
      const body = okPage(await modes['appKey GET']!('1917-2', { province: '广西省' }));
      expect(body.msg).toContain('without their suffixes');
    });

    it('returns every match of an ambiguous name: 朝阳区 in Beijing and Changchun', async () => {
      expect(await lookup({ area: '朝阳区' })).toEqual(['北京市/北京市/朝阳区//100020', '吉林省/长春市/朝阳区//130012']);
      // names as written win: 朝阳区 does not also bring 朝阳县, but 朝阳 (a prefix) does
      expect(await lookup({ area: '朝阳' })).toEqual([
        '北京市/北京市/朝阳区//100020',
        '吉林省/长春市/朝阳区//130012',
        '辽宁省/朝阳市/朝阳县//122000',
      ]);
      expect(await lookup({ province: '吉林', area: '朝阳区' })).toEqual(['吉林省/长春市/朝阳区//130012']);
      // 辽宁 has no 朝阳区: its 朝阳县 is what the caller can have meant
      expect(await lookup({ province: '辽宁', area: '朝阳区' })).toEqual(['辽宁省/朝阳市/朝阳县//122000']);
      expect(await lookup({ area: '东乡县' })).toEqual([
        '甘肃省/临夏回族自治州/东乡族自治县//731400',
        '江西省/抚州市/东乡区//331800',
      ]);
    });

    it('answers one row per street when county is given', async () => {
      expect(await lookup({ county: '中关村' })).toEqual(['北京市/北京市/海淀区/中关村街道/100089']);
      expect(await lookup({ area: '湾仔', county: '' })).toEqual(['香港特别行政区/香港特别行政区/湾仔区//999077']);
      const streets = await lookup({ province: '甘肃', county: '锁南' });
      expect(streets).toEqual(['甘肃省/临夏回族自治州/东乡族自治县/锁南镇/731400']);
      const beijing = await lookup({ city: '北京市', area: '海淀', county: '街道' });
      expect(beijing).toEqual([]);
      const chaoyang = await lookup({ county: '朝阳街道' });
      expect(chaoyang).toEqual(['广西壮族自治区/南宁市/兴宁区/朝阳街道/530012']);
    });

    it('pages: page 2 differs, allPages is right, a page past the end is empty and no error', async () => {
      const get = (page: string) => modes['token header POST']!('1917-2', { province: '北京', maxResult: '2', page });
      const one = okPage(await get('1'));
      const two = okPage(await get('2'));
      expect(one).toMatchObject({ allNum: 3, allPages: 2, currentPage: 1, maxResult: 2 });
      expect(two).toMatchObject({ allNum: 3, allPages: 2, currentPage: 2 });
      expect(two.contentlist.map(line)).toEqual(['北京市/北京市/朝阳区//100020']);
      expect(one.contentlist.map(line)).not.toContain(two.contentlist.map(line)[0]);
      expect(okPage(await get('3'))).toMatchObject({ allNum: 3, allPages: 2, currentPage: 3, contentlist: [] });
      const streets = okPage(await modes['signature GET']!('1917-2', { area: '海淀', county: '街', maxResult: '10', page: '3' }));
      expect(streets).toMatchObject({ currentPage: 3, maxResult: 10 });
      expect(streets.allPages).toBe(Math.ceil(streets.allNum / 10));
    });

    it('answers no match with ret_code 0, allNum 0 and a msg that says so', async () => {
      const body = okPage(await modes['access_token GET']!('1917-2', { province: '台湾' }));
      expect(body).toMatchObject({ allNum: 0, allPages: 0, currentPage: 1, contentlist: [], remark: '' });
      expect(body.msg).toContain('no region matches province=台湾');
      expect(await lookup({ province: '北京', area: '浦东' })).toEqual([]);
    });

    it('treats names as names: wildcards and quotes match nothing special', async () => {
      for (const name of ['%', '_', "'", '\\', '北京%', '*']) expect(await lookup({ province: name }), name).toEqual([]);
    });

    it('refuses a request without any name, or with a name past 64 characters, with -1100 / 400', async () => {
      malformed(await modes['appKey GET']!('1917-2', {}), 'at least one of province, city, area, county');
      malformed(await modes['appKey POST']!('1917-2', { province: '', city: ' ' }), 'at least one');
      malformed(await modes['appKey GET']!('1917-2', { area: '海'.repeat(65) }), 'area');
      malformed(await modes['appKey GET']!('1917-2', { area: '海淀', maxResult: '100' }), 'maxResult');
      // NUL would reach PostgreSQL, which refuses it in text (a 500 before this check)
      for (const name of ['\u0000', '北\u0000', 'a\tb', '\u007f']) malformed(await modes['appKey GET']!('1917-2', { county: name }), 'control');
    });
  });
});
