import { describe, expect, it } from 'vitest';
import { insideQuad, orderCorners, rotateCorners, type Quad } from '../../src/ocr/geometry/quad';
import { convexHull, minAreaRect, rectCorners } from '../../src/ocr/geometry/rect';
import { homography, warpQuad } from '../../src/ocr/geometry/warp';
import { createRaster, type Raster } from '../../src/ocr/image/raster';
import { fillTensor, LINE_HEIGHT, withLineTensor } from '../../src/ocr/line';
import { readingOrder } from '../../src/ocr/order';
import { editDistance, normaliseText } from '../../src/ocr/text';

describe('geometry', () => {
  it('finds the minimum-area rectangle of a turned rectangle', () => {
    const angle = (25 * Math.PI) / 180;
    const corners = rectCorners({ cx: 50, cy: 40, w: 60, h: 12, ux: Math.cos(angle), uy: Math.sin(angle) });
    const inner = corners.map((p) => ({ x: (p.x + 50) / 2, y: (p.y + 40) / 2 }));
    const rect = minAreaRect(convexHull([...corners, ...inner]));
    expect(Math.max(rect.w, rect.h)).toBeCloseTo(60, 6);
    expect(Math.min(rect.w, rect.h)).toBeCloseTo(12, 6);
    expect([rect.cx, rect.cy]).toEqual([expect.closeTo(50, 6), expect.closeTo(40, 6)]);
  });

  it('orders corners TL, TR, BR, BL and tests insideness', () => {
    const q = orderCorners([{ x: 10, y: 10 }, { x: 0, y: 10 }, { x: 10, y: 0 }, { x: 0, y: 0 }]);
    expect(q).toEqual([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }]);
    expect(insideQuad(q, { x: 5, y: 5 })).toBe(true);
    expect(insideQuad(q, { x: 11, y: 5 })).toBe(false);
    expect(rotateCorners(q, 2)[0]).toEqual({ x: 10, y: 10 });
  });

  it('warps a quad back to an upright crop', () => {
    const src = createRaster(8, 4);
    src.data.fill(255);
    src.data.set([0, 0, 0], (1 * 8 + 2) * 3); // dark pixel at x=2, y=1
    const whole: Quad = [{ x: 0, y: 0 }, { x: 8, y: 0 }, { x: 8, y: 4 }, { x: 0, y: 4 }];
    expect(warpQuad(src, whole, 8, 4, 8, 4).data).toEqual(src.data);
    // read from the bottom-right corner: the page turned half a turn
    const turned = warpQuad(src, rotateCorners(whole, 2), 8, 4, 8, 4);
    expect(Array.from(turned.data.subarray((2 * 8 + 5) * 3, (2 * 8 + 5) * 3 + 3))).toEqual([0, 0, 0]);
  });
});

/** warpQuad as it was before its products were taken per column and row: every sample from the homography. */
function warpPerSample(src: Raster, q: Quad, outW: number, outH: number, srcW: number, srcH: number): Raster {
  const out = createRaster(outW, outH);
  const [h0, h1, h2, h3, h4, h5, h6, h7] = homography(q, outW, outH) as [number, number, number, number, number, number, number, number];
  const kx = Math.max(1, Math.min(4, Math.ceil(srcW / outW - 0.25)));
  const ky = Math.max(1, Math.min(4, Math.ceil(srcH / outH - 0.25)));
  const { width: sw, height: sh, data } = src;
  const n = kx * ky;
  let o = 0;
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const a = [0, 0, 0];
      for (let sy = 0; sy < ky; sy++) {
        const dy = y + (sy + 0.5) / ky;
        for (let sx = 0; sx < kx; sx++) {
          const dx = x + (sx + 0.5) / kx;
          const d = h6 * dx + h7 * dy + 1;
          const fx = Math.min(sw - 1, Math.max(0, (h0 * dx + h1 * dy + h2) / d - 0.5));
          const fy = Math.min(sh - 1, Math.max(0, (h3 * dx + h4 * dy + h5) / d - 0.5));
          const x0 = Math.floor(fx), y0 = Math.floor(fy);
          const x1 = Math.min(sw - 1, x0 + 1), y1 = Math.min(sh - 1, y0 + 1);
          const ax = fx - x0, ay = fy - y0;
          for (let c = 0; c < 3; c++) {
            const at = (px: number, py: number) => data[(py * sw + px) * 3 + c]!;
            const top = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * ax;
            const bottom = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * ax;
            a[c]! += top + (bottom - top) * ay;
          }
        }
      }
      for (let c = 0; c < 3; c++) out.data[o++] = a[c]! / n + 0.5;
    }
  }
  return out;
}

