/** An 8-bit RGB image, rows top to bottom, 3 bytes a pixel. Every stage works on this. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Decompression-bomb guard (DESIGN.md §5): 12 MP phone photos pass, 50 000² PNGs do not. */
export const MAX_PIXELS = 50_000_000;

/** Grey level of a colour: ITU-R BT.601 luma, the weights of OpenCV's RGB2GRAY. */
export const luma = (r: number, g: number, b: number): number => 0.299 * r + 0.587 * g + 0.114 * b;

/** Grey level of the pixel whose red byte is at `i`. */
export const lumaAt = (data: Uint8Array, i: number): number => luma(data[i]!, data[i + 1]!, data[i + 2]!);

export function createRaster(width: number, height: number): Raster {
  return { width, height, data: new Uint8Array(width * height * 3) };
}

/** Quarter turn counter-clockwise (numpy rot90), which PaddleOCR applies to tall crops. */
export function rotate90ccw(src: Raster): Raster {
  const out = createRaster(src.height, src.width);
  for (let y = 0; y < src.height; y++) {
    for (let x = 0; x < src.width; x++) {
      const from = (y * src.width + x) * 3;
      const to = ((src.width - 1 - x) * out.width + y) * 3;
      out.data[to] = src.data[from]!;
      out.data[to + 1] = src.data[from + 1]!;
      out.data[to + 2] = src.data[from + 2]!;
    }
  }
  return out;
}

export function rotate180(src: Raster): Raster {
  const out = createRaster(src.width, src.height);
  const n = src.width * src.height;
  for (let i = 0; i < n; i++) {
    const to = (n - 1 - i) * 3;
    out.data[to] = src.data[i * 3]!;
    out.data[to + 1] = src.data[i * 3 + 1]!;
    out.data[to + 2] = src.data[i * 3 + 2]!;
  }
  return out;
}
