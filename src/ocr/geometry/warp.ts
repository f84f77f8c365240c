import { createRaster, type Raster } from '../image/raster';
import type { Quad } from './quad';

/*
 * Perspective crop of one text quadrilateral (cv2.getPerspectiveTransform + warpPerspective
 * with BORDER_REPLICATE in PaddleOCR). Crops are small, so plain JS is fast enough; when
 * the crop is scaled down we average kx×ky samples per output pixel, otherwise thin strokes
 * of large photos alias away.
 */

/** Homography coefficients h0..h7 (h8 = 1) mapping (0,0),(w,0),(w,h),(0,h) onto the quad. */
function homography(q: Quad, w: number, h: number): number[] {
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

/** `srcW`×`srcH` is the quad's own size in the source, which sets the sampling density. */
export function warpQuad(src: Raster, q: Quad, outW: number, outH: number, srcW: number, srcH: number): Raster {
  const out = createRaster(outW, outH);
  const [h0, h1, h2, h3, h4, h5, h6, h7] = homography(q, outW, outH) as [number, number, number, number, number, number, number, number];
  const kx = Math.max(1, Math.min(4, Math.ceil(srcW / outW - 0.25)));
  const ky = Math.max(1, Math.min(4, Math.ceil(srcH / outH - 0.25)));
  const { width: sw, height: sh, data } = src;
  const n = kx * ky;
  const o8 = out.data;
  // per-channel sums in locals, not an array: this loop was the largest share of a plate
  // crop's own CPU (issue 17); the arithmetic, and so every pixel, is what it was
  let o = 0;
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      let a0 = 0, a1 = 0, a2 = 0;
      for (let sy = 0; sy < ky; sy++) {
        const dy = y + (sy + 0.5) / ky;
        for (let sx = 0; sx < kx; sx++) {
          const dx = x + (sx + 0.5) / kx;
          const d = h6 * dx + h7 * dy + 1;
          // continuous source coordinate → pixel-centre grid, clamped (border replicate)
          const fx = Math.min(sw - 1, Math.max(0, (h0 * dx + h1 * dy + h2) / d - 0.5));
          const fy = Math.min(sh - 1, Math.max(0, (h3 * dx + h4 * dy + h5) / d - 0.5));
          const x0 = Math.floor(fx), y0 = Math.floor(fy);
          const x1 = Math.min(sw - 1, x0 + 1), y1 = Math.min(sh - 1, y0 + 1);
          const ax = fx - x0, ay = fy - y0;
          const i00 = (y0 * sw + x0) * 3, i01 = (y0 * sw + x1) * 3;
          const i10 = (y1 * sw + x0) * 3, i11 = (y1 * sw + x1) * 3;
          let top = data[i00]! + (data[i01]! - data[i00]!) * ax;
          let bottom = data[i10]! + (data[i11]! - data[i10]!) * ax;
          a0 += top + (bottom - top) * ay;
          top = data[i00 + 1]! + (data[i01 + 1]! - data[i00 + 1]!) * ax;
          bottom = data[i10 + 1]! + (data[i11 + 1]! - data[i10 + 1]!) * ax;
          a1 += top + (bottom - top) * ay;
          top = data[i00 + 2]! + (data[i01 + 2]! - data[i00 + 2]!) * ax;
          bottom = data[i10 + 2]! + (data[i11 + 2]! - data[i10 + 2]!) * ax;
          a2 += top + (bottom - top) * ay;
        }
      }
      o8[o++] = a0 / n + 0.5;
      o8[o++] = a1 / n + 0.5;
      o8[o++] = a2 / n + 0.5;
    }
  }
  return out;
}
