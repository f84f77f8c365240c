import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderVin, VIN_VARIANTS } from '../../test/support/synth/documents/vin';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-18 VIN: the corpus's engraved chassis VIN and synthetic VINs (valid check digits,
 * real manufacturer prefixes) on stickers, engraved or dot-peen metal, document lines and
 * windshield tags, clean and photo-like, the variants in turn.
 */

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

export const vinBench: DocumentBench = {
  type: 'vin',
  kind: 'vin',
  // the goal is 98%: with 30 cases a single dot-peen VIN answered empty reads 96.7%
  defaultSynthetic: 100,
  async corpus() {
    if (!existsSync(`${corpusDir}manifest.json`)) return [];
    const manifest = JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as { file: string; type: string; ground_truth: Record<string, string> | null }[];
    return manifest
      .filter((e) => e.type === 'vin' && e.ground_truth)
      .map((e): DocumentCase => ({
        name: e.file,
        source: 'corpus',
        bytes: new Uint8Array(readFileSync(`${corpusDir}${e.file}`)),
        options: {},
        expected: { VinCode: e.ground_truth!.VIN! },
      }));
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (let i = 0; i < count; i++) {
      const v = await renderVin({ seed: seed * 1000 + i, variant: VIN_VARIANTS[i % VIN_VARIANTS.length]! });
      cases.push({ name: v.name, source: 'synthetic', bytes: v.bytes, options: {}, expected: { VinCode: v.vin } });
    }
    return cases;
  },
  flatten(data) {
    return { ...(data as Record<string, FieldValue>) };
  },
};
