import type { Point, Quad } from '../../geometry/quad';
import { warpQuad } from '../../geometry/warp';
import type { Raster } from '../../image/raster';

/*
 * The geometry of reading a plate (read.ts): rectangles of the seed's neighbourhood, and the
 * plate warped upright at a fixed height with a thin margin, its bands and rows.
 */

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function cropRaster(sub: Raster, rect: Rect): Raster {
  const q: Quad = [
    { x: rect.left, y: rect.top },
    { x: rect.right, y: rect.top },
    { x: rect.right, y: rect.bottom },
    { x: rect.left, y: rect.bottom },
  ];
  const w = Math.max(1, Math.round(rect.right - rect.left)), h = Math.max(1, Math.round(rect.bottom - rect.top));
  return warpQuad(sub, q, w, h, w, h);
}

export function rectQuad(r: Rect): Quad {
  return [{ x: r.left, y: r.top }, { x: r.right, y: r.top }, { x: r.right, y: r.bottom }, { x: r.left, y: r.bottom }];
}

/** Whether a corner of `q` lies more than `margin` pixels outside `r`. */
export function overshoots(q: Quad, r: Rect, margin: number): boolean {
  return q.some((p) => p.x < r.left - margin || p.x > r.right + margin || p.y < r.top - margin || p.y > r.bottom + margin);
}

/** Whether every corner of `a` is within `tolerance` pixels of the same corner of `b`. */
export function near(a: Quad, b: Quad, tolerance: number): boolean {
  return a.every((p, i) => Math.hypot(p.x - b[i]!.x, p.y - b[i]!.y) <= tolerance);
}

/** Whether `q` spans at least `share` of r's width. */
export function spans(q: Quad, r: Rect, share: number): boolean {
  const xs = q.map((p) => p.x);
  return Math.min(r.right, Math.max(...xs)) - Math.max(r.left, Math.min(...xs)) >= share * (r.right - r.left);
}

/** A quad's width and height: its longer top or bottom edge, its longer side. */
function sides(q: Quad): { width: number; height: number } {
  const width = Math.max(Math.hypot(q[1].x - q[0].x, q[1].y - q[0].y), Math.hypot(q[2].x - q[3].x, q[2].y - q[3].y));
  const height = Math.max(Math.hypot(q[3].x - q[0].x, q[3].y - q[0].y), Math.hypot(q[2].x - q[1].x, q[2].y - q[1].y));
  return { width, height };
}

/** Width over height of a quad. */
export function aspect(q: Quad): number {
  const { width, height } = sides(q);
  return width / height;
}

/** The point at (u, v) of the quad's own unit square, extrapolated outside it for margins. */
function bilinear(q: Quad, u: number, v: number): Point {
  const top = { x: q[0].x + (q[1].x - q[0].x) * u, y: q[0].y + (q[1].y - q[0].y) * u };
  const bottom = { x: q[3].x + (q[2].x - q[3].x) * u, y: q[3].y + (q[2].y - q[3].y) * u };
  return { x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v };
}

/**
 * The plate warped upright to a fixed height (characters ~40 px: 64 px for a one-row plate,
 * 110 for a two-row one, whose lower row is half its height), with a thin margin of
 * surroundings so the detector sees where the characters end.
 */
export function upright(src: Raster, plate: Quad): Upright {
  const { width, height } = sides(plate);
  const double = width / height < 2.2;
  const plateH = double ? 110 : 64;
  const quad: Quad = [bilinear(plate, -MU, -MV), bilinear(plate, 1 + MU, -MV), bilinear(plate, 1 + MU, 1 + MV), bilinear(plate, -MU, 1 + MV)];
  const outH = Math.round(plateH * (1 + 2 * MV));
  const outW = Math.round(((plateH * width) / height) * (1 + 2 * MU));
  return { raster: warpQuad(src, quad, outW, outH, width * (1 + 2 * MU), height * (1 + 2 * MV)), double };
}

/** Margins of surroundings kept around an upright plate, as shares of its width and height. */
const MU = 0.04, MV = 0.1;

export interface Upright {
  raster: Raster;
  /** two rows of characters (a 440×220 mm plate) */
  double: boolean;
}

/** A band of the plate itself (u, v as shares of the plate, margins excluded) in upright pixels. */
export function band(r: Raster, u0: number, u1: number, v0: number, v1: number): Quad {
  const x = (u: number) => ((MU + u) / (1 + 2 * MU)) * r.width, y = (v: number) => ((MV + v) / (1 + 2 * MV)) * r.height;
  return rectQuad({ left: x(u0), right: x(u1), top: y(v0), bottom: y(v1) });
}

/** The rows of a two-row plate where GA 36 puts them (upper 15–75 mm, lower 90–200 mm of 220). */
export const rowBands = (plate: Raster): Quad[] => [band(plate, 0.15, 0.85, 0.04, 0.38), band(plate, 0, 1, 0.38, 0.95)];
