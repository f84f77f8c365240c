import * as det from '../../det/index';
import type { Point, Quad } from '../../geometry/quad';
import { warpQuad } from '../../geometry/warp';
import type { Raster } from '../../image/raster';
import * as rec from '../../rec/index';
import { plateColour, redMarks, type PlateBackground, type PlateColour } from './colour';
import { cleanChars, parsePlate, redMarkVariants, type PlateReading, type ReadChar } from './grammar';
import { plateCorners } from './rectify';
import { aspect, band, cropRaster, near, overshoots, spans, rectQuad, rowBands, upright, type Rect, type Upright } from './upright';

/*
 * Reading one plate around a seed (a text line that looks like a plate, or a coloured
 * rectangle): the seed's neighbourhood is cut out upright and enlarged so the characters
 * stand ~40 px high; the plate's background colour is measured on the seed, its outline
 * found from that colour (rectify.ts; a box grown over the colour when no outline fits),
 * and the plate warped to an upright rectangle. There the text rows are detected again and
 * read with alternatives, top row first (two-row plates), the red characters of white and
 * black plates repainted first, and the plate grammar picks the number.
 */

/** A rotated rectangle in image pixels; angle is the text direction, degrees clockwise. */
export interface Seed {
  cx: number;
  cy: number;
  w: number;
  h: number;
  angle: number;
  /** the seed is a coloured plate area already (not a text line inside one) */
  area?: boolean;
  /**
   * the seed is the whole image, a crop of one plate: the plate is read whole, without
   * detecting its rows first (the detector only when that reading is not sure)
   */
  crop?: boolean;
}

export interface PlateFound {
  reading: PlateReading;
  colour: PlateColour;
  colourCertainty: number;
  /** the plate's corners in image pixels */
  corners: Point[];
}

const TEXT_HEIGHT = 40;
/** A reading whose least sure character is at least this sure needs no second look (here, and a crop in plate.ts). */
export const SURE = 0.9;

type IsBackground = (r: number, g: number, b: number) => boolean;

function share(crop: Raster, rect: Rect, isBackground: IsBackground): number {
  let hit = 0, n = 0;
  for (let y = Math.max(0, Math.round(rect.top)); y < Math.min(crop.height, Math.round(rect.bottom)); y++) {
    for (let x = Math.max(0, Math.round(rect.left)); x < Math.min(crop.width, Math.round(rect.right)); x++) {
      const i = (y * crop.width + x) * 3;
      n++;
      if (isBackground(crop.data[i]!, crop.data[i + 1]!, crop.data[i + 2]!)) hit++;
    }
  }
  return n === 0 ? 0 : hit / n;
}

/** Grows `seed` side by side while the next strip is mostly background, within `limit`. */
function grow(crop: Raster, seed: Rect, limit: Rect, isBackground: IsBackground): Rect {
  const r = { ...seed };
  const step = 2;
  for (let moved = true; moved; ) {
    moved = false;
    if (r.top - step >= limit.top && share(crop, { ...r, top: r.top - step, bottom: r.top }, isBackground) >= 0.45) (r.top -= step), (moved = true);
    if (r.bottom + step <= limit.bottom && share(crop, { ...r, top: r.bottom, bottom: r.bottom + step }, isBackground) >= 0.45) (r.bottom += step), (moved = true);
    if (r.left - step >= limit.left && share(crop, { ...r, left: r.left - step, right: r.left }, isBackground) >= 0.45) (r.left -= step), (moved = true);
    if (r.right + step <= limit.right && share(crop, { ...r, left: r.right, right: r.right + step }, isBackground) >= 0.45) (r.right += step), (moved = true);
  }
  return r;
}

