import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PostalImportError, importPostal, importPostalFile } from '../../../src/gateway/postal/import';
import { applicationsRepo } from '../../../src/gateway/store/applications';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import { type PostalRepo, postalRepo } from '../../../src/gateway/store/postal';
import { storageBackends } from '../../support/services';
import { FIXTURE_CSV, FIXTURE_ROWS } from './support';

/*
 * The CSV import on both stores: validation with line numbers, header handling, and above all
 * atomicity: a failed import, wherever it fails, leaves the previous data set as it was, and
 * readers see the previous data set until the new one is complete.
 */

const backends = await storageBackends();
const fixture = fs.readFileSync(FIXTURE_CSV, 'utf8');
const fixtureLines = fixture.trimEnd().split('\n');
const P = { page: 1, maxResult: 50 };

function csv(...lines: string[]): Readable {
  return Readable.from([lines.join('\n')]);
}

/** The fixture's rows, then an error from the source itself (a disk or network read failing). */
function failingHalfWay(): Readable {
  return Readable.from(
    (async function* () {
      yield `${fixtureLines.slice(0, 60).join('\n')}\n`;
      await new Promise((r) => setTimeout(r, 10));
      throw new Error('read failed half-way');
    })(),
  );
}

describe.each(backends)('postal import on $name', (backend) => {
  let storage: Storage;
  let repo: PostalRepo;
  beforeAll(async () => {
    if (!backend.available) return;
    storage = await openStorage(backend.url);
    // no lookup cache: every snapshot below reads the store itself
    repo = postalRepo(storage, { cacheSize: 0 });
  });
  afterAll(async () => {
    await storage?.close();
    await backend.cleanup();
  });
  beforeEach(async () => {
    if (backend.available) await importPostalFile(repo, FIXTURE_CSV);
  });

  /** What a reader sees of the data set: enough to tell two data sets apart. */
  async function snapshot() {
    const stats = await repo.stats();
    return { rows: stats.rows, areas: stats.areas, source: stats.source, first: (await repo.byCode('100089', P)).rows };
  }

  describe.skipIf(!backend.available)('', () => {
    it('imports the fixture, every row, in file order', async () => {
      const s = await repo.stats();
      expect(s).toMatchObject({ rows: FIXTURE_ROWS, skipped: 0, source: FIXTURE_CSV });
      expect(s.areas).toBeGreaterThan(10);
      const first = fixtureLines[1]!.split(',');
      expect((await repo.byCode(first[4]!, P)).rows[0]).toEqual({
        province: first[0],
        city: first[1],
        area: first[2],
        county: first[3],
        code: first[4],
      });
    });

    it('reads a BOM, CRLF, columns in any order, extra columns, and files without a county column', async () => {
      const bom = Readable.from(['\uFEFFcode,Extra,County,AREA,city,province\r\n100089,x,中关村街道,海淀区,北京市,北京市\r\n']);
      expect(await importPostal(repo, bom)).toEqual({ rows: 1, skipped: 0 });
      expect((await repo.byCode('100089', P)).rows).toEqual([
        { province: '北京市', city: '北京市', area: '海淀区', county: '中关村街道', code: '100089' },
      ]);
      const counties = csv('province,city,area,code,area_code', '北京市,北京市,朝阳区,100020,110105', '吉林省,长春市,朝阳区,130012,220104');
      expect(await importPostal(repo, counties)).toEqual({ rows: 2, skipped: 0 });
      expect((await repo.byRegion({ area: '朝阳区' }, P)).rows.map((r) => r.county)).toEqual(['', '']);
    });

    it('skips bad rows and reports each with its line number', async () => {
      const skipped: [number, string][] = [];
      const result = await importPostal(
        repo,
        csv(
          'province,city,area,county,code', // line 1
          '北京市,北京市,东城区,东华门街道,100010',
          '北京市,北京市,东城区,景山街道,10001', // 3: five digits
          ',北京市,东城区,交道口街道,100010', // 4: no province
          '北京市,北京市,东城区,"安定门,街道",100010', // 5: a quoted comma is data
          '北京市,北京市,东城区,"安定门', // 6-7: a quoted line break is CSV, but no name has one
          '街道",100010',
          '北京市,北京市,东城区,bad"quote,100010', // 8: a stray quote
          '',
          '上海市,上海市,浦东新区,,200120',
          '吉林省,长春市', // 11: no code
          '北京市,北京市,东城区,x,ABCDEF', // 12
          `北京市,北京市,${'长'.repeat(65)},x,100010`, // 13: longer than any query may be
          '北京市,北京市,东城区,x\u0000y,100010', // 14: PostgreSQL refuses NUL in text
        ),
        { onSkip: (line, reason) => skipped.push([line, reason]) },
      );
      expect(result).toEqual({ rows: 3, skipped: 8 });
      // a record spanning lines 6-7 is reported by its last line
      expect(skipped.map(([line]) => line).sort((a, b) => a - b)).toEqual([3, 4, 7, 8, 11, 12, 13, 14]);
      const reasons = Object.fromEntries(skipped);
      expect(reasons[3]).toContain('six digits');
      expect(reasons[4]).toContain('province');
      expect(reasons[7]).toContain('control character');
      expect(reasons[8]).toMatch(/quote/i);
      expect(reasons[11]).toContain('code');
      expect(reasons[13]).toContain('64');
      expect(reasons[14]).toContain('control character');
      expect((await repo.byCode('100010', P)).rows.map((r) => r.county)).toEqual(['东华门街道', '安定门,街道']);
      expect((await repo.stats()).skipped).toBe(8);
    });

    it('replaces the data set instead of adding to it', async () => {
      await importPostalFile(repo, FIXTURE_CSV);
      expect((await repo.stats()).rows).toBe(FIXTURE_ROWS);
      await importPostal(repo, csv('province,code', '澳门特别行政区,999078'));
      expect(await repo.stats()).toMatchObject({ rows: 1, areas: 1, codes: 1, provinces: 1 });
      expect((await repo.byCode('100089', P)).total).toBe(0);
    });

    it('leaves the previous data intact when the source fails half-way', async () => {
      const before = await snapshot();
      await expect(importPostal(repo, failingHalfWay(), { batchSize: 10 })).rejects.toThrow('read failed half-way');
      expect(await snapshot()).toEqual(before);
      // and the store is usable: nothing is left locked or half-written
      expect(await importPostal(repo, csv('province,code', '北京市,100871'))).toEqual({ rows: 1, skipped: 0 });
    });

    it('leaves the previous data intact when the file is refused as a whole', async () => {
      const before = await snapshot();
      const refused: [string, Readable][] = [
        ['no valid row', csv('province,city,area,county,code', ',,,,1', '北京市,,,,12345')],
        ['never closed', csv('province,code', '北京市,100010', '"北京市,100010', '北京市,100010')],
        ['header', csv('name,zip', '北京市,100010')],
        ['empty', csv('')],
        ['not valid UTF-8', Readable.from([Buffer.from('province,code\n\xb1\xb1\xbe\xa9,100010\n', 'latin1')])],
      ];
      for (const [what, input] of refused) {
        await expect(importPostal(repo, input), what).rejects.toBeInstanceOf(PostalImportError);
        expect(await snapshot(), what).toEqual(before);
      }
    });

    it('leaves the previous data intact when the swap itself fails before its commit', async () => {
      const before = await snapshot();
      async function* rows() {
        yield [{ province: '澳门特别行政区', city: '', area: '', county: '', code: '999078' }];
      }
      const failure = async () => {
        throw new Error('injected: the process dies before the commit');
      };
      await expect(repo.replaceAll(rows(), { source: 'x', skipped: () => 0 }, { beforeCommit: failure })).rejects.toThrow('injected');
      expect(await snapshot()).toEqual(before);
      expect(await repo.replaceAll(rows(), { source: 'x', skipped: () => 0 })).toBe(1);
    });

    it('holds no lock on the store while it reads the file: other writers go on', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const slow = Readable.from(
        (async function* () {
          yield `province,code\n${'澳门特别行政区,999078\n'.repeat(2000)}`;
          await gate;
        })(),
      );
      const writer = await openStorage(backend.url);
      const importing = importPostal(repo, slow, { batchSize: 100 });
      try {
        await new Promise((r) => setTimeout(r, 100)); // the rows above are staged by now
        const started = Date.now();
        // what a gateway writes meanwhile: an application, here; audit rows, token changes
        await applicationsRepo(writer.db).create('during an import');
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        release();
        await writer.close();
      }
      expect(await importing).toEqual({ rows: 2000, skipped: 0 });
    });

    it('lets readers see the previous data set until the swap commits', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let reachedGate!: () => void;
      const atGate = new Promise<void>((r) => {
        reachedGate = r;
      });
      async function* rows() {
        yield Array.from({ length: 301 }, () => ({ province: '澳门特别行政区', city: '', area: '', county: '', code: '999078' }));
      }
      const before = await snapshot();
      // another connection, as another gateway process has (this one is busy with the import)
      const reader = await openStorage(backend.url);
      // held between the swap's last statement and its commit: old rows deleted, new ones in
      const replacing = repo.replaceAll(rows(), { source: 'new', skipped: () => 0 }, {
        beforeCommit: async () => {
          reachedGate();
          await gate;
        },
      });
      try {
        await atGate;
        expect(await postalRepo(reader).stats()).toMatchObject({ rows: before.rows, source: before.source });
        expect((await postalRepo(reader).byCode('100089', P)).rows).toEqual(before.first);
        release();
        expect(await replacing).toBe(301);
        expect(await postalRepo(reader).stats()).toMatchObject({ rows: 301, source: 'new' });
      } finally {
        release();
        await reader.close();
      }
    });
  });
});
