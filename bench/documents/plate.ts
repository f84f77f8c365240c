import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { PLATE_SCENE_KINDS, provinceLegible, renderPlateCase } from '../../test/support/synth/documents/plate-scenes';
import { devPhotos } from '../dev/photos';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-20 plates: the corpus's 15 plate photos (CCPD blue plates, green new-energy, yellow
 * one- and two-row, a police plate), the development set of real photos (bench/dev/plate.json,
 * when its cache is present) with tight crops, 94×24 crops and CCTV-like frames made from the
 * CCPD photos whose file names give the plate's box, and synthetic scenes of every plate type
 * and failure category in turn. Scored on the number and type of the most confident plate and
 * on the count of plates found (1: a second plate is a false one; a plate the labels call
 * unreadable may be found or not); a number whose province is
 * wrong at confidence ≥ 0.9 is counted apart (sure but wrong). Each case is tagged with its
 * colour/layout and failure category, and the bench reports every tag.
 */

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

/** The corpus's colour/type words as PlateType. */
export function corpusPlateType(truth: { PlateColor?: string; PlateType?: string; PlateNumber: string }): string {
  if (truth.PlateNumber.endsWith('警')) return '警车';
  if (truth.PlateColor === 'green') return '新能源车';
  if (truth.PlateColor === 'yellow') return '大型汽车';
  return '小型汽车';
}

interface DevPlate {
  number: string;
  /** absent for plates 2582-20 has no type for (motorcycles): only number and count are scored */
  type?: string;
  /** x, y, w, h in the photo (CCPD file names give it) */
  box?: [number, number, number, number];
  /** false when even a person cannot read the province at 4× zoom: only the rest is scored */
  provinceLegible?: boolean;
  /**
   * false when no person can read the plate at all (the labels say why): it is not expected,
   * and a plate found there is not a false one either
   */
  legible?: boolean;
}

/** What the photo's plate looks like made worse the ways real inputs are (issue 17). */
async function variants(bytes: Uint8Array, box: [number, number, number, number]): Promise<{ tag: string; bytes: Uint8Array }[]> {
  const [x, y, w, h] = box;
  const image = () => sharp(bytes);
  const crop = { left: x, top: y, width: w, height: h };
  const out = async (tag: string, s: Sharp) => ({ tag, bytes: new Uint8Array(await s.jpeg({ quality: 80 }).toBuffer()) });
  return Promise.all([
    // the extension's region capture: the plate and nothing else
    out('tight-crop', image().extract(crop)),
    // the size plate recognisers are trained on (LPRNet's 94×24)
    out('94x24', image().extract(crop).resize(94, 24, { fit: 'fill' })),
    // a grey, soft, low-resolution surveillance frame
    out('cctv', image().modulate({ saturation: 0.45, brightness: 0.85 }).resize({ width: 360 }).blur(0.8).jpeg({ quality: 35 })),
  ]);
}

/** A case per photo, and per CCPD photo its crops and CCTV frame. */
async function realCases(): Promise<DocumentCase[]> {
  const cases: DocumentCase[] = [];
  for (const photo of devPhotos<{ plates: DevPlate[] }>('plate')) {
    // the first plate listed is the one most clearly seen, and so the most confident
    const plate = photo.truth.plates[0]!;
    const count = photo.truth.plates.filter((p) => p.legible !== false).length;
    const unreadable = photo.truth.plates.length - count;
    const expected = (p: DevPlate): Record<string, FieldValue> => ({
      ...(p.provinceLegible === false ? { Serial: p.number.slice(1) } : { PlateNumber: p.number }),
      ...(p.type ? { PlateType: p.type } : {}),
      Plates: count,
    });
    // a dataset's label names the province even where the image does not show it (CCPD's
    // file name): a sure answer that differs is still sure but wrong; a reader's label does not
    const known = photo.source.labels.startsWith('CCPD file name') ? { PlateNumber: plate.number } : undefined;
    const whole = unreadable > 0 ? { ...known, UnreadablePlates: unreadable } : known;
    cases.push({ name: photo.file, source: 'real', bytes: photo.bytes, options: {}, expected: expected(plate), tags: ['photo', ...photo.tags], known: whole });
    if (!plate.box) continue;
    for (const v of await variants(photo.bytes, plate.box)) {
      cases.push({ name: `${photo.file} (${v.tag})`, source: 'real', bytes: v.bytes, options: {}, expected: { ...expected(plate), Plates: 1 }, tags: [v.tag, ...photo.tags], known });
    }
  }
  return cases;
}

/** The corpus's colour and layout as a tag. */
function corpusTag(truth: { PlateColor?: string; PlateType?: string; PlateNumber: string }): string {
  if (truth.PlateNumber.endsWith('警')) return 'white';
  if (truth.PlateColor === 'yellow') return truth.PlateType?.includes('double') ? 'yellow-double' : 'yellow';
  return truth.PlateColor ?? 'blue';
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
        tags: [corpusTag(e.ground_truth as never)],
      }));
  },
  real: realCases,
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (let i = 0; i < count; i++) {
      const { kind, scenario } = PLATE_SCENE_KINDS[i % PLATE_SCENE_KINDS.length]!;
      const s = await renderPlateCase(seed * 1000 + i, kind, scenario);
      // a smudged province is scored like a real one no person can read: the rest only
      const number: Record<string, FieldValue> = provinceLegible(scenario) ? { PlateNumber: s.number } : { Serial: s.number.slice(1) };
      cases.push({ name: s.name, source: 'synthetic', bytes: s.bytes, options: {}, expected: { ...number, PlateType: s.type, Plates: 1 }, tags: s.tags, known: { PlateNumber: s.number } });
    }
    return cases;
  },
  // every kind in the street and every failure category twice over
  defaultSynthetic: 2 * PLATE_SCENE_KINDS.length,
  flatten(data, _result, c) {
    const plates = [...(data as { Plates: Plate[] }).Plates].sort((a, b) => b.Confidence - a.Confidence);
    // plates no person can read may be found or not: up to that many more than expected count as expected
    const expected = Number(c?.expected.Plates ?? 0), unreadable = Number(c?.known?.UnreadablePlates ?? 0);
    const found = plates.length > expected && plates.length <= expected + unreadable ? expected : plates.length;
    const out: Record<string, FieldValue> = { Plates: found };
    if (plates[0]) Object.assign(out, { PlateNumber: plates[0].PlateNumber, Serial: plates[0].PlateNumber.slice(1), PlateType: plates[0].PlateType });
    return out;
  },
  sureButWrong(c, data) {
    const expected = c.expected.PlateNumber ?? c.known?.PlateNumber;
    if (typeof expected !== 'string') return false;
    // the plate a user takes: the most confident one
    const top = [...(data as { Plates: Plate[] }).Plates].sort((a, b) => b.Confidence - a.Confidence)[0];
    return top !== undefined && top.Confidence >= 0.9 && top.PlateNumber[0] !== expected[0];
  },
};
