import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';

/*
 * A true perspective paste, for every generator that photographs a flat thing (a ticket on a
 * desk, a plate on a car, a VIN label): the source drawn into a quadrilateral of the target
 * through a homography, a few samples per target pixel like a lens shrinking it.
 */

export interface Pt {
  x: number;
  y: number;
}

/** Coefficients mapping destination points onto source points (8-parameter homography). */
function homography(from: Pt[], to: Pt[]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!, { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -x * u, -y * u, u]);
    a.push([0, 0, 0, x, y, 1, -x * v, -y * v, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    const row = a[c]!, d = row[c]!;
    for (let k = c; k < 9; k++) row[k]! /= d;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      for (let k = c; k < 9; k++) a[r]![k]! -= f * row[k]!;
    }
  }
  return a.map((row) => row[8]!);
}

/**
 * Draws `src` into the quadrilateral `to` (TL TR BR BL) of `ctx`, with up to `maxSamples`²
 * samples per pixel (papers use 3; plates 4, as they are drawn large and shrunk far).
 */
export function paste(ctx: SKRSContext2D, src: Canvas, to: Pt[], maxSamples = 3): void {
  const w = src.width, h = src.height;
  const m = homography(to, [{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: h }, { x: 0, y: h }]);
  const s = src.getContext('2d').getImageData(0, 0, w, h).data;
  const x0 = Math.max(0, Math.floor(Math.min(...to.map((p) => p.x)))), x1 = Math.min(ctx.canvas.width, Math.ceil(Math.max(...to.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...to.map((p) => p.y)))), y1 = Math.min(ctx.canvas.height, Math.ceil(Math.max(...to.map((p) => p.y))));
  if (x1 <= x0 || y1 <= y0) return;
  const dst = ctx.getImageData(x0, y0, x1 - x0, y1 - y0);
  const n = Math.max(1, Math.min(maxSamples, Math.round(Math.sqrt((w * h) / Math.max(1, (x1 - x0) * (y1 - y0))))));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      let r = 0, g = 0, b = 0, hit = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const px = x + (sx + 0.5) / n, py = y + (sy + 0.5) / n;
          const d = m[6]! * px + m[7]! * py + 1;
          const u = Math.floor((m[0]! * px + m[1]! * py + m[2]!) / d), v = Math.floor((m[3]! * px + m[4]! * py + m[5]!) / d);
          if (u < 0 || v < 0 || u >= w || v >= h) continue;
          const i = (v * w + u) * 4;
          r += s[i]!;
          g += s[i + 1]!;
          b += s[i + 2]!;
          hit++;
        }
      }
      if (hit === 0) continue;
      const o = ((y - y0) * (x1 - x0) + (x - x0)) * 4, a = hit / (n * n);
      dst.data[o] = dst.data[o]! * (1 - a) + r / (n * n);
      dst.data[o + 1] = dst.data[o + 1]! * (1 - a) + g / (n * n);
      dst.data[o + 2] = dst.data[o + 2]! * (1 - a) + b / (n * n);
    }
  }
  ctx.putImageData(dst, x0, y0);
}
