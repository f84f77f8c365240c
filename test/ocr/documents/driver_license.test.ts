import { describe, expect, it } from 'vitest';
import { driverGroundTruth, flattenDriverLicense } from '../../../bench/documents/driver_license';
import { parseClass, parseName, parseValidity } from '../../../src/ocr/documents/driver_license/fields';
import { chooseIdNumber, genderOf, idCheckCharacter, isValidIdNumber } from '../../../src/ocr/documents/driver_license/id-number';
import { addYears, datesIn } from '../../../src/ocr/documents/license/dates';
import { runTask } from '../../../src/ocr/runtime/run-task';
import { driverLicenseData } from '../../../src/protocol/points/2582-19';
import { renderDocument } from '../../support/synth/index';
import { renderDriverLicense, type LicenseSide } from '../../support/synth/documents/driver-license';
import type { CardVariant } from '../../support/synth/documents/license-card';
import { renderPlateScene } from '../../support/synth/documents/plate';
import { renderTrainTicket } from '../../support/synth/documents/train-ticket';
import { renderVehicleLicense } from '../../support/synth/documents/vehicle-license';
import { corpusFile, corpusManifest, hasCorpus, hasFont } from '../fixtures';
import golden from './golden/driver_license.json';

/*
 * 2582-19 golden tests: the corpus's licence photo against its ground truth (IdCardOCR's
 * names mapped), synthetic faces (both layouts) and back pages in every variant against
 * golden/driver_license.json (the bench runs 30 more), the value grammars with their
 * repairs, and the error cases: a blank image, a plate photo, a train ticket, a letter, a
 * vehicle licence.
 */

type Data = ReturnType<typeof driverLicenseData.parse>;
const run = async (bytes: Uint8Array, side: LicenseSide = 'face') => {
  const result = await runTask({ kind: 'driver_license', bytes, options: { side } });
  return { ...result, data: driverLicenseData.strict().parse(result.data) as Data };
};

describe('driver licence values', () => {
  it('checks and repairs ID numbers only toward ones that pass GB 11643', () => {
    expect(idCheckCharacter('11010519491231002')).toBe('X');
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('110105194912310021')).toBe(false);
    expect(isValidIdNumber('99010519491231002X')).toBe(false); // no province 99
    expect(genderOf('150402199902223122')).toBe('女');
    const read = (text: string, doubt?: { at: number; alt: string; p: number }) =>
      [...text].map((char, i) => ({ char, p: i === doubt?.at ? 0.55 : 0.99, alternatives: i === doubt?.at ? [{ char, p: 0.55 }, { char: doubt.alt, p: doubt.p }] : [] }));
    // 8 read for the 3 the recogniser also considered: the check character decides
    expect(chooseIdNumber(read('150402199902228122', { at: 14, alt: '3', p: 0.4 }))).toEqual({ id: '150402199902223122', valid: true });
    // look-alike letters are digits; nothing offered that passes: returned as read, invalid
    expect(chooseIdNumber(read('15O4021999O2223122'))).toEqual({ id: '150402199902223122', valid: true });
    expect(chooseIdNumber(read('150402199902223123'))).toEqual({ id: '150402199902223123', valid: false });
    expect(chooseIdNumber(read('1504021999022231'))).toBeUndefined();
  });

  it('reads validity as printed: two dates, 长期, or a duration from the start date', () => {
    expect(parseValidity('2015-06-18至2021-06-18', '')).toEqual({ start: '20150618', end: '20210618' });
    expect(parseValidity('2015-O6-18全2021-06-18', '')).toEqual({ start: '20150618', end: '20210618' });
    expect(parseValidity('2015-06-18至长期', '')).toEqual({ start: '20150618', end: '长期' });
    expect(parseValidity('6年', '2010-03-05')).toEqual({ start: '20100305', end: '20160305', computed: '6年' });
    expect(parseValidity('10年', '2012-02-29')).toEqual({ start: '20120229', end: '20220228', computed: '10年' });
    expect(parseValidity('长期', '2001-07-01')).toEqual({ start: '20010701', end: '长期' });
    expect(parseValidity('2015-06-18至2021-06-1', '')).toEqual({ start: '20150618', end: '' });
    expect(addYears('20160229', 4)).toBe('20200229');
    expect(datesIn('2019-13-01 1999-02-30 2001年07月01日').map((d) => d.date)).toEqual(['20010701']);
  });

  it('reads names, classes as printed, and refuses what does not fit', () => {
    expect(parseName('阿依古丽。买买提')).toBe('阿依古丽·买买提');
    expect(parseName('：谢乐桃')).toBe('谢乐桃');
    expect(parseName('12')).toBe('');
    expect(parseClass('Cl')).toBe('C1');
    expect(parseClass('A2D')).toBe('A2D');
    expect(parseClass('C7')).toBe('');
  });
});

