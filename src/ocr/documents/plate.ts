import { z } from 'zod';
import type { plateData } from '../../protocol/points/2582-20';
import { plateDetSide } from '../det/side';
import type { Point } from '../geometry/quad';
import { createRaster, type Raster } from '../image/raster';
import { recognize } from '../pipeline';
import { defineExtractor } from './extractor';
import { colourBlobs, inColour } from './plate/colour';
import { PROVINCES } from './plate/grammar';
import { readPlate, SURE, type PlateFound, type Seed } from './plate/read';

/*
 * 2582-20 license plates: every plate in the image. The text detector proposes lines that
 * look like plate numbers and a colour scan proposes blue, yellow and green rectangles of
 * plate proportions it may have missed; each proposal is read again upright and enlarged
 * (plate/read.ts) and kept only when the plate grammar accepts the number
 * (plate/grammar.ts). An image shaped like a plate is also read whole, framed, as the
 * plate itself (a tight crop's characters touch its edges). PlateType comes from the grammar
 * template; its confidence says how well the background colour agrees with it. Confidence is
 * the least sure character's, and no more than a guess's where the province is a few pixels
 * wide (a wrong province must never look sure). An ordinary number on white paper (a
 * windscreen sticker) is no plate.
 */

type PlateData = z.infer<typeof plateData>;
type Plate = PlateData['Plates'][number];

const options = z.object({});

const ALNUM = /[0-9A-Za-z]/g;
/** Coloured patches read besides the detector's lines: each costs a detection and a read. */
const MAX_BLOBS = 4;
const MAX_DET_SIDE = 1280;
/** the Confidence of a plate whose readings disagree on the province */
const DISPUTED = 0.5;

