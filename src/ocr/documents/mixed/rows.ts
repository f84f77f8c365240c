import sharp from 'sharp';
import type { Point, Quad } from '../../geometry/quad';
import type { DecodedImage } from '../../image/decode';
import { describeLine, type OcrLine, recognize } from '../../pipeline';
import { angleGap, cropRegion, directional, enlargement, median, type Region } from './region';
import type { KeyLine } from './types';

/*
 * The rows of a region's key fields read again, instead of its whole crop. Lines handed on from
 * the sheet that miss a key field (types.ts keyFields) were boxed loosely by a detector that saw
 * the sheet shrunk, and a character or a digit of them went wrong (6472.69 read 6472.59); read
 * again at the crop's own scale they come out right. Only the rows printing the key fields need
 * it: the rows of the lines that label or print them (types.ts keyRows: a VAT invoice's 发票号码
 * and its ¥ figures), across the whole width of the crop, so that a value printed beside its
 * label at the far end of the row is read again with it. Each row is cut as a strip a line
 * height beyond its lines, so they are seen whole; the lines read there replace the ones handed
 * on in the row, and the rest are kept. The rows follow the text's direction in the crop: a
 * crop is cut level when its text runs within 1.5° of level (region.ts), and across a VAT
 * invoice 880 px wide 1.7° moves a row by 26 px, more than a line's height. A VAT invoice on a
 * sheet of eight: 2 or 3 strips among its about 25 rows.
 */

/**
 * A row of the crop, across its text, in the frame its lines run along: the lines whose centres
 * lie from v0 to v1 are replaced by those read again from the strip cut from `top` to `bottom`.
 */
export interface Band {
  v0: number;
  v1: number;
  top: number;
  bottom: number;
}

/** Lines running this far from the crop's text (degrees) are no row of it: a margin's turned print spans many rows. */
const ACROSS = 30;
/**
 * The strip read again reaches this many of the row's line heights beyond its centres: its
 * own lines whole, and of the next rows' lines at most a cut piece, whose centre lies beyond
 * half a line from the row's centres and is not taken (a row's lines stand about 1.5 line heights apart or more).
 */
const REACH = 1.5;

/** The direction the crop's text runs (degrees): its long lines' median; a crop is cut upright, so about 0. */
export function textAngle(lines: OcrLine[]): number {
  const long = lines.filter(directional);
  return median((long.length ? long : lines).map((l) => l.box.angle));
}

/** The frame along the text: u along it, v across. */
const frame = (deg: number) => {
  const cos = Math.cos((deg * Math.PI) / 180), sin = Math.sin((deg * Math.PI) / 180);
  return {
    v: (p: Point) => -p.x * sin + p.y * cos,
    u: (p: Point) => p.x * cos + p.y * sin,
    at: (u: number, v: number): Point => ({ x: u * cos - v * sin, y: u * sin + v * cos }),
  };
};

/**
 * The rows of the crop holding the lines that match `patterns` (lines in the crop's pixels), or
 * undefined when there are none or some pattern matches no line: the key field's place is then unknown and the
 * whole crop is read again. A row is the lines whose centres lie within the matching line's
 * height across the text (the value beside its label, a ¥ figure beside the next).
 */
export function keyRowBands(lines: OcrLine[], patterns: KeyLine[], angle = textAngle(lines)): Band[] | undefined {
  const text = (l: OcrLine) => l.text.replace(/\s+/g, '');
  if (patterns.length === 0 || !patterns.every((p) => lines.some((l) => p.test(text(l))))) return undefined;
  const { v } = frame(angle);
  const centre = (l: OcrLine) => v({ x: l.box.cx, y: l.box.cy });
  const along = lines.filter((l) => angleGap(l.box.angle, angle) <= ACROSS);
  const bands: Band[] = along
    .filter((l) => patterns.some((p) => p.test(text(l))))
    .map((key) => {
      const row = along.filter((l) => Math.abs(centre(l) - centre(key)) <= key.box.h / 2);
      const vs = row.map(centre), h = median(row.map((l) => l.box.h));
      const [v0, v1] = [Math.min(...vs) - h / 2, Math.max(...vs) + h / 2];
      return { v0, v1, top: v0 - (REACH - 0.5) * h, bottom: v1 + (REACH - 0.5) * h };
    });
  // rows whose strips overlap read as one strip
  bands.sort((a, b) => a.top - b.top);
  return bands.reduce<Band[]>((out, b) => {
    const last = out[out.length - 1];
    if (last && b.top <= last.bottom) Object.assign(last, { v0: Math.min(last.v0, b.v0), v1: Math.max(last.v1, b.v1), bottom: Math.max(last.bottom, b.bottom) });
    else out.push({ ...b });
    return out;
  }, []);
}

