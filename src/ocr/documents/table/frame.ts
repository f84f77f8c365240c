import { quarterTurns } from '../../direction';
import type { Point, Quad } from '../../geometry/quad';
import { rotate180, rotate90ccw, type Raster } from '../../image/raster';
import type { OcrLine } from '../../pipeline';

/*
 * The upright frame of the page. The pipeline already reads each line in its own
 * direction (tall boxes are turned a quarter and the cls model turns upside-down lines), so
 * a line's angle says which way the page is turned. Quarter turns are decided by a vote of
 * the lines weighted by their length (a few vertical labels in a table must not tip a page),
 * the remaining skew is the weighted median of the lines that agree with the vote (a mean
 * would be pulled by vertical text). A turned page is turned back and read again (the
 * detector splits sideways text into single characters); a skew of a few degrees is not
 * resampled except in the ink mask: points move between the image and the level frame.
 */

export interface Frame {
  /** Clockwise turn applied to the image, radians. */
  angle: number;
  /** Size of the upright canvas. */
  width: number;
  height: number;
  toFrame(p: Point): Point;
  toImage(p: Point): Point;
}

/** Turns below this are not worth resampling the mask for (0.15° ≈ 2.6 px over 1000 px). */
const NEGLIGIBLE = (0.15 * Math.PI) / 180;
/** Lines tilted more than this from the vote are vertical labels or noise, not skew. */
const MAX_SKEW = 15;

export function weightedMedian(values: { v: number; w: number }[]): number {
  const sorted = [...values].sort((a, b) => a.v - b.v);
  const total = sorted.reduce((s, x) => s + x.w, 0);
  let acc = 0;
  for (const x of sorted) {
    acc += x.w;
    if (acc >= total / 2) return x.v;
  }
  return 0;
}

/** Quarter turns (0..3) and residual skew in degrees of the page, from its lines. */
export function pageDirection(lines: OcrLine[], allowQuarterTurns: boolean): { quarterTurns: number; skew: number } {
  // long lines give a reliable angle; short ones only when nothing else exists
  const long = lines.filter((l) => l.box.w >= 2 * l.box.h);
  const used = long.length >= 3 ? long : lines;
  const votes = [0, 0, 0, 0];
  const placed = used.map((l) => {
    const q = quarterTurns(l.box.angle) as 0 | 1 | 2 | 3;
    const residual = l.box.angle - Math.round(l.box.angle / 90) * 90;
    votes[q]! += l.box.w;
    return { q, residual, w: l.box.w };
  });
  const turns = allowQuarterTurns ? votes.indexOf(Math.max(...votes)) : 0;
  const agreeing = placed.filter((p) => p.q === turns && Math.abs(p.residual) <= MAX_SKEW);
  const skew = agreeing.length ? weightedMedian(agreeing.map((p) => ({ v: p.residual, w: p.w }))) : 0;
  return { quarterTurns: turns, skew };
}

export function makeFrame(imageWidth: number, imageHeight: number, skewDegrees: number): Frame {
  // text running at angle α is made level by turning the page by −α
  const angle = Math.abs(skewDegrees * (Math.PI / 180)) < NEGLIGIBLE ? 0 : -(skewDegrees * Math.PI) / 180;
  const c = Math.cos(angle), s = Math.sin(angle);
  const width = Math.round(Math.abs(imageWidth * c) + Math.abs(imageHeight * s));
  const height = Math.round(Math.abs(imageWidth * s) + Math.abs(imageHeight * c));
  const icx = imageWidth / 2, icy = imageHeight / 2, fcx = width / 2, fcy = height / 2;
  return {
    angle,
    width,
    height,
    toFrame: ({ x, y }) => ({ x: fcx + (x - icx) * c - (y - icy) * s, y: fcy + (x - icx) * s + (y - icy) * c }),
    toImage: ({ x, y }) => ({ x: icx + (x - fcx) * c + (y - fcy) * s, y: icy - (x - fcx) * s + (y - fcy) * c }),
  };
}

/** The image turned back by `quarterTurns` quarter turns (the page's text then runs left to right). */
export function turnUpright(image: Raster, quarterTurns: number): Raster {
  if (quarterTurns === 1) return rotate90ccw(image);
  if (quarterTurns === 2) return rotate180(image);
  if (quarterTurns === 3) return rotate180(rotate90ccw(image));
  return image;
}

/** Axis-aligned bounds of a quad in the frame. */
export function frameBox(frame: Frame, quad: Quad): { left: number; top: number; right: number; bottom: number } {
  const pts = quad.map((p) => frame.toFrame(p));
  const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}
