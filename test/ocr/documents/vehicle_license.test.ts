import { describe, expect, it } from 'vitest';
import { flattenVehicleLicense } from '../../../bench/documents/vehicle_license';
import {
  parseDimension, parseEngineNumber, parseInspection, parseMass, parsePassengers, parseUseCharacter, parseVehicleType,
} from '../../../src/ocr/documents/vehicle_license/fields';
import { runTask } from '../../../src/ocr/runtime/run-task';
import { vehicleLicenseData } from '../../../src/protocol/points/2582-17';
import type { LicenseSide } from '../../support/synth/documents/driver-license';
import { renderDriverLicense } from '../../support/synth/documents/driver-license';
import type { CardVariant } from '../../support/synth/documents/license-card';
import { renderPlateScene } from '../../support/synth/documents/plate';
import { renderTrainTicket } from '../../support/synth/documents/train-ticket';
import { renderVehicleLicense } from '../../support/synth/documents/vehicle-license';
import { hasFont } from '../fixtures';
import golden from './golden/vehicle_license.json';

/*
 * 2582-17 golden tests. The corpus holds no vehicle licence, so the synthetic faces and back
 * pages of golden/vehicle_license.json (every variant; the bench runs 30 more) carry the
 * type; then the cell grammars with their repairs, and the error cases: a blank image, a
 * plate photo, a train ticket, a driver licence.
 */

type Data = ReturnType<typeof vehicleLicenseData.parse>;
const run = async (bytes: Uint8Array, side: LicenseSide = 'face') => {
  const result = await runTask({ kind: 'vehicle_license', bytes, options: { side } });
  return { ...result, data: vehicleLicenseData.strict().parse(result.data) as Data };
};

const EMPTY_FACE = { IssueDate: '', RegisterDate: '', UseCharacter: '', Owner: '', EngineNumber: '', Model: '', PlateNumber: '', Address: '', VehicleType: '', Vin: '' };
const EMPTY_BACK = {
  ApprovedLoad: '', ApprovedPassengerCapacity: '', EnergyType: '', FileNumber: '', GrossMass: '', InspectionRecord: '', OverallDimension: '',
  PlateNumber: '', TractionMass: '', UnladenMass: '',
};

describe('vehicle licence values', () => {
  it('reads masses, seats and dimensions in their printed form, -- where none applies', () => {
    expect(parseMass('1800kg')).toBe('1800kg');
    expect(parseMass('1800 Kq')).toBe('1800kg');
    expect(parseMass('--')).toBe('--');
    expect(parseMass('一一')).toBe('--');
    expect(parseMass('kg')).toBe('');
    expect(parsePassengers('5入')).toBe('5人');
    expect(parseDimension('4750x1820X1450mm')).toBe('4750×1820×1450mm');
    expect(parseDimension('4750×1820')).toBe('');
  });

  it('puts vocabulary cells back to the one word a misread away, and keeps what is not one', () => {
    expect(parseVehicleType('小型轿午')).toBe('小型轿车');
    expect(parseVehicleType('重型半挂牵引车')).toBe('重型半挂牵引车');
    expect(parseUseCharacter('非营连')).toBe('非营运');
    expect(parseUseCharacter('特种')).toBe('特种');
    expect(parseEngineNumber('OHV 088282')).toBe('0HV088282');
  });

  it('keeps the inspection record valid longest, brackets as ASCII', () => {
    expect(parseInspection(['检验有效期至2023年06月皖A', '检验有效期至2025年06月皖A（01）'])).toBe('检验有效期至2025年06月皖A(01)');
    expect(parseInspection(['备注'])).toBe('');
  });
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
      const c = await renderVehicleLicense(g.seed, g.side, g.variant);
      expect(c.expected, `${c.name}: the generator no longer draws the golden values`).toEqual(g.expected);
      const { data, notThisDocument } = await run(c.bytes, g.side);
      // the other side is "" by contract
      expect(g.side === 'face' ? data.BackResult : data.FaceResult).toEqual(g.side === 'face' ? EMPTY_BACK : EMPTY_FACE);
      const want = flattenVehicleLicense(g.expected), got = flattenVehicleLicense(data);
      const scored = Object.keys(want).filter((k) => k.startsWith(g.side === 'face' ? 'FaceResult.' : 'BackResult.'));
      const wrong = scored.filter((k) => want[k] !== got[k]);
      right += scored.length - wrong.length;
      total += scored.length;
      expect(wrong.length, `${c.name}: ${wrong.map((k) => `${k} ${got[k]} ≠ ${want[k]}`).join('; ')}`).toBeLessThanOrEqual(1);
      expect(notThisDocument).toBeUndefined();
    }, 120_000);
  }

  it('reads at least 95% of all their fields', () => {
    expect(total).toBeGreaterThan(0);
    expect(right / total).toBeGreaterThanOrEqual(0.95);
  });

  it('says when the page is not the side asked for', { timeout: 120_000 }, async () => {
    const backPage = await renderVehicleLicense(9101, 'back', 'clean');
    const asFace = await run(backPage.bytes, 'face');
    expect(asFace.remarks.join(' ')).toMatch(/back page/);
    expect(asFace.data.BackResult).toEqual(EMPTY_BACK);
    const facePage = await renderVehicleLicense(9102, 'face', 'clean');
    const asBack = await run(facePage.bytes, 'back');
    expect(asBack.remarks.join(' ')).toMatch(/no back page/);
    expect(asBack.data.FaceResult).toEqual(EMPTY_FACE);
  });
});

describe('not a vehicle licence', () => {
  it('answers a blank image with empty fields and not-this-document', async () => {
    const sharp = (await import('sharp')).default;
    const blank = new Uint8Array(await sharp({ create: { width: 1100, height: 740, channels: 3, background: '#fff' } }).png().toBuffer());
    const { data, notThisDocument } = await run(blank);
    expect(data).toEqual({ FaceResult: EMPTY_FACE, BackResult: EMPTY_BACK });
    expect(notThisDocument).toMatch(/not a vehicle licence/);
  });

  it.skipIf(!hasFont)('answers a plate photo, a train ticket and a driver licence with not-this-document', { timeout: 120_000 }, async () => {
    const plate = await renderPlateScene({ seed: 41, kind: 'blue', variant: 'clean' });
    const ticket = await renderTrainTicket(42, 'red', 'clean');
    const driver = await renderDriverLicense(43, 'face', 'clean');
    const driverBack = await renderDriverLicense(44, 'back', 'clean');
    for (const [bytes, side] of [[plate.bytes, 'face'], [ticket.bytes, 'face'], [driver.bytes, 'face'], [driverBack.bytes, 'back']] as const) {
      const { data, notThisDocument } = await run(bytes, side);
      expect(data).toEqual({ FaceResult: EMPTY_FACE, BackResult: EMPTY_BACK });
      expect(notThisDocument).toMatch(/not a vehicle licence/);
    }
  });
});