/**
 * The strip's print sharpened (an unsharp mask on its lightness, sharp's `sharpen`) with a radius
 * of `sigma` pixels: the strip's edges, spread over about `sigma` pixels by its enlargement
 * (bilinear), stand steep again.
 */
async function sharpened(strip: DecodedImage, sigma: number): Promise<DecodedImage> {
  const raw = { width: strip.width, height: strip.height, channels: 3 as const };
  const { data, info } = await sharp(strip.data, { raw }).sharpen({ sigma }).raw().toBuffer({ resolveWithObject: true });
  return { ...strip, width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * The region's lines (`inCrop`, in its crop's pixels) with the rows of its key fields read again
 * from the image, enlarged as the whole crop would be (region.ts enlargement), in the same
 * pixels; undefined when a key field's row was not found among them. `sharpen`: each strip is
 * sharpened with a radius of its enlargement (sharpened) before it is read: a second look at a
 * row whose reading at the strip's own sharpness still missed its field.
 */
export async function withKeyRowsRead(image: DecodedImage, region: Region, inCrop: OcrLine[], patterns: KeyLine[], sharpen = false): Promise<OcrLine[] | undefined> {
  const angle = textAngle(inCrop);
  const bands = keyRowBands(inCrop, patterns, angle);
  if (!bands) return undefined;
  const w = Math.max(1, Math.round(region.width)), h = Math.max(1, Math.round(region.height));
  const f = frame(angle);
  // the crop's pixels to the image's: cropRegion maps the region's quad onto w × h
  const [o, right, , down] = region.quad;
  const toImage = (p: Point): Point => ({ x: o.x + (p.x / w) * (right.x - o.x) + (p.y / h) * (down.x - o.x), y: o.y + (p.x / w) * (right.y - o.y) + (p.y / h) * (down.y - o.y) });
  const corners = [{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: h }, { x: 0, y: h }];
  const u0 = Math.min(...corners.map(f.u)), u1 = Math.max(...corners.map(f.u));
  const inBand = (l: OcrLine) => bands.some((b) => f.v({ x: l.box.cx, y: l.box.cy }) >= b.v0 && f.v({ x: l.box.cx, y: l.box.cy }) <= b.v1);
  const scale = enlargement(region);
  const read = await Promise.all(
    bands.map(async (b) => {
      const quad = [f.at(u0, b.top), f.at(u1, b.top), f.at(u1, b.bottom), f.at(u0, b.bottom)].map(toImage) as Quad;
      const row: Region = { ...region, whole: false, quad, width: u1 - u0, height: b.bottom - b.top };
      const cut = await cropRegion(image, row, scale);
      const strip = sharpen ? await sharpened(cut, scale) : cut;
      const { lines } = await recognize(strip, { minConfidence: 0 });
      // the strip's pixels back to the crop's
      const back = (p: Point) => f.at(u0 + (p.x / strip.width) * (u1 - u0), b.top + (p.y / strip.height) * (b.bottom - b.top));
      return lines.map((l) => describeLine(l.quad.map(back) as Quad, l, { width: w, height: h }));
    }),
  );
  const inside = (l: OcrLine) => l.box.cx >= 0 && l.box.cx <= w && l.box.cy >= 0 && l.box.cy <= h;
  return [...inCrop.filter((l) => !inBand(l)), ...read.flat().filter((l) => inBand(l) && inside(l))];
}
