import { createRaster, type Raster } from '../image/raster';
import type { Quad } from './quad';

/*
 * Perspective crop of one text quadrilateral (cv2.getPerspectiveTransform + warpPerspective
 * with BORDER_REPLICATE in PaddleOCR). Crops are small, so plain JS is fast enough; when
 * the crop is scaled down we average kx×ky samples per output pixel, otherwise thin strokes
 * of large photos alias away.
 */

/** Homography coefficients h0..h7 (h8 = 1) mapping (0,0),(w,0),(w,h),(0,h) onto the quad. */
export function homography(q: Quad, w: number, h: number): number[] {
  const src = [[0, 0], [w, 0], [w, h], [0, h]] as const;
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i]!;
    const { x: u, y: v } = q[i]!;
    a.push([x, y, 1, 0, 0, 0, -x * u, -y * u, u]);
    a.push([0, 0, 0, x, y, 1, -x * v, -y * v, v]);
  }
  // Gaussian elimination with partial pivoting on the 8×9 augmented matrix
  for (let c = 0; c < 8; c++) {
    let pivot = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    const row = a[c]!;
    const p = row[c]!;
    if (Math.abs(p) < 1e-12) throw new Error('degenerate quadrilateral');
    for (let k = c; k < 9; k++) row[k]! /= p;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      if (f === 0) continue;
      for (let k = c; k < 9; k++) a[r]![k]! -= f * row[k]!;
    }
  }
  return a.map((row) => row[8]!);
}

/** One channel between four source pixels (byte offsets), by weights ax across and ay down. */
const bilinear = (data: Uint8Array, i00: number, i01: number, i10: number, i11: number, ax: number, ay: number) => {
  const top = data[i00]! + (data[i01]! - data[i00]!) * ax;
  const bottom = data[i10]! + (data[i11]! - data[i10]!) * ax;
  return top + (bottom - top) * ay;
};

/**
 * Rows `from` to `to` (exclusive) of a warp, written into `into` (the whole output's bytes): a
 * large crop is cut a band a thread (runtime/warp-bands.ts), every pixel as the whole warp cuts it.
 */
export interface WarpBand {
  from: number;
  to: number;
  into: Uint8Array;
}

/** f times the k samples of each of n output pixels along one axis, which lie at i + (s + 0.5) / k. */
function sampled(n: number, k: number, f: number): Float64Array {
  const out = new Float64Array(n * k);
  for (let i = 0; i < n; i++) for (let s = 0; s < k; s++) out[i * k + s] = f * (i + (s + 0.5) / k);
  return out;
}

/**
 * `srcW`×`srcH` is the quad's own size in the source, which sets the sampling density.
 *
 * Sample (dx, dy) comes from source point ((h0·dx + h1·dy + h2) / d, (h3·dx + h4·dy + h5) / d),
 * d = h6·dx + h7·dy + 1. The products with dx are the same down a column and those with dy
 * along a row, so they are taken once per column and row (most of a large crop's time went to
 * them); the sums and quotients are made in the same order as ever, so every pixel is what it
 * was. Whole pixels by `| 0`: the point is clamped to the image first, so it is never negative.
 * A crop scaled up (every text line 48 px high from smaller print, an area of small print
 * enlarged) takes one sample a pixel, without the sums.
 */
export function warpQuad(src: Raster, q: Quad, outW: number, outH: number, srcW: number, srcH: number, band?: WarpBand): Raster {
  const [h0, h1, h2, h3, h4, h5, h6, h7] = homography(q, outW, outH) as [number, number, number, number, number, number, number, number];
  const kx = Math.max(1, Math.min(4, Math.ceil(srcW / outW - 0.25)));
  const ky = Math.max(1, Math.min(4, Math.ceil(srcH / outH - 0.25)));
  const x0s = sampled(outW, kx, h0), x3s = sampled(outW, kx, h3), x6s = sampled(outW, kx, h6);
  const y1s = sampled(outH, ky, h1), y4s = sampled(outH, ky, h4), y7s = sampled(outH, ky, h7);
  const { width: sw, height: sh, data } = src;
  const W1 = sw - 1, H1 = sh - 1, row = sw * 3;
  const out = band ? { width: outW, height: outH, data: band.into } : createRaster(outW, outH);
  const n = kx * ky;
  const o8 = out.data;
  const from = band?.from ?? 0, to = band?.to ?? outH;
  let o = from * outW * 3;
  // the sampled loop's body below without its sums, written out again on purpose: most crops
  // take this path, and as one loop with kx = ky = 1 a 2712×2137 area took 135 ms against 113
  if (n === 1) {
    for (let y = from; y < to; y++) {
      const p1 = y1s[y]!, p4 = y4s[y]!, p7 = y7s[y]!;
      for (let x = 0; x < outW; x++) {
        const d = x6s[x]! + p7 + 1;
        const fx = Math.min(W1, Math.max(0, (x0s[x]! + p1 + h2) / d - 0.5));
        const fy = Math.min(H1, Math.max(0, (x3s[x]! + p4 + h5) / d - 0.5));
        const x0 = fx | 0, y0 = fy | 0;
        const ax = fx - x0, ay = fy - y0;
        const i00 = (y0 * sw + x0) * 3;
        const i01 = x0 < W1 ? i00 + 3 : i00;
        const i10 = y0 < H1 ? i00 + row : i00, i11 = y0 < H1 ? i01 + row : i01;
        o8[o++] = bilinear(data, i00, i01, i10, i11, ax, ay) + 0.5;
        o8[o++] = bilinear(data, i00 + 1, i01 + 1, i10 + 1, i11 + 1, ax, ay) + 0.5;
        o8[o++] = bilinear(data, i00 + 2, i01 + 2, i10 + 2, i11 + 2, ax, ay) + 0.5;
      }
    }
    return out;
  }
  // per-channel sums in locals, not an array: this loop was the largest share of a plate
  // crop's own CPU (issue 17)
  for (let y = from; y < to; y++) {
    for (let x = 0; x < outW; x++) {
      let a0 = 0, a1 = 0, a2 = 0;
      for (let sy = 0; sy < ky; sy++) {
        const j = y * ky + sy;
        const p1 = y1s[j]!, p4 = y4s[j]!, p7 = y7s[j]!;
        for (let sx = 0; sx < kx; sx++) {
          const i = x * kx + sx;
          const d = x6s[i]! + p7 + 1;
          const fx = Math.min(W1, Math.max(0, (x0s[i]! + p1 + h2) / d - 0.5));
          const fy = Math.min(H1, Math.max(0, (x3s[i]! + p4 + h5) / d - 0.5));
          const x0 = fx | 0, y0 = fy | 0;
          const ax = fx - x0, ay = fy - y0;
          const i00 = (y0 * sw + x0) * 3;
          const i01 = x0 < W1 ? i00 + 3 : i00;
          const i10 = y0 < H1 ? i00 + row : i00, i11 = y0 < H1 ? i01 + row : i01;
          a0 += bilinear(data, i00, i01, i10, i11, ax, ay);
          a1 += bilinear(data, i00 + 1, i01 + 1, i10 + 1, i11 + 1, ax, ay);
          a2 += bilinear(data, i00 + 2, i01 + 2, i10 + 2, i11 + 2, ax, ay);
        }
      }
      o8[o++] = a0 / n + 0.5;
      o8[o++] = a1 / n + 0.5;
      o8[o++] = a2 / n + 0.5;
    }
  }
  return out;
}