/** Text lines inside the plate, rows top to bottom, each row left to right. */
function plateLines(quads: Quad[], plate: Rect): Quad[] {
  const inside = quads
    .map((q) => ({ q, cx: q.reduce((s, p) => s + p.x, 0) / 4, cy: q.reduce((s, p) => s + p.y, 0) / 4, h: Math.abs(q[3].y - q[0].y) }))
    .filter((l) => l.cx >= plate.left && l.cx <= plate.right && l.cy >= plate.top && l.cy <= plate.bottom);
  inside.sort((a, b) => a.cy - b.cy);
  const rows: (typeof inside)[] = [];
  for (const l of inside) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.cy - l.cy) < 0.5 * Math.max(row[0]!.h, l.h)) row.push(l);
    else rows.push([l]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.cx - b.cx).map((l) => l.q));
}

/**
 * Whether a plate outline fits the text line it was grown from: a one-row plate is about
 * 1.5 text heights high and little wider than its text; only yellow plates come in two rows
 * (about 2.5 heights of the lower row). A larger outline is car paint of the plate's colour.
 */
function plausible(corners: Quad, seed: Rect, colour: PlateColour): boolean {
  const width = Math.max(corners[1].x - corners[0].x, corners[2].x - corners[3].x);
  const height = Math.max(corners[3].y - corners[0].y, corners[2].y - corners[1].y);
  const h = seed.bottom - seed.top, w = seed.right - seed.left;
  return height <= (colour === 'yellow' ? 3 : 1.9) * h && height >= 0.9 * h && width <= w + 2 * h && width >= 0.6 * w;
}

interface UprightRead {
  reading?: PlateReading;
  /** characters of the fullest reading tried: one short of a plate says a character was cut off */
  chars: number;
}

/** The plate as read: red characters repainted on white and black plates, and the parse that weighs both. */
function prepared(raster: Raster, { colour, certainty }: PlateBackground) {
  const marks = colour === 'white' || colour === 'black' ? redMarks(raster, colour) : undefined;
  const parse = (reads: ReadChar[][]) => parsePlate(reads.flatMap((r) => [r, ...(marks ? redMarkVariants(r, colour, marks.at) : [])]), colour, certainty);
  return { marks, plate: marks?.recoloured ?? raster, parse };
}

/**
 * A crop's plate read whole without detecting its rows first (detection was a third of a
 * crop's CPU, issue 17): a one-row plate as one line, a two-row plate's rows where GA 36 puts
 * them. The reading when every character is sure.
 */
async function readWhole(upright: Upright, background: PlateBackground): Promise<PlateReading | undefined> {
  const { plate, parse } = prepared(upright.raster, background);
  const whole = await rec.run({ image: plate, quads: upright.double ? rowBands(plate) : [band(plate, -0.01, 1.01, 0.05, 0.95)], alternatives: 5 });
  const reading = parse([whole.lines.flatMap((l) => l.chars ?? [])]);
  return reading && reading.weakest >= SURE ? reading : undefined;
}

/**
 * Detects the text rows of an upright plate, reads them with alternatives, parses the number.
 * `lost`: a character is missing from every detected line (a blurred province the detector
 * did not take for text): the whole plate is read as one line instead, its blob still reads
 * with provinces among its alternatives, and the plate is no surer than UNSEEN.
 */