/** A detected line is worth a closer look when it could hold (part of) a plate number. */
function plateLike(text: string): boolean {
  const clean = text.replace(/[\s·.。:：\-]/g, '');
  if (clean.length < 2 || clean.length > 14) return false;
  const alnum = clean.match(ALNUM)?.length ?? 0;
  return alnum >= 4 || (alnum >= 1 && [...clean].some((c) => PROVINCES.includes(c) || c === '使'));
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function bounds(points: { x: number; y: number }[], image: Raster): Box {
  const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
  return {
    left: Math.max(0, Math.min(...xs)),
    top: Math.max(0, Math.min(...ys)),
    right: Math.min(image.width, Math.max(...xs)),
    bottom: Math.min(image.height, Math.max(...ys)),
  };
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  const area = (r: Box) => (r.right - r.left) * (r.bottom - r.top);
  return (w * h) / Math.min(area(a), area(b));
}

function toPlate(found: PlateFound, box: Box): Plate {
  const { reading, colour, colourCertainty } = found;
  // the number alone fixes the type when it carries a mark (警 学 挂 港 澳 使 领, new-energy
  // length); otherwise blue versus yellow is the colour's call, and so is the confidence
  const fromText = reading.template.name !== 'blue' && reading.template.name !== 'yellow';
  const agrees = reading.template.colours.includes(colour);
  const typeConfidence = agrees ? 0.7 + 0.29 * colourCertainty : fromText ? 0.75 : 0.5;
  return {
    Roi: { X: Math.round(box.left), Y: Math.round(box.top), W: Math.round(box.right - box.left), H: Math.round(box.bottom - box.top) },
    PlateType: reading.template.type,
    PlateNumber: reading.number,
    // as sure as the least sure character: a blurred province read at 0.36 among six clear
    // characters at 1.0 averages 0.91, and a field worker would copy the wrong province; and
    // no surer than a province of a few pixels can be
    Confidence: round3(Math.min(reading.weakest, PROVINCES.includes(reading.number[0]!) && provinceWidth(found.corners) < PROVINCE_PX ? TOO_SMALL : 1)),
    PlateTypeConfidence: round3(typeConfidence),
  };
}

/**
 * How wide the province stands in the photo, in pixels: 45 mm of a one-row plate's 440, the
 * upper row's 80 mm on a two-row one (no wider than 2.2 times its height).
 */
function provinceWidth(corners: Point[]): number {
  const [a, b, c, d] = corners as [Point, Point, Point, Point];
  const width = Math.max(Math.hypot(b.x - a.x, b.y - a.y), Math.hypot(c.x - d.x, c.y - d.y));
  const height = Math.max(Math.hypot(d.x - a.x, d.y - a.y), Math.hypot(c.x - b.x, c.y - b.y));
  return (width * (width / height < 2.2 ? 80 : 45)) / 440;
}

/**
 * A province fewer pixels wide than this is a guess whatever the recogniser says: the 31
 * provinces' glyphs differ in strokes less than a pixel apart there, and its certainty is its
 * prior (a 60 px plate comes out 浙 or 皖 at 0.96, whichever it was).
 */
const PROVINCE_PX = 8;
/** the Confidence of a number whose province is that small */
const TOO_SMALL = 0.6;

const round3 = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;

/** A background this surely white is white (a dusty yellow plate measures less; colour.ts). */
const WHITE = 0.5;

/**
 * A reading is reported when the recogniser was fairly sure of it; a military number (two
 * letters and five digits, the one template without a province) only on a white plate and
 * when it was sure and needed no repair, since stickers and dealer frames carry such strings.
 * An ordinary number (the blue and yellow plates' template) on a surely white background in
 * a colour photo is no plate: white plates are police and military ones, and a white
 * rectangle with a number on it is a windscreen sticker, a sign or a paper in a window.
 */
function credible({ reading, colour, colourCertainty }: PlateFound, colourPhoto: boolean): boolean {
  // military plates are white: a blue plate whose province was read as a letter is not one
  if (reading.template.name === 'military') return colour === 'white' && reading.confidence >= 0.85 && reading.repaired === 0;
  const ordinary = reading.template.name === 'blue' || reading.template.name === 'yellow';
  if (ordinary && colour === 'white' && colourCertainty >= WHITE && colourPhoto) return false;
  return reading.confidence >= 0.7;
}

/**
 * Whether the image may be a crop of one plate and little else (the extension's region
 * capture, a recogniser's 94×24 input): plate-shaped and no larger than a plate filmed close.
 * A street photo of that shape is also small and costs one more read of the whole.
 */
function cropShaped(image: Raster): boolean {
  const ratio = image.width / image.height;
  return ratio >= 1.5 && ratio <= 6.5 && image.height <= 300;
}

/**
 * The image inside a dark frame, as a plate sits in its holder: in a tight crop the
 * characters touch the image's edges, where the detector loses the province and the plate
 * outline is the image border itself.
 */
function framed(image: Raster): { raster: Raster; dx: number; dy: number } {
  const dy = Math.max(4, Math.round(0.25 * image.height)), dx = Math.max(4, Math.round(0.05 * image.width + 0.25 * image.height));
  const raster = createRaster(image.width + 2 * dx, image.height + 2 * dy);
  raster.data.fill(38);
  for (let y = 0; y < image.height; y++) {
    raster.data.set(image.data.subarray(y * image.width * 3, (y + 1) * image.width * 3), ((y + dy) * raster.width + dx) * 3);
  }
  return { raster, dx, dy };
}

export async function findPlates(image: Raster): Promise<Plate[]> {
  const step = Math.max(1, Math.round(Math.max(image.width, image.height) / 640));
  // whether white is white here (a grey camera's yellow plate is not): a statistic of the
  // whole frame, for which a quarter of the colour scan's samples are plenty
  const colourPhoto = inColour(image, 2 * step);
  const found: { plate: Plate; box: Box; score: number; provinces: Set<string> }[] = [];
  const keep = (plate: PlateFound) => {
    const box = bounds(plate.corners, image);
    const score = plate.reading.confidence - 0.1 * plate.reading.repaired;
    // one plate read from two seeds, or twice the same number: the same plate
    const same = found.findIndex((f) => overlap(f.box, box) > 0.5 || f.plate.PlateNumber === plate.reading.number);
    const provinces = new Set([plate.reading.number[0]!, ...(same < 0 ? [] : found[same]!.provinces)]);
    if (same < 0) found.push({ plate: toPlate(plate, box), box, score, provinces });
    else if (score > found[same]!.score) found[same] = { plate: toPlate(plate, box), box, score, provinces };
    else found[same]!.provinces = provinces;
  };
  if (cropShaped(image)) {
    // the whole image as the plate, framed; the detector's lines may still hold a better reading
    const { raster, dx, dy } = framed(image);
    const plate = await readPlate(raster, { cx: raster.width / 2, cy: raster.height / 2, w: image.width, h: image.height, angle: 0, area: true, crop: true });
    if (plate && credible(plate, colourPhoto)) {
      keep({ ...plate, corners: plate.corners.map((p) => ({ x: p.x - dx, y: p.y - dy })) });
      // a crop that is the plate, every character sure: there is nothing else to look for
      // (half the time of a plate crop went on detecting and reading it a second time)
      const box = found[0]!.box;
      const share = ((box.right - box.left) * (box.bottom - box.top)) / (image.width * image.height);
      if (share >= 0.5 && plate.reading.weakest >= SURE) return found.map((f) => f.plate);
    }
  }
  // the detector's usual size (small images doubled: a close-up of a plate alone needs it),
  // capped below its 2048 for 12 MP photos: a plate is no small print
  const detSide = Math.min(MAX_DET_SIDE, plateDetSide(image.width, image.height));
  const { lines } = await recognize(image, { minConfidence: 0.2, useCls: false, detSide });
  const seeds: Seed[] = lines.filter((l) => plateLike(l.text) && l.box.h >= 6).map((l) => ({ ...l.box }));
  const seedBoxes = lines.filter((l) => plateLike(l.text)).map((l) => bounds(l.quad, image));
  let blobs = 0;
  for (const blob of colourBlobs(image, step, 40)) {
    if (blobs >= MAX_BLOBS) break;
    // a patch larger than this is a car or a wall; a plate that close fills the frame and
    // the text detector has it
    if (blob.width > 0.6 * image.width || blob.height > 0.4 * image.height) continue;
    const box = { left: blob.left, top: blob.top, right: blob.left + blob.width, bottom: blob.top + blob.height };
    if (seedBoxes.some((s) => overlap(s, box) > 0.3)) continue;
    seeds.push({ cx: blob.left + blob.width / 2, cy: blob.top + blob.height / 2, w: blob.width, h: blob.height, angle: 0, area: true });
    blobs++;
  }

  for (const seed of seeds) {
    const plate = await readPlate(image, seed);
    if (plate && credible(plate, colourPhoto)) keep(plate);
  }
  // two looks at one plate that disagree on its province: the engine is torn, and says so
  for (const f of found) if (f.provinces.size > 1) f.plate.Confidence = Math.min(f.plate.Confidence, DISPUTED);
  return found.sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left).map((f) => f.plate);
}

export default defineExtractor({
  kind: 'plate',
  point: '2582-20',
  options,
  async extract(image, _options, notes): Promise<PlateData> {
    const Plates = await findPlates(image);
    if (Plates.length === 0) notes.notThisDocument('no license plate found in the image');
    return { Plates };
  },
});
