import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { driverLicensePlan, hardDriverLicensePlan, renderDriverLicense } from '../../test/support/synth/documents/driver-license';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-19 driver licences: the corpus's one face photo (the source's ground truth, its own
 * field names) and synthetic faces (current and older layout) and back pages, clean, small
 * JPEG, phone photo, glare, turned, and a third as many again of face pages held tilted,
 * faded, on a busy background or under two glare spots (tagged apart). Fields flatten as `FaceResult.Name`,
 * `BackResult.0.ArchiveNumber`; `BackResult.length` counts the back pages found.
 */

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

const ymd = (iso: string) => iso.replace(/-/g, '');

/** The corpus's ground truth (IdCardOCR's names: CardNum, Sex, Class, ValidPeriod...) as 2582-19 fields. */
export function driverGroundTruth(t: Record<string, string>): Record<string, FieldValue> {
  const [start, end] = (t.ValidPeriod ?? '').split('至');
  return {
    'FaceResult.Name': t.Name!,
    'FaceResult.LicenseNumber': t.CardNum!,
    'FaceResult.IssueDate': ymd(t.FirstIssueDate!),
    'FaceResult.StartDate': ymd(start!),
    'FaceResult.EndDate': /^\d/.test(end ?? '') ? ymd(end!) : end!,
    'FaceResult.Address': t.Address!,
    'FaceResult.Gender': t.Sex!,
    'FaceResult.VehicleType': t.Class!,
    'BackResult.length': 0,
  };
}

export function flattenDriverLicense(data: unknown): Record<string, FieldValue> {
  const { FaceResult, BackResult } = data as { FaceResult: Record<string, string>; BackResult: { ArchiveNumber: string }[] };
  const flat: Record<string, FieldValue> = { 'BackResult.length': BackResult.length };
  for (const [k, v] of Object.entries(FaceResult)) flat[`FaceResult.${k}`] = v;
  BackResult.forEach((b, i) => (flat[`BackResult.${i}.ArchiveNumber`] = b.ArchiveNumber));
  return flat;
}

export const driverLicenseBench: DocumentBench = {
  type: 'driver_license',
  kind: 'driver_license',
  async corpus() {
    if (!existsSync(`${corpusDir}manifest.json`)) return [];
    const manifest = JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as { file: string; type: string; ground_truth: Record<string, string> | null }[];
    return manifest
      .filter((e) => e.type === 'driver_license' && e.ground_truth)
      .map((e): DocumentCase => ({
        name: e.file,
        source: 'corpus',
        bytes: new Uint8Array(readFileSync(`${corpusDir}${e.file}`)),
        options: { side: 'face' },
        expected: driverGroundTruth(e.ground_truth!),
      }));
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (const plan of driverLicensePlan(count, seed)) {
      const c = await renderDriverLicense(plan.seed, plan.side, plan.variant);
      cases.push({ name: c.name, source: 'synthetic', bytes: c.bytes, options: { side: plan.side }, expected: flattenDriverLicense(c.expected), tags: ['standard'] });
    }
    // and besides them, face pages photographed the ways field photos go wrong (issue 17)
    for (const plan of hardDriverLicensePlan(Math.ceil(count / 3), seed)) {
      const c = await renderDriverLicense(plan.seed, plan.side, plan.variant);
      cases.push({ name: c.name, source: 'synthetic', bytes: c.bytes, options: { side: plan.side }, expected: flattenDriverLicense(c.expected), tags: [plan.variant] });
    }
    return cases;
  },
  flatten: flattenDriverLicense,
};
