import sharp from 'sharp';
import { z } from 'zod';
import type { vinData } from '../../protocol/points/2582-18';
import type { Quad } from '../geometry/quad';
import type { Raster } from '../image/raster';
import { recognize, type OcrLine } from '../pipeline';
import * as rec from '../rec/index';
import { defineExtractor } from './extractor';
import { rowGroups, windows } from './vin/candidates';
import { chooseVin, type VinChar, type VinChoice } from './vin/check';

/*
 * 2582-18 VIN: the page is read, every run of 17 or more VIN-like characters is a candidate
 * (a line's own text, or neighbouring boxes of one row joined, since engraved and stamped
 * VINs are spaced so widely the detector cuts them), candidates are read again with the
 * recogniser's alternatives per character, and the check digit picks among close readings
 * (vin/check.ts). Labels (VIN, 车辆识别代号, 车架号) and spaces are ignored. When nothing
 * validates, the longest line is looked at again blurred, which joins the dots of dot-peen
 * stamping into strokes. Only a sure code that passes the check digit is returned; a
 * 17-character read that does not is named in a remark and VinCode stays empty.
 */

type VinData = z.infer<typeof vinData>;

const options = z.object({});

const vinLike = (text: string) => text.toUpperCase().replace(/[^0-9A-Z]/g, '').length >= 4;

/**
 * A band of the image (full width, `top`..`bottom`) blurred so the dots of a dot-peen VIN
 * (a 5×7 matrix per character) run together into strokes.
 */
async function blurredBand(image: Raster, top: number, bottom: number, sigma: number): Promise<Raster> {
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  const t = Math.max(0, Math.floor(top)), h = Math.min(image.height, Math.ceil(bottom)) - t;
  const { data, info } = await sharp(image.data, { raw })
    .extract({ left: 0, top: t, width: image.width, height: h })
    .blur(sigma)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * A reading the check digit accepts is returned when the recogniser was sure of it: one
 * string in eleven passes the check by chance, so a noisy read (dot-peen, glare) passes now
 * and then, and a repaired one must be surer still. Measured on synthetic VINs: right
 * answers ≥ 0.91 mean character probability, chance passes ≤ 0.90 (docs/accuracy/vin.md).
 */
function accepted(choice: VinChoice): boolean {
  return choice.valid && choice.confidence >= (choice.changed > 0 ? 0.9 : 0.8);
}

/** The best VIN over each line and each run of lines of one row. */
function choose(lines: OcrLine[], charsOf: Map<OcrLine, VinChar[]>): { best?: VinChoice; doubtful?: VinChoice } {
  let best: VinChoice | undefined, doubtful: VinChoice | undefined;
  const rank = (c: VinChoice) => c.confidence - 0.05 * c.changed;
  for (const group of rowGroups(lines)) {
    for (const w of windows(group.flatMap((l) => charsOf.get(l) ?? []))) {
      const choice = chooseVin(w);
      if (accepted(choice)) {
        if (!best || rank(choice) > rank(best)) best = choice;
      } else if (!doubtful || rank(choice) > rank(doubtful)) doubtful = choice;
    }
  }
  return { best, doubtful };
}

/** The quad lengthened by `k` of its height at both ends (the detector trims a dotted L or 1). */
function lengthen(q: Quad, k: number): Quad {
  const h = Math.hypot(q[3].x - q[0].x, q[3].y - q[0].y), w = Math.hypot(q[1].x - q[0].x, q[1].y - q[0].y);
  const d = { x: ((q[1].x - q[0].x) / Math.max(1, w)) * k * h, y: ((q[1].y - q[0].y) / Math.max(1, w)) * k * h };
  return [
    { x: q[0].x - d.x, y: q[0].y - d.y },
    { x: q[1].x + d.x, y: q[1].y + d.y },
    { x: q[2].x + d.x, y: q[2].y + d.y },
    { x: q[3].x - d.x, y: q[3].y - d.y },
  ];
}

async function readVin(image: Raster, pad = 0): Promise<{ best?: VinChoice; doubtful?: VinChoice; lines: OcrLine[] }> {
  const { lines } = await recognize(image, { minConfidence: 0 });
  const candidates = lines.filter((l) => l.confidence >= 0.3 && vinLike(l.text));
  // read again with alternatives per character
  const read = await rec.run({ image, quads: candidates.map((l) => (pad > 0 ? lengthen(l.quad, pad) : l.quad)), alternatives: 5 });
  return { ...choose(candidates, new Map(candidates.map((l, i) => [l, read.lines[i]!.chars ?? []]))), lines };
}

export async function findVin(image: Raster): Promise<{ best?: VinChoice; doubtful?: VinChoice }> {
  const first = await readVin(image);
  if (first.best) return { best: first.best };
  // nothing validated: look again with the dots joined, blurred at about half the dot pitch
  // (a character is 7 dots high), on the band of the image that holds the longest line the
  // detector saw (it often finds a dotted line's box but not its text); with no such line,
  // on the whole image, sized as a VIN photographed to be read (half the image wide)
  const long = first.lines.filter((l) => l.box.w >= 8 * l.box.h && l.box.h >= 16).sort((a, b) => b.box.w - a.box.w)[0];
  const clamp = (sigma: number) => Math.min(6, Math.max(1.5, sigma));
  const tries = long
    ? [16, 22].map((k) => ({ top: long.rect.top - long.box.h, bottom: long.rect.top + long.rect.height + long.box.h, sigma: clamp(long.box.h / k) }))
    : [350, 450].map((k) => ({ top: 0, bottom: image.height, sigma: clamp(Math.max(image.width, image.height) / k) }));
  let doubtful = first.doubtful;
  const found: VinChoice[] = [];
  for (const t of tries) {
    const again = await readVin(await blurredBand(image, t.top, t.bottom, t.sigma), 0.4);
    if (again.best) found.push(again.best);
    doubtful ??= again.doubtful;
  }
  // blurred dots read noisily enough that a chance pass of the check digit is common: a
  // code is taken when both blurs read it, or one read it sure and unchanged
  const agreed = found.find((c, i) => found.some((d, j) => j !== i && d.vin === c.vin));
  const sure = found.find((c) => c.changed === 0 && c.confidence >= 0.95);
  const best = agreed ?? sure;
  return best ? { best } : { doubtful: doubtful ?? found[0] };
}

export default defineExtractor({
  kind: 'vin',
  point: '2582-18',
  options,
  async extract(image, _options, notes): Promise<VinData> {
    const { best, doubtful } = await findVin(image);
    if (best) return { VinCode: best.vin };
    if (doubtful) {
      const why = doubtful.valid ? 'too uncertain to be returned' : 'its check digit (position 9) does not match';
      notes.remark(`a 17-character code ${doubtful.vin} was read but ${why}`);
    } else {
      notes.notThisDocument('no vehicle identification number found in the image');
    }
    return { VinCode: '' };
  },
});
