import type { Point } from './quad';

/*
 * Convex hull (Andrew's monotone chain) and minimum-area enclosing rectangle (rotating
 * calipers: the optimal rectangle has a side on a hull edge, Freeman & Shapira 1975).
 * These replace OpenCV's convexHull/minAreaRect in the DB post-processing.
 */

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

export function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length <= 2) return pts;
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  upper.pop();
  lower.pop();
  return lower.concat(upper);
}

export interface RotatedRect {
  cx: number;
  cy: number;
  /** Side along `ux, uy`. */
  w: number;
  h: number;
  /** Unit vector of the `w` side. */
  ux: number;
  uy: number;
}

export function minAreaRect(hull: Point[]): RotatedRect {
  let best: RotatedRect = { cx: hull[0]?.x ?? 0, cy: hull[0]?.y ?? 0, w: 0, h: 0, ux: 1, uy: 0 };
  let bestArea = Infinity;
  const n = hull.length;
  for (let i = 0; i < n; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % n]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * ux + p.y * uy;
      const v = -p.x * uy + p.y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = { cx: cu * ux - cv * uy, cy: cu * uy + cv * ux, w: maxU - minU, h: maxV - minV, ux, uy };
    }
  }
  return best;
}

export function rectCorners(r: RotatedRect): Point[] {
  const hx = (r.ux * r.w) / 2, hy = (r.uy * r.w) / 2;
  const vx = (-r.uy * r.h) / 2, vy = (r.ux * r.h) / 2;
  return [
    { x: r.cx - hx - vx, y: r.cy - hy - vy },
    { x: r.cx + hx - vx, y: r.cy + hy - vy },
    { x: r.cx + hx + vx, y: r.cy + hy + vy },
    { x: r.cx - hx + vx, y: r.cy - hy + vy },
  ];
}
