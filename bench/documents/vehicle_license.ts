import { renderVehicleLicense, vehicleLicensePlan, type VehicleLicenseExpected } from '../../test/support/synth/documents/vehicle-license';
import type { LicenseSide } from '../../test/support/synth/documents/driver-license';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-17 vehicle licences: the corpus has none, so synthetic faces and back pages only
 * (clean, small JPEG, phone photo, glare, turned). Fields flatten as `FaceResult.Vin`,
 * `BackResult.GrossMass`; each case is scored on the side it asks for (the other side's
 * fields are "" by contract and would only pad the figure). A back page that prints no
 * 燃料类型 expects EnergyType "".
 */

export function flattenVehicleLicense(data: unknown): Record<string, FieldValue> {
  const { FaceResult, BackResult } = data as { FaceResult: Record<string, string>; BackResult: Record<string, string> };
  return {
    ...Object.fromEntries(Object.entries(FaceResult).map(([k, v]) => [`FaceResult.${k}`, v])),
    ...Object.fromEntries(Object.entries(BackResult).map(([k, v]) => [`BackResult.${k}`, v])),
  };
}

/** The fields of the side asked for. */
export function expectedVehicleFields(expected: VehicleLicenseExpected, side: LicenseSide): Record<string, FieldValue> {
  const prefix = side === 'face' ? 'FaceResult.' : 'BackResult.';
  return Object.fromEntries(Object.entries(flattenVehicleLicense(expected)).filter(([k]) => k.startsWith(prefix)));
}

export const vehicleLicenseBench: DocumentBench = {
  type: 'vehicle_license',
  kind: 'vehicle_license',
  async corpus() {
    return [];
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (const plan of vehicleLicensePlan(count, seed)) {
      const c = await renderVehicleLicense(plan.seed, plan.side, plan.variant);
      cases.push({ name: c.name, source: 'synthetic', bytes: c.bytes, options: { side: plan.side }, expected: expectedVehicleFields(c.expected, plan.side) });
    }
    return cases;
  },
  flatten: flattenVehicleLicense,
};
