import type { Point, Quad } from '../../geometry/quad';
import type { Raster } from '../../image/raster';

/*
 * The plate's own four corners, from its background colour. Photos show plates turned,
 * sheared and in perspective (CCPD), and a text box's minimum-area rectangle around a
 * sheared plate is tall and loose; reading works far better on the plate warped back to a
 * rectangle. The background region that holds the text is taken as a whole (characters are
 * holes in it), each of its four sides is fitted with a straight line through its boundary
 * points (outliers from a touching bumper or frame dropped), and the lines are intersected.
 */

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The background region with the most pixels inside `seed`, as a mask. */
function region(crop: Raster, isBackground: (r: number, g: number, b: number) => boolean, seed: Rect): Uint8Array | undefined {
  const { width: w, height: h, data } = crop;
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) mask[i] = isBackground(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) ? 1 : 0;
  const label = new Int32Array(w * h);
  let best = 0, bestCount = 0, next = 0;
  const stack: number[] = [];
  const inSeed = (x: number, y: number) => x >= seed.left && x < seed.right && y >= seed.top && y < seed.bottom;
  for (let y = Math.max(0, Math.floor(seed.top)); y < Math.min(h, seed.bottom); y++) {
    for (let x = Math.max(0, Math.floor(seed.left)); x < Math.min(w, seed.right); x++) {
      const start = y * w + x;
      if (!mask[start] || label[start]) continue;
      const id = ++next;
      let count = 0;
      label[start] = id;
      stack.push(start);
      while (stack.length) {
        const p = stack.pop()!;
        const px = p % w, py = (p - px) / w;
        if (inSeed(px, py)) count++;
        if (px > 0 && mask[p - 1] && !label[p - 1]) (label[p - 1] = id), stack.push(p - 1);
        if (px < w - 1 && mask[p + 1] && !label[p + 1]) (label[p + 1] = id), stack.push(p + 1);
        if (py > 0 && mask[p - w] && !label[p - w]) (label[p - w] = id), stack.push(p - w);
        if (py < h - 1 && mask[p + w] && !label[p + w]) (label[p + w] = id), stack.push(p + w);
      }
      if (count > bestCount) (bestCount = count), (best = id);
    }
  }
  const seedArea = (seed.right - seed.left) * (seed.bottom - seed.top);
  if (best === 0 || bestCount < 0.25 * seedArea) return undefined;
  for (let i = 0; i < w * h; i++) mask[i] = label[i] === best ? 1 : 0;
  return mask;
}

type Line = { a: number; b: number };

/** Least-squares line v = a·u + b through the points. */
function leastSquares(pts: [number, number][]): Line | undefined {
  let su = 0, sv = 0, suu = 0, suv = 0;
  for (const [u, v] of pts) (su += u), (sv += v), (suu += u * u), (suv += u * v);
  const n = pts.length, den = n * suu - su * su;
  if (Math.abs(den) < 1e-9) return undefined;
  const a = (n * suv - su * sv) / den;
  return { a, b: (sv - a * su) / n };
}

/** Distance (px) within which a boundary point agrees with a side's line. */
const ON_LINE = 2;

/**
 * The line most points agree with, among the lines through pairs of a sample of them. A
 * side's points are wrong in runs, not one by one: where the background breaks (the pale
 * upper half of a green plate, a screw, glare) a third of the columns can start far inside
 * the plate, and a least-squares fit, however trimmed, leans towards them.
 */
function consensus(points: [number, number][]): [number, number][] {
  const step = Math.max(1, Math.floor(points.length / 24));
  const sample = points.filter((_, i) => i % step === 0);
  const agrees = ({ a, b }: Line) => ([u, v]: [number, number]) => Math.abs(v - (a * u + b)) <= ON_LINE;
  let best: Line | undefined;
  let bestCount = 0;
  for (let i = 0; i < sample.length; i++) {
    for (let j = i + 1; j < sample.length; j++) {
      const [u0, v0] = sample[i]!, [u1, v1] = sample[j]!;
      if (u1 === u0) continue;
      const a = (v1 - v0) / (u1 - u0);
      const b = v0 - a * u0;
      // counted in place: a filtered array per pair of points was most of a crop's outline time
      let count = 0;
      for (const [u, v] of points) if (Math.abs(v - (a * u + b)) <= ON_LINE) count++;
      if (count > bestCount) (bestCount = count), (best = { a, b });
    }
  }
  return best && bestCount >= 4 ? points.filter(agrees(best)) : points;
}