async function readUpright({ raster, double }: Upright, background: PlateBackground, seed: Seed, lost = false): Promise<UprightRead> {
  const area = seed.area === true;
  const { marks, plate, parse } = prepared(raster, background);
  const all = { left: 0, top: 0, right: plate.width, bottom: plate.height };
  let quads = lost ? [] : plateLines((await det.run({ image: plate, side: Math.max(plate.width, plate.height) })).boxes.map((b) => b.quad), all);
  if (area) {
    // a coloured patch is a plate only if characters run across most of it
    const xs = quads.flatMap((q) => q.map((p) => p.x));
    if (quads.length === 0 || Math.max(...xs) - Math.min(...xs) < 0.6 * plate.width) return { chars: 0 };
  }
  if (quads.length === 0) quads = [rectQuad(all)];
  const read = await rec.run({ image: plate, quads, alternatives: 5 });
  const readings = [read.lines.flatMap((l) => l.chars ?? [])];
  if (marks && marks.at !== 'none') {
    // repainting the red saves a smeared 警 but can blot a clear red letter (the V of a
    // military VA·30093 read as O): the plate as photographed is read too
    const asIs = await rec.run({ image: raster, quads, alternatives: 5 });
    readings.push(asIs.lines.flatMap((l) => l.chars ?? []));
  }
  let reading = parse(readings);
  if (!reading && quads.length > 1) {
    // one pass over the whole plate when the pieces do not add up (a row split badly)
    const whole = await rec.run({ image: plate, quads: [rectQuad(all)], alternatives: 5 });
    reading = parse([whole.lines[0]?.chars ?? []]);
  }
  if (!reading && double) {
    // the small upper row of a two-row plate escapes the detector when blurred: read the
    // rows where GA 36 puts them
    const rows = await rec.run({ image: plate, quads: rowBands(plate), alternatives: 5 });
    reading = parse([rows.lines.flatMap((l) => l.chars ?? [])]);
  }
  // whatever the recogniser made of a blur (a blurred 浙 comes out 皖 at 0.85), and a reading
  // of detected characters alone ranks above it
  if (reading && lost) reading = { ...reading, weakest: Math.min(reading.weakest, UNSEEN), repaired: reading.repaired + 1 };
  return { reading, chars: Math.max(...readings.map((r) => cleanChars(r).length)) };
}

/**
 * An outline spanning this share of a crop's width says the crop was cut to the plate (a
 * region capture with the car around the plate leaves it less).
 */
const CUT_WIDTH = 0.75;
/**
 * No plate is wider for its height than this: the widest, a new-energy plate, is 480×140 mm
 * (GA 36-2018), 3.4:1. On the development set's crops, outlines round a whole plate measured
 * 2.4–3.7:1, those of squeezed crops or that had lost the rim 4.0–6.4:1 (and those of them
 * read unsure where the extent was sure 4.8–6.4:1).
 */
const PLATE_ASPECT = 4;

/** how sure a character can be that only the whole plate's read found */
const UNSEEN = 0.5;

/** Plates have 7 characters, new-energy ones 8: a reading one short lost one at an end. */
const oneShort = (chars: number) => chars === 6 || chars === 7;

