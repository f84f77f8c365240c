import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { HARD_VIN_KINDS, renderHardVin } from '../../test/support/synth/documents/vin-hard';
import { renderVin, VIN_VARIANTS } from '../../test/support/synth/documents/vin';
import { devPhotos } from '../dev/photos';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-18 VIN: the corpus's engraved chassis VIN as photographed and made into thumbnails
 * (256×256 stretched, and 320 px kept in shape, as image sites resize); real photos of the
 * development set (bench/dev/vin.json, read from the local cache when present); synthetic VINs
 * (valid check digits, real manufacturer prefixes) on stickers, engraved or dot-peen metal,
 * document lines and windshield tags, clean and photo-like, the variants in turn (tag
 * `everyday`); and, each under its own tag, the hard photos of issue 23: thumbnails, stretched
 * 1.5–2×, a glare band, windshield tags behind tinted glass. A VIN is returned only when sure,
 * so every answer other than the truth and not empty is sure but wrong.
 */

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

async function thumbnails(name: string, bytes: Uint8Array, vin: string): Promise<DocumentCase[]> {
  const meta = await sharp(bytes).metadata();
  const width = meta.width ?? 1, height = meta.height ?? 1, long = Math.max(width, height);
  const sizes: [string, number, number][] = [
    ['256x256', 256, 256],
    ['320', Math.round((width * 320) / long), Math.round((height * 320) / long)],
  ];
  return Promise.all(
    sizes.map(async ([label, w, h]): Promise<DocumentCase> => ({
      name: `${name} ${label}`,
      source: 'corpus',
      bytes: new Uint8Array(await sharp(bytes).resize(w, h, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer()),
      options: {},
      expected: { VinCode: vin },
      tags: ['thumbnail'],
    })),
  );
}

export const vinBench: DocumentBench = {
  type: 'vin',
  kind: 'vin',
  // the goal is 98%: with 30 cases a single dot-peen VIN answered empty reads 96.7%
  defaultSynthetic: 100,
  async corpus() {
    if (!existsSync(`${corpusDir}manifest.json`)) return [];
    const manifest = JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as { file: string; type: string; ground_truth: Record<string, string> | null }[];
    const cases: DocumentCase[] = [];
    for (const e of manifest.filter((e) => e.type === 'vin' && e.ground_truth)) {
      const bytes = new Uint8Array(readFileSync(`${corpusDir}${e.file}`));
      const vin = e.ground_truth!.VIN!;
      cases.push({ name: e.file, source: 'corpus', bytes, options: {}, expected: { VinCode: vin }, tags: ['photo'] }, ...(await thumbnails(e.file, bytes, vin)));
    }
    return cases;
  },
  async real() {
    return devPhotos<{ vin: string }>('vin').map((p) => ({ name: p.file, source: 'real', bytes: p.bytes, options: {}, expected: { VinCode: p.truth.vin }, tags: p.tags }));
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (let i = 0; i < count; i++) {
      const v = await renderVin({ seed: seed * 1000 + i, variant: VIN_VARIANTS[i % VIN_VARIANTS.length]! });
      cases.push({ name: v.name, source: 'synthetic', bytes: v.bytes, options: {}, expected: { VinCode: v.vin }, tags: ['everyday'] });
    }
    // the hard kinds, a quarter as many of each, seeded apart from the cases above
    const hard = Math.max(5, Math.round(count / 4));
    for (const kind of HARD_VIN_KINDS) {
      for (let i = 0; i < hard; i++) {
        const v = await renderHardVin(seed * 1000 + 500 + i, kind);
        cases.push({ name: v.name, source: 'synthetic', bytes: v.bytes, options: {}, expected: { VinCode: v.vin }, tags: [kind] });
      }
    }
    return cases;
  },
  flatten(data) {
    return { ...(data as Record<string, FieldValue>) };
  },
  sureButWrong(c, data) {
    const got = (data as { VinCode?: string }).VinCode ?? '';
    return got !== '' && got !== c.expected.VinCode;
  },
};