/** Line v = a·u + b along one side: the points that agree (consensus), refitted twice without outliers. */
function fitLine(points: [number, number][]): Line | undefined {
  let pts = consensus(points);
  let line: Line | undefined;
  for (let pass = 0; pass < 3 && pts.length >= 4; pass++) {
    const next = leastSquares(pts);
    if (!next) return line;
    line = next;
    const residuals = pts.map(([u, v]) => Math.abs(v - (next.a * u + next.b)));
    const median = [...residuals].sort((x, y) => x - y)[Math.floor(residuals.length / 2)]!;
    const limit = Math.max(1.5, 2.5 * median);
    pts = pts.filter((_, i) => residuals[i]! <= limit);
  }
  return line;
}

/**
 * Corners TL, TR, BR, BL of the plate in crop pixels, or undefined when the background does
 * not form a plate-shaped region around the seed.
 */
export function plateCorners(crop: Raster, isBackground: (r: number, g: number, b: number) => boolean, seed: Rect): Quad | undefined {
  const mask = region(crop, isBackground, seed);
  if (!mask) return undefined;
  const { width: w, height: h } = crop;
  let x0 = w, x1 = -1, y0 = h, y1 = -1;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (mask[y * w + x]) (x0 = Math.min(x0, x)), (x1 = Math.max(x1, x)), (y0 = Math.min(y0, y)), (y1 = Math.max(y1, y));
  const bw = x1 - x0 + 1, bh = y1 - y0 + 1;
  if (bw < 8 || bh < 4) return undefined;
  const top: [number, number][] = [], bottom: [number, number][] = [], left: [number, number][] = [], right: [number, number][] = [];
  for (let x = Math.ceil(x0 + 0.12 * bw); x <= x1 - 0.12 * bw; x++) {
    let first = -1, last = -1;
    for (let y = y0; y <= y1; y++) if (mask[y * w + x]) (first = first < 0 ? y : first), (last = y);
    if (first >= 0) top.push([x, first]), bottom.push([x, last + 1]);
  }
  for (let y = Math.ceil(y0 + 0.2 * bh); y <= y1 - 0.2 * bh; y++) {
    let first = -1, last = -1;
    for (let x = x0; x <= x1; x++) if (mask[y * w + x]) (first = first < 0 ? x : first), (last = x);
    if (first >= 0) left.push([y, first]), right.push([y, last + 1]);
  }
  const t = fitLine(top), b = fitLine(bottom), l = fitLine(left), r = fitLine(right);
  if (!t || !b || !l || !r) return undefined;
  // y = a·x + b (top, bottom) meets x = c·y + d (left, right)
  const meet = (hl: Line, vl: Line): Point => {
    const y = (hl.a * vl.b + hl.b) / (1 - hl.a * vl.a);
    return { x: vl.a * y + vl.b, y };
  };
  const quad: Quad = [meet(t, l), meet(t, r), meet(b, r), meet(b, l)];
  const width = Math.hypot(quad[1].x - quad[0].x, quad[1].y - quad[0].y);
  const height = Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y);
  const ratio = width / Math.max(1, height);
  if (!(ratio > 1 && ratio < 6.5) || quad.some((p) => !Number.isFinite(p.x) || !Number.isFinite(p.y))) return undefined;
  // the region must cover most of the seed, else it is a patch of car paint beside the text
  const cx = (seed.left + seed.right) / 2, cy = (seed.top + seed.bottom) / 2;
  if (cx < Math.min(quad[0].x, quad[3].x) || cx > Math.max(quad[1].x, quad[2].x)) return undefined;
  if (cy < Math.min(quad[0].y, quad[1].y) || cy > Math.max(quad[2].y, quad[3].y)) return undefined;
  return quad;
}