export async function readPlate(image: Raster, seed: Seed): Promise<PlateFound | undefined> {
  const scale = Math.min(4, Math.max(0.4, TEXT_HEIGHT / (seed.area ? seed.h * 0.6 : seed.h)));
  const rad = (seed.angle * Math.PI) / 180;
  const ex = { x: Math.cos(rad), y: Math.sin(rad) }, ey = { x: -Math.sin(rad), y: Math.cos(rad) };
  // neighbourhood in the seed's own frame (pixels of the source, seed centre at 0,0)
  const margin = seed.area
    ? { side: 0.15 * seed.h, up: 0.15 * seed.h, down: 0.15 * seed.h }
    : { side: 0.15 * seed.w + 1.2 * seed.h, up: 1.4 * seed.h, down: 0.7 * seed.h };
  const frame = { left: -seed.w / 2 - margin.side, right: seed.w / 2 + margin.side, top: -seed.h / 2 - margin.up, bottom: seed.h / 2 + margin.down };
  const toImage = (p: Point): Point => {
    const fx = frame.left + p.x / scale, fy = frame.top + p.y / scale;
    return { x: seed.cx + fx * ex.x + fy * ey.x, y: seed.cy + fx * ex.y + fy * ey.y };
  };
  const outW = Math.round((frame.right - frame.left) * scale), outH = Math.round((frame.bottom - frame.top) * scale);
  if (outW < 8 || outH < 8 || outW * outH > 4_000_000) return undefined;
  const quad: Quad = [toImage({ x: 0, y: 0 }), toImage({ x: outW, y: 0 }), toImage({ x: outW, y: outH }), toImage({ x: 0, y: outH })];
  const crop = warpQuad(image, quad, outW, outH, frame.right - frame.left, frame.bottom - frame.top);

  const seedRect: Rect = {
    left: (-seed.w / 2 - frame.left) * scale,
    right: (seed.w / 2 - frame.left) * scale,
    top: (-seed.h / 2 - frame.top) * scale,
    bottom: (seed.h / 2 - frame.top) * scale,
  };
  const background = plateColour(cropRaster(crop, seedRect));
  const { colour, certainty } = background;
  let corners = plateCorners(crop, background.isBackground, seedRect);
  if (corners && !seed.area && !plausible(corners, seedRect, colour)) corners = undefined;
  // a crop is the plate at most: framed in dark grey, a black plate's background runs on into
  // the frame, and an outline taken with it squeezed a 港 plate's characters (2666 read 266).
  // An outline well past the crop is the frame's (a fitted side a little past it is not)
  if (corners && seed.crop && overshoots(corners, seedRect, 0.15 * (seedRect.bottom - seedRect.top))) corners = undefined;
  if (seed.crop) {
    // a crop's plate read whole, on its outline and on the crop's own extent, where a
    // province at the crop's very edge (CCPD's crops cut it close) is not left outside an
    // outline that stopped short of it; rows are detected only when neither reading is sure.
    // The outline first, unless it spans the crop's width but is wider for its height than
    // any plate: it stopped short of a worn rim at the top or bottom, or the crop was squeezed
    // (94×24), and read there the plate was not sure where the crop's extent was (a second
    // recognition each time, issue 17)
    const extent = rectQuad(seedRect);
    const looks = !corners
      ? [extent]
      : near(corners, extent, 0.03 * (seedRect.right - seedRect.left))
        ? [corners]
        : spans(corners, seedRect, CUT_WIDTH) && aspect(corners) > PLATE_ASPECT
          ? [extent, corners]
          : [corners, extent];
    for (const look of looks) {
      const reading = await readWhole(upright(crop, look), background);
      if (reading) return { reading, colour, colourCertainty: certainty, corners: look.map(toImage) };
    }
  }
  let read: UprightRead = { chars: 0 };
  if (corners) read = await readUpright(upright(crop, corners), background, seed);
  if (!read.reading || !corners) {
    // no plate-shaped background (white plate on a white car, heavy glare): grow a box instead
    const h = seedRect.bottom - seedRect.top, w = seedRect.right - seedRect.left;
    const limit = {
      left: Math.max(0, seedRect.left - 0.08 * w - 0.6 * h),
      right: Math.min(outW, seedRect.right + 0.08 * w + 0.6 * h),
      top: Math.max(0, seedRect.top - (colour === 'yellow' ? 1.3 : 0.3) * h),
      bottom: Math.min(outH, seedRect.bottom + 0.3 * h),
    };
    const grown = seed.area ? seedRect : grow(crop, seedRect, limit, background.isBackground);
    const outline = corners, previous = read.chars;
    corners = rectQuad(grown);
    read = await readUpright(upright(crop, corners), background, seed);
    if (!read.reading && !seed.area && oneShort(Math.max(previous, read.chars))) {
      // one character short: a blurred province the detector left out (the whole plate read
      // as one line), or one cut off at an end, where the outline and the grown box both
      // stop at a character that is not background and touches the frame (the red 使 of a
      // black plate on a black car): the line widened by a character each side
      const plate = outline ?? corners;
      read = await readUpright(upright(crop, plate), background, seed, true);
      if (read.reading) corners = plate;
      else {
        corners = rectQuad({ ...grown, left: limit.left, right: limit.right });
        read = await readUpright(upright(crop, corners), background, seed);
      }
    }
  }
  const reading = read.reading;
  if (!reading) return undefined;
  return { reading, colour, colourCertainty: certainty, corners: corners.map(toImage) };
}
