import { distance, type Quad } from './geometry/quad';
import { warpQuad } from './geometry/warp';
import type { Raster } from './image/raster';

/*
 * What cls and rec share: one text line cut out of the page at a fixed height, and its
 * pixels written into a [3, H, W] tensor slot as PaddleOCR's resize_norm_img does
 * (B, G, R planes, (p/255 − 0.5)/0.5, zero right padding).
 */

export const LINE_HEIGHT = 48;

/** Width and height of the quad in its own frame: PaddleOCR's get_rotate_crop_image sizes. */
export function quadSize(q: Quad): { width: number; height: number } {
  return {
    width: Math.max(distance(q[0], q[1]), distance(q[2], q[3])),
    height: Math.max(distance(q[0], q[3]), distance(q[1], q[2])),
  };
}

/**
 * The line scaled to 48 px high, `maxWidth` wide at most (cls squeezes long lines into 192),
 * its width `stretch` times its own aspect.
 */
export function cropLine(image: Raster, q: Quad, maxWidth = Infinity, stretch = 1): Raster {
  const { width, height } = quadSize(q);
  const outW = Math.max(1, Math.min(maxWidth, Math.ceil((LINE_HEIGHT * width * stretch) / Math.max(1, height))));
  return warpQuad(image, q, outW, LINE_HEIGHT, width, height);
}

/** (p/255 − 0.5)/0.5 for each byte p, as the float32 the tensor holds: looked up, not worked out a pixel at a time. */
const TENSOR_VALUES = Float32Array.from({ length: 256 }, (_, p) => p / 127.5 - 1);

/** The line's pixels into the tensor's B, G, R planes at `slot`, in one pass over them. */
export function fillTensor(dst: Float32Array, slot: number, line: Raster, tensorWidth: number): void {
  const plane = LINE_HEIGHT * tensorWidth;
  const base = slot * 3 * plane;
  const w = Math.min(line.width, tensorWidth);
  const { data } = line;
  for (let y = 0; y < LINE_HEIGHT; y++) {
    let o = base + y * tensorWidth, i = y * line.width * 3;
    for (let x = 0; x < w; x++, o++, i += 3) {
      dst[o] = TENSOR_VALUES[data[i + 2]!]!;
      dst[o + plane] = TENSOR_VALUES[data[i + 1]!]!;
      dst[o + 2 * plane] = TENSOR_VALUES[data[i]!]!;
    }
  }
}

/** Lines up to this tensor width (recogniser and classifier) have their tensor's buffer kept for the next. */
const KEPT_WIDTH = 320;
const spare = new Map<number, Float32Array>();

/**
 * A [1, 3, 48, width] tensor's buffer for one run, handed out zeroed (the padding) and kept after
 * it for the next line of that width: a sheet of eight classifies and reads about 1000 lines, each
 * a new buffer of 110–180 KB otherwise, and V8 collects in full as such memory outside its heap
 * grows. One buffer a width up to KEPT_WIDTH (about 4 MB a thread); a line read meanwhile at the
 * same width takes a new one.
 */
export async function withLineTensor<T>(width: number, use: (data: Float32Array) => Promise<T>): Promise<T> {
  const length = 3 * LINE_HEIGHT * width;
  const kept = spare.get(length);
  spare.delete(length);
  const data = kept ? kept.fill(0) : new Float32Array(length);
  try {
    return await use(data);
  } finally {
    if (width <= KEPT_WIDTH) spare.set(length, data);
  }
}
