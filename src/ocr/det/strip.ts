import type { Quad } from '../geometry/quad';
import { lumaAt, type Raster } from '../image/raster';

/*
 * A strip that is one line of print on a plain ground (a text line, a VIN label, a screenshot
 * of a field) needs no detector to say where its line is: the ink's rows and columns do,
 * as PaddleOCR's recognition-only mode takes a line image whole (issue 17: detection was a
 * fifth of a 460×48 line's time). Only a clean case is taken: an even ground all round the
 * border, ink of clear contrast in one band of rows with no empty row inside it (two lines
 * of print have one), and no gap along it wider than DB would bridge. Anything else (photos,
 * shading, two lines, far-apart words, text touching the edge) goes to the detector.
 */

/** ground pixels within this many grey levels of the ground's median; the border all ground */
const GROUND_SPREAD = 24;
const GROUND_SHARE = 0.97;
/** the darkest ink must differ from the ground by this much, and ink is what differs by 40% of that */
const MIN_CONTRAST = 96;
const INK_SHARE = 0.4;
/** a band of rows shorter than this is no line worth reading without the detector */
const MIN_BAND = 10;
/**
 * The widest gap along the line, in pixels and as a share of its height: DB at 1× bridged gaps
 * of up to 17 px between words and split those of 19–23 px, whatever the print's size
 * (14–36 px, 26 November 2026); the gap after a full-width colon is 17 px at 24 px print
 */
const MAX_GAP_PX = 14;
const MAX_GAP = 1;
/** the margin DB's unclip (ratio 1.5) leaves around the ink, as a share of the ink's height */
const MARGIN = 0.12;

/** The ground's grey level when the image's border is all ground, else undefined. */
function groundOf(image: Raster): number | undefined {
  const { width, height, data } = image;
  const values: number[] = [];
  for (let x = 0; x < width; x++) values.push(lumaAt(data, x * 3), lumaAt(data, ((height - 1) * width + x) * 3));
  for (let y = 1; y < height - 1; y++) values.push(lumaAt(data, y * width * 3), lumaAt(data, (y * width + width - 1) * 3));
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1]!;
  const even = values.filter((v) => Math.abs(v - median) <= GROUND_SPREAD).length;
  return even >= GROUND_SHARE * values.length ? median : undefined;
}

/** The one line of a clean horizontal strip, its quad as DB would box it; undefined when not clean. */
export function stripLine(image: Raster): Quad | undefined {
  const { width, height, data } = image;
  const ground = groundOf(image);
  if (ground === undefined) return undefined;
  let contrast = 0;
  for (let i = 0; i < data.length; i += 3) contrast = Math.max(contrast, Math.abs(lumaAt(data, i) - ground));
  if (contrast < MIN_CONTRAST) return undefined;
  const inkAt = INK_SHARE * contrast;
  const rows = new Uint32Array(height), columns = new Uint32Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (Math.abs(lumaAt(data, (y * width + x) * 3) - ground) < inkAt) continue;
      rows[y]!++;
      columns[x]!++;
    }
  }
  const top = rows.findIndex((n) => n > 0), bottom = rows.findLastIndex((n) => n > 0);
  if (top < 0 || bottom - top + 1 < MIN_BAND) return undefined;
  // an empty row inside the band: two lines, or a speck above or below the line
  for (let y = top; y <= bottom; y++) if (rows[y] === 0) return undefined;
  const band = bottom - top + 1;
  const left = columns.findIndex((n) => n > 0), right = columns.findLastIndex((n) => n > 0);
  if (right - left + 1 < 1.5 * band) return undefined;
  // print cut by the image's edge: where the line ends is not known
  if (top === 0 || left === 0 || bottom === height - 1 || right === width - 1) return undefined;
  let gap = 0;
  for (let x = left; x <= right; x++) {
    gap = columns[x] === 0 ? gap + 1 : 0;
    if (gap > Math.min(MAX_GAP_PX, MAX_GAP * band)) return undefined;
  }
  const m = MARGIN * band;
  const x0 = Math.max(0, left - m), x1 = Math.min(width, right + 1 + m);
  const y0 = Math.max(0, top - m), y1 = Math.min(height, bottom + 1 + m);
  return [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
}