describe('warpQuad', () => {
  it('cuts every pixel as the per-sample warp does: level and turned quads, scaled up and down, at the border', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const src = createRaster(97, 61);
    src.data.forEach((_, i) => (src.data[i] = Math.floor(random() * 256)));
    const quads: Quad[] = [
      [{ x: 10, y: 5 }, { x: 50, y: 5 }, { x: 50, y: 25 }, { x: 10, y: 25 }],
      [{ x: 10.3, y: 5.7 }, { x: 80.1, y: 5.7 }, { x: 80.1, y: 40.2 }, { x: 10.3, y: 40.2 }],
      [{ x: 12, y: 8 }, { x: 70, y: 14 }, { x: 68.5, y: 30 }, { x: 10.5, y: 24 }],
      [{ x: 5, y: 3 }, { x: 90, y: 9 }, { x: 80, y: 58 }, { x: 15, y: 50 }],
      [{ x: -6, y: -4 }, { x: 103, y: -4 }, { x: 103, y: 66 }, { x: -6, y: 66 }],
      [{ x: 60, y: 50 }, { x: 20, y: 52 }, { x: 18, y: 10 }, { x: 58, y: 8 }],
    ];
    for (const q of quads) {
      const w = Math.hypot(q[1].x - q[0].x, q[1].y - q[0].y), h = Math.hypot(q[3].x - q[0].x, q[3].y - q[0].y);
      for (const [outW, outH] of [[Math.round(w), Math.round(h)], [Math.ceil(1.7 * w), Math.ceil(1.7 * h)], [Math.ceil((48 * w) / h), 48], [Math.ceil(w / 2.6), Math.ceil(h / 3.3)], [7, 5]] as const) {
        expect(warpQuad(src, q, outW, outH, w, h).data, `${JSON.stringify(q)} to ${outW}×${outH}`).toEqual(warpPerSample(src, q, outW, outH, w, h).data);
      }
    }
  });

  it('cuts a band of rows as the whole warp cuts them, and nothing outside it', () => {
    const src = createRaster(64, 48);
    src.data.forEach((_, i) => (src.data[i] = (i * 37) % 251));
    const q: Quad = [{ x: 3.4, y: 2.2 }, { x: 60.5, y: 6 }, { x: 58, y: 44.7 }, { x: 1.5, y: 40 }];
    for (const [outW, outH, w, h] of [[91, 67, 57, 39], [20, 14, 57, 39]] as const) {
      const whole = warpQuad(src, q, outW, outH, w, h).data;
      const into = new Uint8Array(whole.length).fill(7);
      // three bands, out of order, of uneven heights
      for (const [from, to] of [[outH - 5, outH], [0, 4], [4, outH - 5]] as const) {
        warpQuad(src, q, outW, outH, w, h, { from, to, into });
        if (from === outH - 5) expect(into.subarray(0, from * outW * 3).every((v) => v === 7), 'rows above the band are left alone').toBe(true);
      }
      expect(into, `${outW}×${outH}`).toEqual(whole);
    }
  });
});

describe('fillTensor', () => {
  it("writes a line's B, G, R planes as (p/255 − 0.5)/0.5 in float32 into its slot, the padding left as it was", () => {
    const line: Raster = { width: 37, height: LINE_HEIGHT, data: Uint8Array.from({ length: 37 * LINE_HEIGHT * 3 }, (_, i) => (i * 97 + (i >> 7)) % 256) };
    for (const width of [24, 37, 64]) {
      const dst = new Float32Array(2 * 3 * LINE_HEIGHT * width).fill(7);
      fillTensor(dst, 1, line, width);
      const plane = LINE_HEIGHT * width;
      const want = new Float32Array(dst.length).fill(7);
      for (let c = 0; c < 3; c++)
        for (let y = 0; y < LINE_HEIGHT; y++)
          for (let x = 0; x < Math.min(width, line.width); x++) want[3 * plane + c * plane + y * width + x] = line.data[(y * line.width + x) * 3 + 2 - c]! / 127.5 - 1;
      expect(dst).toEqual(want);
    }
  });
});

describe('withLineTensor', () => {
  it('hands a buffer out zeroed, keeps it for the next line of its width, and gives a line read meanwhile a buffer of its own', async () => {
    let first: Float32Array | undefined;
    await withLineTensor(200, async (data) => {
      expect(data.length).toBe(3 * LINE_HEIGHT * 200);
      first = data;
      data.fill(5);
      // a line of the same width read meanwhile
      await withLineTensor(200, async (other) => expect(other).not.toBe(data));
    });
    await withLineTensor(200, async (data) => {
      expect(data).toBe(first);
      expect(data.every((v) => v === 0)).toBe(true);
    });
    // wider than the padded width: not kept
    let wide: Float32Array | undefined;
    await withLineTensor(808, async (data) => void (wide = data));
    await withLineTensor(808, async (data) => expect(data).not.toBe(wide));
  });
});

describe('text and order', () => {
  it('maps full-width digits and letters to ASCII and keeps Chinese punctuation', () => {
    expect(normaliseText(' 金额：１２３．５０元，ＡＢｃ（含税）')).toBe('金额：123．50元，ABc（含税）');
  });

  it('counts edits between labels by characters, a character outside the BMP as one', () => {
    expect(editDistance('实收金额', '实收金额')).toBe(0);
    expect(editDistance('燃油附加费', '燃油付加')).toBe(2);
    expect(editDistance('𠀋金额', '金额')).toBe(1);
    expect(editDistance('', '乘车日期')).toBe(4);
  });

  it('orders lines top to bottom and left to right within a band', () => {
    const line = (x: number, y: number, angle = 0) => ({ centre: { x, y }, height: 20, width: 150, angle });
    const lines = [line(300, 52), line(100, 100), line(100, 50), line(300, 98)];
    expect(readingOrder(lines, (l) => l)).toEqual([lines[2], lines[0], lines[1], lines[3]]);
    // the same page turned a quarter clockwise: text runs downwards, first line on the right
    const turned = lines.map((l) => line(1000 - l.centre.y, l.centre.x, 90));
    expect(readingOrder(turned, (l) => l)).toEqual([turned[2], turned[0], turned[1], turned[3]]);
  });

  it('keeps the segments of one line together on a skewed page', () => {
    // two lines 40 px apart, each with two segments 400 px apart, page turned 8° anticlockwise
    const t = (-8 * Math.PI) / 180;
    const at = (x: number, y: number) => ({ centre: { x: x * Math.cos(t) - y * Math.sin(t), y: x * Math.sin(t) + y * Math.cos(t) }, height: 20, width: 150, angle: -8 });
    const lines = [at(100, 100), at(500, 100), at(100, 140), at(500, 140)];
    expect(readingOrder([...lines].reverse(), (l) => l)).toEqual(lines);
  });
});