describe.skipIf(!hasCorpus)('corpus', () => {
  const entries = hasCorpus ? corpusManifest().filter((e) => e.type === 'driver_license' && e.ground_truth) : [];
  for (const entry of entries) {
    it(`reads ${entry.file}`, async () => {
      const { data, notThisDocument } = await run(corpusFile(entry.file));
      const truth = driverGroundTruth(entry.ground_truth as Record<string, string>);
      const read = flattenDriverLicense(data);
      expect(Object.fromEntries(Object.keys(truth).map((k) => [k, read[k]]))).toEqual(truth);
      expect(notThisDocument).toBeUndefined();
    });
  }
});

interface GoldenCase {
  seed: number;
  side: LicenseSide;
  variant: CardVariant;
  expected: Data;
}

describe.skipIf(!hasFont)('synthetic licences', () => {
  const cases = golden.cases as GoldenCase[];

  let right = 0, total = 0;
  for (const g of cases) {
    it(`reads ${g.side} ${g.variant} seed ${g.seed} with at most one field wrong`, async () => {
      const c = await renderDriverLicense(g.seed, g.side, g.variant);
      expect(c.expected, `${c.name}: the generator no longer draws the golden values`).toEqual(g.expected);
      const { data, notThisDocument } = await run(c.bytes, g.side);
      const want = flattenDriverLicense(g.expected), got = flattenDriverLicense(data);
      const wrong = Object.keys({ ...want, ...got }).filter((k) => want[k] !== got[k]);
      right += Object.keys(want).length - wrong.length;
      total += Object.keys(want).length;
      expect(wrong.length, `${c.name}: ${wrong.map((k) => `${k} ${got[k]} ≠ ${want[k]}`).join('; ')}`).toBeLessThanOrEqual(1);
      expect(notThisDocument).toBeUndefined();
    }, 120_000);
  }

  it('reads at least 95% of all their fields', () => {
    expect(total).toBeGreaterThan(0);
    expect(right / total).toBeGreaterThanOrEqual(0.95);
  });

  it('says when the page is not the side asked for', { timeout: 120_000 }, async () => {
    const backPage = await renderDriverLicense(9001, 'back', 'clean');
    const asFace = await run(backPage.bytes, 'face');
    expect(asFace.data.FaceResult.LicenseNumber).toBe(backPage.values.id);
    expect(asFace.data.BackResult).toEqual([]);
    expect(asFace.remarks.join(' ')).toMatch(/back page/);
    const facePage = await renderDriverLicense(9002, 'face', 'clean');
    const asBack = await run(facePage.bytes, 'back');
    expect(asBack.data.BackResult).toEqual([]);
    expect(asBack.data.FaceResult.Name).toBe(facePage.values.name);
    expect(asBack.data.FaceResult.Address).toBe('');
    expect(asBack.remarks.join(' ')).toMatch(/no back page/);
  });
});

describe('not a driver licence', () => {
  const invalid = { Name: 'InvalidInput', LicenseNumber: 'InvalidInput', IssueDate: '', StartDate: '', EndDate: '', Address: '', Gender: '', VehicleType: '' };

  it('answers a blank image with InvalidInput and not-this-document', async () => {
    const sharp = (await import('sharp')).default;
    const blank = new Uint8Array(await sharp({ create: { width: 1100, height: 740, channels: 3, background: '#fff' } }).png().toBuffer());
    for (const side of ['face', 'back'] as const) {
      const { data, notThisDocument } = await run(blank, side);
      expect(data).toEqual({ FaceResult: invalid, BackResult: [] });
      expect(notThisDocument).toMatch(/not a driver licence/);
    }
  });

  it.skipIf(!hasFont)('answers a plate photo, a train ticket, a letter and a vehicle licence with InvalidInput', { timeout: 180_000 }, async () => {
    const plate = await renderPlateScene({ seed: 31, kind: 'blue', variant: 'clean' });
    const ticket = await renderTrainTicket(32, 'blue', 'clean');
    const letter = await renderDocument({ seed: 33, variant: 'clean', rows: ['会议通知', '姓名：张三  性别：男', '住址：北京市朝阳区人民路1号'] });
    const vehicle = await renderVehicleLicense(34, 'face', 'clean');
    const vehicleBack = await renderVehicleLicense(35, 'back', 'clean');
    for (const [bytes, side] of [[plate.bytes, 'face'], [ticket.bytes, 'face'], [letter.bytes, 'face'], [vehicle.bytes, 'face'], [vehicleBack.bytes, 'back']] as const) {
      const { data, notThisDocument } = await run(bytes, side);
      expect(data).toEqual({ FaceResult: invalid, BackResult: [] });
      expect(notThisDocument).toMatch(/not a driver licence/);
    }
  });
});
