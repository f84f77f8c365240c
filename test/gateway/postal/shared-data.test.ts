import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPostalFile } from '../../../src/gateway/postal/import';
import { openStorage } from '../../../src/gateway/store/db';
import { postalRepo } from '../../../src/gateway/store/postal';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { storageBackends } from '../../support/services';
import { type Caller, SHARED_CSV, callers, credentials, line, okPage, sharedAvailable } from './support';

/*
 * The cases against the real data set (../shared/postal, 40,621 streets), imported by the
 * gateway at start from POSTAL_CSV, on SQLite and PostgreSQL. Skipped, with a message, where the
 * shared folder is absent; the fixture tests cover the same logic.
 */

const backends = await storageBackends();
const ROWS = 40_621;

describe.skipIf(!sharedAvailable).each(backends)('the shared postal data set on $name', (backend) => {
  let gw: TestGateway;
  let modes: Record<string, Caller>;
  let all: (point: string, f: Record<string, string>) => Promise<{ allNum: number; rows: string[] }>;
  beforeAll(async () => {
    if (!backend.available) return;
    gw = await startTestGateway({ DATABASE_URL: backend.url, POSTAL_CSV: SHARED_CSV });
    modes = callers(gw, await credentials(gw));
    // every page of a lookup, checking the paging fields on the way
    all = async (point, f) => {
      const rows: string[] = [];
      for (let page = 1; ; page++) {
        const body = okPage(await modes['token header GET']!(point, { ...f, maxResult: '50', page: String(page) }));
        expect(body.allPages).toBe(Math.ceil(body.allNum / 50));
        rows.push(...body.contentlist.map(line));
        if (page >= body.allPages) return { allNum: body.allNum, rows };
      }
    };
  }, 120_000);
  afterAll(async () => {
    await gw?.stop();
    await backend.cleanup();
  });

  describe.skipIf(!backend.available)('', () => {
    it('imported every row at start', async () => {
      const s = await openStorage(backend.url);
      try {
        expect(await postalRepo(s).stats()).toMatchObject({ rows: ROWS, areas: 2874, codes: 2609, skipped: 0, source: SHARED_CSV });
      } finally {
        await s.close();
      }
    });

    it('100089 → the streets of 海淀区', async () => {
      for (const [mode, callPoint] of Object.entries(modes)) {
        const body = okPage(await callPoint('1917-1', { code: '100089' }));
        expect(body.allNum, mode).toBe(29);
      }
      const { rows } = await all('1917-1', { code: '100089' });
      expect(rows).toHaveLength(29);
      for (const r of rows) expect(r).toMatch(/^北京市\/北京市\/海淀区\/[^/]+\/100089$/);
      expect(rows).toContain('北京市/北京市/海淀区/中关村街道/100089');
    });

    it('200120 → 浦东新区, over three pages; page 2 differs from page 1; past the end is empty', async () => {
      const page = async (n: number) => okPage(await modes['appKey GET']!('1917-1', { code: '200120', page: String(n) }));
      const [one, two, three, four] = await Promise.all([1, 2, 3, 4].map(page));
      expect(one).toMatchObject({ allNum: 42, allPages: 3, currentPage: 1 });
      expect(two.contentlist.map(line)).not.toEqual(one.contentlist.map(line));
      expect(three.contentlist).toHaveLength(2);
      expect(four).toMatchObject({ allNum: 42, allPages: 3, currentPage: 4, contentlist: [] });
      const areas = new Set([...one.contentlist, ...two.contentlist, ...three.contentlist].map((r) => `${r.province}/${r.area}`));
      expect(areas).toEqual(new Set(['上海市/浦东新区']));
    });

    it('100871 (a single campus, not in the set) → ret_code 0, allNum 0, msg says no region has it', async () => {
      const body = okPage(await modes['signature POST']!('1917-1', { code: '100871' }));
      expect(body).toMatchObject({ allNum: 0, allPages: 0, contentlist: [] });
      expect(body.msg).toContain('no region has postal code 100871');
    });

    it('reverse lookups: 朝阳区 is ambiguous, 北京 = 北京市, 广西 = 广西省 = 广西壮族自治区', async () => {
      expect((await all('1917-2', { area: '朝阳区' })).rows).toEqual(['北京市/北京市/朝阳区//100020', '吉林省/长春市/朝阳区//130012']);
      const beijing = await all('1917-2', { province: '北京' });
      expect(beijing.allNum).toBe(16);
      expect(await all('1917-2', { province: '北京市' })).toEqual(beijing);
      expect(await all('1917-2', { city: '北京' })).toEqual(beijing);
      const guangxi = await all('1917-2', { province: '广西' });
      expect(guangxi.allNum).toBe(111);
      for (const r of guangxi.rows) expect(r).toMatch(/^广西壮族自治区\//);
      expect(await all('1917-2', { province: '广西省' })).toEqual(guangxi);
      expect(await all('1917-2', { province: '广西壮族自治区' })).toEqual(guangxi);
      expect((await all('1917-2', { province: '北京', area: '海淀' })).rows).toEqual(['北京市/北京市/海淀区//100089']);
      expect((await all('1917-2', { area: '海淀县' })).rows).toEqual(['北京市/北京市/海淀区//100089']);
      expect((await all('1917-2', { province: '上海', area: '浦东' })).rows).toEqual(['上海市/上海市/浦东新区//200120']);
    });

    it('reverse lookups by street: one row per street', async () => {
      expect((await all('1917-2', { area: '海淀', county: '中关村' })).rows).toEqual(['北京市/北京市/海淀区/中关村街道/100089']);
      const streets = await all('1917-2', { province: '北京', area: '海淀区', county: '街道' });
      expect(streets.allNum).toBe(0); // names are prefixes: no street *starts* with 街道
      const haidian = await all('1917-2', { area: '海淀区', county: '学院路' });
      expect(haidian.rows).toEqual(['北京市/北京市/海淀区/学院路街道/100089']); // codes are county-level in this set
      const chengguan = await all('1917-2', { county: '城关镇' });
      expect(chengguan.allNum).toBeGreaterThan(50);
      expect(new Set(chengguan.rows).size).toBe(chengguan.allNum);
    });

    it('re-imports the whole set in a few seconds', async () => {
      const s = await openStorage(backend.url);
      try {
        const started = Date.now();
        expect(await importPostalFile(postalRepo(s), SHARED_CSV)).toEqual({ rows: ROWS, skipped: 0 });
        // about 1 s on SQLite and 2-3 s on PostgreSQL on a quiet 2-core machine (docs/postal.md); the
        // bound leaves room for test files running side by side
        expect(Date.now() - started).toBeLessThan(backend.name === 'sqlite' ? 10_000 : 20_000);
      } finally {
        await s.close();
      }
    });
  });
});
