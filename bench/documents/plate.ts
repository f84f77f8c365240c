import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PLATE_KINDS, renderPlateScene } from '../../test/support/synth/documents/plate';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-20 plates: the corpus's 15 plate photos (CCPD blue plates, green new-energy, yellow
 * one- and two-row, a police plate) and synthetic scenes of every plate type in turn,
 * photo-like. Scored on the number and type of the most confident plate and on the count of
 * plates found (1: a second plate is a false one).
 */

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

/** The corpus's colour/type words as PlateType. */
export function corpusPlateType(truth: { PlateColor?: string; PlateType?: string; PlateNumber: string }): string {
  if (truth.PlateNumber.endsWith('警')) return '警车';
  if (truth.PlateColor === 'green') return '新能源车';
  if (truth.PlateColor === 'yellow') return '大型汽车';
  return '小型汽车';
}

interface Plate {
  PlateNumber: string;
  PlateType: string;
  Confidence: number;
}

export const plateBench: DocumentBench = {
  type: 'plate',
  kind: 'plate',
  async corpus() {
    if (!existsSync(`${corpusDir}manifest.json`)) return [];
    const manifest = JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as { file: string; type: string; ground_truth: Record<string, string> | null }[];
    return manifest
      .filter((e) => e.type === 'plate' && e.ground_truth)
      .map((e): DocumentCase => ({
        name: e.file,
        source: 'corpus',
        bytes: new Uint8Array(readFileSync(`${corpusDir}${e.file}`)),
        options: {},
        expected: { PlateNumber: e.ground_truth!.PlateNumber!, PlateType: corpusPlateType(e.ground_truth as never), Plates: 1 },
      }));
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (let i = 0; i < count; i++) {
      const s = await renderPlateScene({ seed: seed * 1000 + i, kind: PLATE_KINDS[i % PLATE_KINDS.length]! });
      cases.push({ name: s.name, source: 'synthetic', bytes: s.bytes, options: {}, expected: { PlateNumber: s.number, PlateType: s.type, Plates: 1 } });
    }
    return cases;
  },
  flatten(data) {
    const plates = [...(data as { Plates: Plate[] }).Plates].sort((a, b) => b.Confidence - a.Confidence);
    const out: Record<string, FieldValue> = { Plates: plates.length };
    if (plates[0]) Object.assign(out, { PlateNumber: plates[0].PlateNumber, PlateType: plates[0].PlateType });
    return out;
  },
};
