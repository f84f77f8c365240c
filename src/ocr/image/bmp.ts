import bmp from 'bmp-js';
import { OcrInputError } from '../errors';
import { MAX_PIXELS, type Raster } from './raster';

/*
 * sharp has no BMP decoder, so BMP goes through bmp-js. bmp-js reads the pixels right
 * after a 40-byte header and ignores the file's pixel offset, so V4/V5 headers (what most
 * editors write) would come out shifted: we rebuild a plain 40-byte-header file first.
 * Dimensions are checked against the pixel limit before anything is allocated.
 */

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const SUPPORTED_BPP = new Set([1, 4, 8, 16, 24, 32]);

interface BmpHeader {
  offset: number;
  dibSize: number;
  width: number;
  height: number;
  bpp: number;
  compression: number;
  colors: number;
}

function readHeader(buf: Buffer): BmpHeader {
  if (buf.length < 54) throw new OcrInputError('corrupt', 'BMP file is shorter than its header');
  const dibSize = buf.readUInt32LE(14);
  if (dibSize < 40) throw new OcrInputError('unsupported-format', 'OS/2 BMP files are not supported');
  return {
    offset: buf.readUInt32LE(10),
    dibSize,
    width: buf.readInt32LE(18),
    height: buf.readInt32LE(22),
    bpp: buf.readUInt16LE(28),
    compression: buf.readUInt32LE(30),
    colors: buf.readUInt32LE(46),
  };
}

function validate(h: BmpHeader, length: number): void {
  if (h.width <= 0 || h.height === 0) throw new OcrInputError('corrupt', 'BMP header has no pixels');
  const pixels = h.width * Math.abs(h.height);
  if (pixels > MAX_PIXELS) {
    throw new OcrInputError(
      'too-many-pixels',
      `image has ${h.width}×${Math.abs(h.height)} pixels, more than the ${MAX_PIXELS / 1e6} megapixel limit`,
    );
  }
  if (!SUPPORTED_BPP.has(h.bpp) || h.compression > BI_BITFIELDS) {
    throw new OcrInputError('unsupported-format', `BMP with ${h.bpp} bits and compression ${h.compression} is not supported`);
  }
  if (h.compression === BI_RGB || h.compression === BI_BITFIELDS) {
    const rowBytes = Math.ceil((h.width * h.bpp) / 32) * 4;
    if (h.offset + rowBytes * Math.abs(h.height) > length) throw new OcrInputError('corrupt', 'BMP file is truncated');
  }
}

/** The same image with a 40-byte header, its palette or masks, then the pixels. */
function normalise(buf: Buffer, h: BmpHeader): Buffer {
  const parts: Buffer[] = [];
  let compression = h.compression;
  if (h.bpp <= 8) {
    const entries = h.colors === 0 ? 1 << h.bpp : h.colors;
    parts.push(buf.subarray(14 + h.dibSize, 14 + h.dibSize + entries * 4));
  } else if (compression === BI_BITFIELDS) {
    // masks follow a 40-byte header or sit inside a bigger one: at byte 54 either way
    const masks = Buffer.alloc(16);
    buf.copy(masks, 0, 54, 66);
    if (h.bpp === 32) {
      const standard = masks.readUInt32LE(0) === 0xff0000 && masks.readUInt32LE(4) === 0xff00 && masks.readUInt32LE(8) === 0xff;
      if (!standard) throw new OcrInputError('unsupported-format', 'BMP with unusual 32-bit colour masks is not supported');
      compression = BI_RGB;
    } else {
      parts.push(masks);
    }
  }
  const dib = Buffer.from(buf.subarray(14, 54));
  dib.writeUInt32LE(40, 0);
  dib.writeUInt32LE(compression, 16);
  const fileHeader = Buffer.alloc(14);
  const offset = 54 + parts.reduce((n, p) => n + p.length, 0);
  fileHeader.write('BM', 0, 'latin1');
  fileHeader.writeUInt32LE(offset, 10);
  return Buffer.concat([fileHeader, dib, ...parts, buf.subarray(h.offset)]);
}

export function decodeBmp(bytes: Uint8Array): Raster {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = readHeader(buf);
  validate(header, buf.length);
  let decoded;
  try {
    decoded = bmp.decode(normalise(buf, header));
  } catch (err) {
    throw new OcrInputError('corrupt', `BMP could not be decoded: ${(err as Error).message}`);
  }
  const { width, height } = decoded;
  const out = new Uint8Array(width * height * 3);
  for (let i = 0, n = width * height; i < n; i++) {
    out[i * 3] = decoded.data[i * 4 + 3]!;
    out[i * 3 + 1] = decoded.data[i * 4 + 2]!;
    out[i * 3 + 2] = decoded.data[i * 4 + 1]!;
  }
  return { width, height, data: out };
}
