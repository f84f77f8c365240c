import { lumaAt, type Raster } from '../../image/raster';

/*
 * Ink mask for ruling-line detection. A table line is darker than its surroundings, but
 * scans have uneven light and some tables use light grey rules, so the threshold is local:
 * a pixel is ink when it is darker than the mean of its window by a margin (Bradley–Roth
 * adaptive thresholding over an integral image). Large photos are first averaged down so
 * the mask stays a few megapixels; coordinates found on it are scaled back by `scale`.
 */

/** A binary image, 1 = ink. */
export interface Mask {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Longest side the line detector works at: 2 px rules of a 12 MP photo stay 1 px wide. */
const MAX_SIDE = 2400;

/** Grey levels averaged over factor×factor blocks (factor 1 keeps the image). */
function grey(image: Raster, factor: number): Mask {
  const width = Math.floor(image.width / factor), height = Math.floor(image.height / factor);
  const out = new Uint8Array(width * height);
  const n = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * image.width + x * factor) * 3;
        for (let dx = 0; dx < factor; dx++, i += 3) {
          sum += lumaAt(image.data, i);
        }
      }
      out[y * width + x] = sum / n;
    }
  }
  return { width, height, data: out };
}

export interface InkMask extends Mask {
  /** Mask pixels per image pixel (≤ 1). */
  scale: number;
  /** Thin lines by contrast across them, [for horizontal rules, for vertical rules]. */
  ridges: [Mask, Mask];
}

/** A rule found by its ridge is at most 2·RIDGE − 1 mask pixels thick. */
const RIDGE = 3;
const DARK_CONTRAST = 25;
const LIGHT_CONTRAST = 40;

/**
 * Pixels darker (a dark rule) or lighter (a white rule on a coloured fill) than the pixels 2
 * or 3 steps away on both sides across the line (dx, dy: the direction across). The local
 * mean of inkMask misses a black rule that runs into a coloured header, where the fill
 * itself passes for ink near the header's edge; a ridge needs contrast on both sides, so
 * the edge of a fill is none. A gap between text lines has paper on one side along most of
 * its length and breaks into runs shorter than a rule.
 */
function ridges(g: Mask, dx: number, dy: number): Mask {
  const { width, height, data } = g;
  const out = new Uint8Array(width * height);
  for (let y = RIDGE; y < height - RIDGE; y++) {
    for (let x = RIDGE; x < width - RIDGE; x++) {
      const i = y * width + x, v = data[i]!;
      for (let d = 2; d <= RIDGE; d++) {
        const a = data[i - d * (dy * width + dx)]!, b = data[i + d * (dy * width + dx)]!;
        if ((a - v >= DARK_CONTRAST && b - v >= DARK_CONTRAST) || (v - a >= LIGHT_CONTRAST && v - b >= LIGHT_CONTRAST)) {
          out[i] = 1;
          break;
        }
      }
    }
  }
  return { width, height, data: out };
}

/**
 * What an ink mask is made of whatever its window: the page's grey levels at the mask's size
 * and their ridges. 2582-25 makes a sheet's mask twice, for the text heights of two readings
 * (mixed/frames.ts), and makes this part once: the grey levels of a large sheet were most of a
 * mask's time.
 */
export interface InkBase {
  grey: Mask;
  /** image pixels per mask pixel, each way */
  factor: number;
  ridges: [Mask, Mask];
}

/** The base of the image's ink masks made at most `maxSide` long (inkMask). */
export function inkBase(image: Raster, maxSide = MAX_SIDE): InkBase {
  const factor = Math.max(1, Math.ceil(Math.max(image.width, image.height) / maxSide));
  const g = grey(image, factor);
  return { grey: g, factor, ridges: [ridges(g, 0, 1), ridges(g, 1, 0)] };
}

/**
 * `window` is the side of the averaging window in image pixels (a few text heights: wide
 * enough that a cell interior, not the rule, sets the local level). `maxSide`: the longest side
 * the mask is made at (2582-25 looks for tables on a whole sheet at the text detector's size).
 * `base`: the image's inkBase at that side, when already made.
 */
export function inkMask(image: Raster, window: number, maxSide = MAX_SIDE, base = inkBase(image, maxSide)): InkMask {
  const { grey: g, factor } = base;
  const { width, height } = g;
  // integral image with a zero row and column in front
  const w1 = width + 1;
  const integral = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += g.data[y * width + x]!;
      integral[(y + 1) * w1 + x + 1] = integral[y * w1 + x + 1]! + row;
    }
  }
  const half = Math.max(4, Math.round(window / factor / 2));
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half), y1 = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - half), x1 = Math.min(width, x + half + 1);
      const sum = integral[y1 * w1 + x1]! - integral[y0 * w1 + x1]! - integral[y1 * w1 + x0]! + integral[y0 * w1 + x0]!;
      const mean = sum / ((x1 - x0) * (y1 - y0));
      const v = g.data[y * width + x]!;
      // 8 % below the local mean and not near-white: light grey rules (#d0d0d0) on white
      // pass; paper texture and JPEG ringing leave specks, never long runs
      data[y * width + x] = v < mean * 0.94 && v < 240 ? 1 : 0;
    }
  }
  return { width, height, data, scale: 1 / factor, ridges: base.ridges };
}

/**
 * Masks of one size turned by `radians` (clockwise, about their centre) onto a canvas grown to
 * hold them, in one pass: each output pixel's source is worked out once for all of them (a
 * page's ink mask and its two ridge masks, table/detect.ts).
 */
export function rotateMasks(masks: Mask[], radians: number): Mask[] {
  const { width: mw, height: mh } = masks[0]!;
  const cos = Math.cos(radians), sin = Math.sin(radians);
  const width = Math.round(Math.abs(mw * cos) + Math.abs(mh * sin));
  const height = Math.round(Math.abs(mw * sin) + Math.abs(mh * cos));
  const sources = masks.map((m) => m.data);
  const outs = masks.map(() => new Uint8Array(width * height));
  const cx = mw / 2, cy = mh / 2, ox = width / 2, oy = height / 2;
  // inverse rotation, where output pixel (x, y) comes from: cx + dx·cos + dy·sin across and
  // cy − dx·sin + dy·cos down, added left to right as ever, each column's part taken once
  const across = new Float64Array(width), down = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const dx = x + 0.5 - ox;
    across[x] = cx + dx * cos;
    down[x] = cy - dx * sin;
  }
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - oy, ys = dy * sin, yc = dy * cos;
    for (let x = 0, o = y * width; x < width; x++, o++) {
      const sx = Math.floor(across[x]! + ys), sy = Math.floor(down[x]! + yc);
      if (sx < 0 || sy < 0 || sx >= mw || sy >= mh) continue;
      const i = sy * mw + sx;
      for (let k = 0; k < outs.length; k++) outs[k]![o] = sources[k]![i]!;
    }
  }
  return outs.map((data) => ({ width, height, data }));
}
