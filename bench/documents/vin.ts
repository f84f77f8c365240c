import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { HARD_VIN_KINDS, renderHardVin } from '../../test/support/synth/documents/vin-hard';
import { renderVin, VIN_VARIANTS } from '../../test/support/synth/documents/vin';
import { devPhotos, type DevEntry } from '../dev/photos';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-18 VIN: the corpus's engraved chassis VIN as photographed and made into thumbnails
 * (256×256 stretched, and 320 px kept in shape, as image sites resize); real photos of the
 * development set (bench/dev/vin.json, read from the local cache when present), each also as
 * the tight crop around its code and as the thumbnails in which the code is still legible
 * (tags `tight-crop`, `thumbnail`); synthetic VINs
 * (valid check digits, real manufacturer prefixes) on stickers, engraved or dot-peen metal,
 * document lines and windshield tags, clean and photo-like, the variants in turn (tag
 * `everyday`); and, each under its own tag, the hard photos of issue 23: thumbnails, stretched
 * 1.5–2×, a glare band, windshield tags behind tinted glass. A VIN is returned only when sure,
 * so every answer other than the truth and not empty is sure but wrong.
 *   BENCH_VIN_KIND=dot-peen: only dot-peen metal plates, the kind most often misread, seeds
 *   BENCH_SEED … BENCH_SEED + BENCH_SYNTHETIC − 1, photographed on even seeds (BENCH_SEED=700
 *   BENCH_SYNTHETIC=60: the plates of docs/accuracy.md's dot-peen figures); no corpus or real rows.
 */

const dotPeenOnly = process.env.BENCH_VIN_KIND === 'dot-peen';
if (process.env.BENCH_VIN_KIND !== undefined && !dotPeenOnly) throw new Error(`BENCH_VIN_KIND: ${process.env.BENCH_VIN_KIND} is not a kind; the kind is dot-peen`);

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

/** Thumbnail sizes image sites make: 256×256 stretched whatever the shape, and 320 px on the long side kept in shape. */
type ThumbnailSize = '256x256' | '320';

async function thumbnails(name: string, source: DocumentCase['source'], bytes: Uint8Array, vin: string, labels: ThumbnailSize[] = ['256x256', '320']): Promise<DocumentCase[]> {
  const meta = await sharp(bytes).metadata();
  const width = meta.width ?? 1, height = meta.height ?? 1, long = Math.max(width, height);
  const sizes: Record<ThumbnailSize, [number, number]> = {
    '256x256': [256, 256],
    '320': [Math.round((width * 320) / long), Math.round((height * 320) / long)],
  };
  return Promise.all(
    labels.map(async (label): Promise<DocumentCase> => ({
      name: `${name} ${label}`,
      source,
      bytes: new Uint8Array(await sharp(bytes).resize(sizes[label][0], sizes[label][1], { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer()),
      options: {},
      expected: { VinCode: vin },
      tags: ['thumbnail'],
    })),
  );
}

/**
 * A real photo of the development set. `unconfirmed`: a code without a valid check digit (a
 * European VIN with Z at position 9, a misprinted one); the engine's rule is to return such a
 * code empty with a remark naming it, so empty is the right answer. `crop`: where the code
 * stands in the upright photo (x, y, width, height), read also alone as a user's tight crop.
 * `thumbnails`: the thumbnails of the photo and of its crop in which a person can still read
 * the code (a whole door-jamb label at 256 px cannot be read by anyone, so it is not asked).
 */
type VinPhoto = DevEntry<{ vin: string; unconfirmed?: boolean }> & {
  bytes: Uint8Array;
  crop?: [number, number, number, number];
  thumbnails?: { photo?: ThumbnailSize[]; crop?: ThumbnailSize[] };
};

async function realCases(p: VinPhoto): Promise<DocumentCase[]> {
  const vin = p.truth.unconfirmed ? '' : p.truth.vin;
  // upright first (EXIF orientation), as the gateway decodes it, so crops are where a viewer sees them
  const upright = new Uint8Array(await sharp(p.bytes).rotate().jpeg({ quality: 92 }).toBuffer());
  const cases: DocumentCase[] = [{ name: p.file, source: 'real', bytes: p.bytes, options: {}, expected: { VinCode: vin }, tags: p.tags }];
  cases.push(...(await thumbnails(p.file, 'real', upright, vin, p.thumbnails?.photo ?? [])));
  if (p.crop) {
    const [left, top, width, height] = p.crop;
    const crop = new Uint8Array(await sharp(upright).extract({ left, top, width, height }).jpeg({ quality: 92 }).toBuffer());
    cases.push({ name: `${p.file} crop`, source: 'real', bytes: crop, options: {}, expected: { VinCode: vin }, tags: ['tight-crop'] });
    cases.push(...(await thumbnails(`${p.file} crop`, 'real', crop, vin, p.thumbnails?.crop ?? [])));
  }
  return cases;
}

export const vinBench: DocumentBench = {
  type: 'vin',
  kind: 'vin',
  // the goal is 98%: with 30 cases a single dot-peen VIN answered empty reads 96.7%
  defaultSynthetic: 100,
  async corpus() {
    if (dotPeenOnly || !existsSync(`${corpusDir}manifest.json`)) return [];
    const manifest = JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as { file: string; type: string; ground_truth: Record<string, string> | null }[];
    const cases: DocumentCase[] = [];
    for (const e of manifest.filter((e) => e.type === 'vin' && e.ground_truth)) {
      const bytes = new Uint8Array(readFileSync(`${corpusDir}${e.file}`));
      const vin = e.ground_truth!.VIN!;
      cases.push({ name: e.file, source: 'corpus', bytes, options: {}, expected: { VinCode: vin }, tags: ['photo'] }, ...(await thumbnails(e.file, 'corpus', bytes, vin)));
    }
    return cases;
  },
  async real() {
    const cases: DocumentCase[] = [];
    if (dotPeenOnly) return cases;
    for (const p of devPhotos<VinPhoto['truth']>('vin') as VinPhoto[]) cases.push(...(await realCases(p)));
    return cases;
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    if (dotPeenOnly) {
      for (let s = seed; s < seed + count; s++) {
        const v = await renderVin({ seed: s, variant: 'metal', dotPeen: true, photo: s % 2 === 0 });
        cases.push({ name: v.name, source: 'synthetic', bytes: v.bytes, options: {}, expected: { VinCode: v.vin }, tags: ['dot-peen'] });
      }
      return cases;
    }
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
