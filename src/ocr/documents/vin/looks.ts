import sharp from 'sharp';
import type { Quad } from '../../geometry/quad';
import type { Raster } from '../../image/raster';
import type { OcrLine } from '../../pipeline';

/*
 * The other ways the VIN extractor looks at an image when the first look is not sure: the
 * image blurred (dot-peen dots joined into strokes), enlarged (a thumbnail's 8 px
 * characters), and line boxes lengthened (the detector trims a dotted L or 1, and a
 * character washed out by glare at either end of the code).
 */

const fromSharp = ({ data, info }: { data: Buffer; info: { width: number; height: number } }): Raster => ({
  width: info.width,
  height: info.height,
  data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
});

/** The image blurred so the dots of a dot-peen VIN (a 5×7 matrix per character) run together into strokes. */
export async function blurred(image: Raster, sigma: number): Promise<Raster> {
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  return fromSharp(await sharp(image.data, { raw }).blur(sigma).raw().toBuffer({ resolveWithObject: true }));
}

/**
 * The image `factor` times larger, or `factor` times wider and `tall` times taller (Lanczos,
 * sharper than the line cut's bilinear sampling of a few pixels).
 */
export async function enlarged(image: Raster, factor: number, tall = factor): Promise<Raster> {
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  const width = Math.round(image.width * factor), height = Math.round(image.height * tall);
  return fromSharp(await sharp(image.data, { raw }).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true }));
}

/** The quad lengthened by `k` of its height at both ends. */
export function lengthen(q: Quad, k: number): Quad {
  const h = Math.hypot(q[3].x - q[0].x, q[3].y - q[0].y), w = Math.hypot(q[1].x - q[0].x, q[1].y - q[0].y);
  const d = { x: ((q[1].x - q[0].x) / Math.max(1, w)) * k * h, y: ((q[1].y - q[0].y) / Math.max(1, w)) * k * h };
  return [
    { x: q[0].x - d.x, y: q[0].y - d.y },
    { x: q[1].x + d.x, y: q[1].y + d.y },
    { x: q[2].x + d.x, y: q[2].y + d.y },
    { x: q[3].x - d.x, y: q[3].y - d.y },
  ];
}

/**
 * Blurs for the dot-peen looks, about half a dot pitch each: two sized as a VIN photographed to
 * be read (its line about half the image wide), and one from the height of the longest line
 * the detector saw (it often finds a dotted line's box but not its text). Each blur once: on
 * small and very large images the first two clamp to the same value, and one image read twice
 * would agree with itself.
 */
export function blurs(image: Raster, lines: OcrLine[]): number[] {
  const clamp = (sigma: number) => Math.min(6, Math.max(1.5, sigma));
  const side = Math.max(image.width, image.height);
  const long = lines.filter((l) => l.box.w >= 8 * l.box.h && l.box.h >= 16).sort((a, b) => b.box.w - a.box.w)[0];
  return [...new Set([side / 250, side / 300, ...(long ? [long.box.h / 16] : [])].map(clamp))];
}

type Rect = { left: number; top: number; width: number; height: number };

/** Sliding maximum (or minimum) of `radius` either side, along rows or columns of a w×h plane. */
function slide(src: Float32Array, w: number, h: number, radius: number, alongRows: boolean, max: boolean): Float32Array {
  const out = new Float32Array(w * h);
  const [n, lines, step, stride] = alongRows ? [w, h, 1, w] : [h, w, w, 1];
  // a later value at least as good as an earlier one makes the earlier one useless
  const dominates = max ? (a: number, b: number) => a >= b : (a: number, b: number) => a <= b;
  const queue = new Int32Array(n); // indices of a monotone deque
  for (let line = 0; line < lines; line++) {
    const base = line * stride;
    let head = 0, tail = 0;
    for (let i = 0; i < n + radius; i++) {
      if (i < n) {
        const v = src[base + i * step]!;
        while (tail > head && dominates(v, src[base + queue[tail - 1]! * step]!)) tail--;
        queue[tail++] = i;
      }
      const at = i - radius;
      if (at < 0) continue;
      while (queue[head]! < at - radius) head++;
      out[base + at * step] = src[base + queue[head]! * step]!;
    }
  }
  return out;
}

/** Mean of `radius` either side along rows, then columns (a box blur). */
function box(src: Float32Array, w: number, h: number, radius: number): Float32Array {
  const pass = (a: Float32Array, alongRows: boolean) => {
    const out = new Float32Array(w * h);
    const [n, lines, step, stride] = alongRows ? [w, h, 1, w] : [h, w, w, 1];
    for (let line = 0; line < lines; line++) {
      const base = line * stride;
      let sum = 0, count = 0;
      for (let i = 0; i < Math.min(n, radius); i++) (sum += a[base + i * step]!), count++;
      for (let i = 0; i < n; i++) {
        if (i + radius < n) (sum += a[base + (i + radius) * step]!), count++;
        if (i - radius - 1 >= 0) (sum -= a[base + (i - radius - 1) * step]!), count--;
        out[base + i * step] = sum / count;
      }
    }
    return out;
  };
  return pass(pass(src, true), false);
}

/**
 * The region `rect` of the image in grey, its contrast stretched between the darkest and the
 * lightest pixel around (within `radius`, about a text height, the envelopes smoothed): a
 * character washed out by glare is a few grey levels darker than the paper around it and
 * comes back black on white. Contrast under `floor` levels is left as it is (plain paper
 * stays paper, not noise). Pixels outside `rect` are unchanged.
 */
export function stretchedContrast(image: Raster, rects: Rect[], radius: number, floor = 6): Raster {
  const out: Raster = { width: image.width, height: image.height, data: image.data.slice() };
  for (const rect of rects) stretchIn(image, out, rect, radius, floor);
  return out;
}

function stretchIn(image: Raster, out: Raster, rect: Rect, radius: number, floor: number): void {
  const x0 = Math.max(0, Math.floor(rect.left)), y0 = Math.max(0, Math.floor(rect.top));
  const w = Math.min(image.width, Math.ceil(rect.left + rect.width)) - x0, h = Math.min(image.height, Math.ceil(rect.top + rect.height)) - y0;
  if (w < 4 || h < 4) return;
  const raw = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = ((y0 + y) * image.width + x0 + x) * 3;
      raw[y * w + x] = (image.data[k]! + image.data[k + 1]! + image.data[k + 2]!) / 3;
    }
  }
  const g = box(raw, w, h, 1);
  const r = Math.max(2, Math.round(radius));
  const hi = box(slide(slide(g, w, h, r, true, true), w, h, r, false, true), w, h, r);
  const lo = box(slide(slide(g, w, h, r, true, false), w, h, r, false, false), w, h, r);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x, range = hi[i]! - lo[i]!;
      const v = range < floor ? g[i]! : Math.max(0, Math.min(255, ((g[i]! - lo[i]!) / range) * 255));
      const k = ((y0 + y) * image.width + x0 + x) * 3;
      out.data[k] = out.data[k + 1] = out.data[k + 2] = v;
    }
  }
}
