import type { Raster } from '../image/raster';

/*
 * JBIG2 images (ITU T.88), which tax-control OFD invoices use for their QR code
 * (MultiMedia Format="GBIG2"). pdf.js's decoder (pdfjs-dist's image decoders) does the decoding;
 * this file decides first whether to hand it the bytes. The decoder runs synchronously and
 * allocates what the segment headers declare, so the headers are walked here (T.88 §7.2) and
 * only a small file of generic regions within a QR-sized page is decoded: that is what QR codes
 * are, and it bounds the work by the declared pixels.
 */

const MAGIC = [0x97, 0x4a, 0x42, 0x32, 0x0d, 0x0a, 0x1a, 0x0a];
/** A QR image is a few kilobytes at most; a page past these sizes is not one. */
const MAX_BYTES = 256 * 1024;
const MAX_SIDE = 2000;
/** segment types: page information, end of page/stripe/file, generic regions (T.88 §7.3) */
const PAGE_INFO = 48;
const GENERIC_REGIONS = new Set([36, 38, 39]);
const HARMLESS = new Set([PAGE_INFO, 49, 50, 51, 62]);

interface Segment {
  type: number;
  length: number;
}

export interface Jbig2Plan {
  width: number;
  height: number;
  /** declared pixels of all regions */
  regionPixels: number;
}

/** The page size and region pixels the file declares; null when it is not a JBIG2 file we decode. */
export function planJbig2(bytes: Uint8Array): Jbig2Plan | null {
  if (bytes.length > MAX_BYTES || bytes.length < 13 || MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flags = bytes[8]!;
  const sequential = (flags & 1) === 1;
  let at = 9 + ((flags & 2) === 0 ? 4 : 0);
  const segments: Segment[] = [];
  const dataStarts: number[] = [];
  try {
    while (at + 11 <= bytes.length) {
      const number = view.getUint32(at);
      const segFlags = bytes[at + 4]!;
      at += 5;
      let referred = bytes[at]! >> 5;
      if (referred === 7) {
        referred = view.getUint32(at) & 0x1fffffff;
        at += 4 + Math.ceil((referred + 1) / 8);
      } else at += 1;
      at += referred * (number <= 256 ? 1 : number <= 65536 ? 2 : 4);
      at += segFlags & 0x40 ? 4 : 1;
      const length = view.getUint32(at);
      at += 4;
      if (length === 0xffffffff) return null; // unknown length: not in a QR image
      segments.push({ type: segFlags & 0x3f, length });
      if (sequential) {
        dataStarts.push(at);
        at += length;
      }
      if (segments.length > 64) return null;
      if ((segFlags & 0x3f) === 51) break; // end of file
    }
    if (!sequential) {
      for (const s of segments) {
        dataStarts.push(at);
        at += s.length;
      }
    }
    let width = 0, height = 0, regionPixels = 0;
    for (let i = 0; i < segments.length; i++) {
      const { type, length } = segments[i]!;
      const start = dataStarts[i]!;
      if (start + Math.min(length, 8) > bytes.length) return null;
      if (type === PAGE_INFO) {
        width = view.getUint32(start);
        height = view.getUint32(start + 4);
      } else if (GENERIC_REGIONS.has(type)) {
        regionPixels += view.getUint32(start) * view.getUint32(start + 4);
      } else if (!HARMLESS.has(type)) return null;
    }
    if (width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE) return null;
    if (regionPixels > 4 * width * height) return null;
    return { width, height, regionPixels };
  } catch {
    return null; // a header that runs past the end: not a file we decode
  }
}

type ImageDecoders = { Jbig2Image: new () => { width: number; height: number; parse(data: Uint8Array): Uint8ClampedArray } };
let decoders: Promise<ImageDecoders> | undefined;

/** Gray pixels (0 black, 255 white) as RGB; null when the file is not one planJbig2 accepts or pdf.js cannot read it. */
export async function decodeJbig2(bytes: Uint8Array): Promise<Raster | null> {
  const plan = planJbig2(bytes);
  if (!plan) return null;
  // a variable specifier: the decoders module has no type declarations of its own
  const specifier: string = 'pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs';
  decoders ??= import(specifier) as Promise<ImageDecoders>;
  const { Jbig2Image } = await decoders;
  const image = new Jbig2Image();
  let gray: Uint8ClampedArray;
  try {
    gray = image.parse(new Uint8Array(bytes));
  } catch {
    return null; // pdf.js's Jbig2Error: damaged data, no image
  }
  const { width, height } = image;
  if (width !== plan.width || height !== plan.height || gray.length !== width * height) return null;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < gray.length; i++) data[3 * i] = data[3 * i + 1] = data[3 * i + 2] = gray[i]!;
  return { width, height, data };
}
