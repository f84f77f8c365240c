import bmp from 'bmp-js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OcrInputError } from '../../src/ocr/errors';
import { decodeImage } from '../../src/ocr/image/decode';
import { sniffFormat } from '../../src/ocr/image/sniff';
import { corpusFile, hasCorpus } from './fixtures';

const red = { create: { width: 40, height: 30, channels: 3 as const, background: '#ff0000' } };

async function rejection(bytes: Uint8Array): Promise<OcrInputError> {
  const err = await decodeImage(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OcrInputError);
  return err as OcrInputError;
}

/** A 24-bit BMP with a 124-byte BITMAPV5HEADER, what most editors write. */
function bmpV5(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const row = Math.ceil((width * 3) / 4) * 4;
  const offset = 14 + 124;
  const buf = Buffer.alloc(offset + row * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(offset, 10);
  buf.writeUInt32LE(124, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = offset + y * row + x * 3;
      buf[at] = rgb[2];
      buf[at + 1] = rgb[1];
      buf[at + 2] = rgb[0];
    }
  }
  return buf;
}

describe('sniffFormat', () => {
  it('names every accepted format by its magic bytes, and PDF', async () => {
    expect(sniffFormat(await sharp(red).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffFormat(await sharp(red).png().toBuffer())).toBe('png');
    expect(sniffFormat(await sharp(red).gif().toBuffer())).toBe('gif');
    expect(sniffFormat(await sharp(red).webp().toBuffer())).toBe('webp');
    expect(sniffFormat(await sharp(red).avif().toBuffer())).toBe('avif');
    expect(sniffFormat(bmpV5(4, 4, [0, 0, 0]))).toBe('bmp');
    expect(sniffFormat(new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'))).toBe('pdf');
    expect(sniffFormat(new TextEncoder().encode('<html><body>not an image</body></html>'))).toBeNull();
    expect(sniffFormat(await sharp(red).tiff().toBuffer())).toBeNull();
  });
});

describe('decodeImage', () => {
  it('decodes JPEG, PNG, GIF, WebP, AVIF and BMP to RGB', async () => {
    const encoded = [
      await sharp(red).jpeg().toBuffer(),
      await sharp(red).png().toBuffer(),
      await sharp(red).gif().toBuffer(),
      await sharp(red).webp({ lossless: true }).toBuffer(),
      await sharp(red).avif().toBuffer(),
      // bmp-js pixels are A, B, G, R
      bmp.encode({ data: Buffer.alloc(40 * 30 * 4).fill(Buffer.from([0, 0, 0, 255])), width: 40, height: 30 }).data,
    ];
    for (const bytes of encoded) {
      const image = await decodeImage(bytes);
      expect([image.width, image.height, image.data.length]).toEqual([40, 30, 40 * 30 * 3]);
      expect(image.data[0]).toBeGreaterThan(200);
      expect(image.data[1]).toBeLessThan(60);
    }
  });

  it('reads BMP files with a V5 header at their pixel offset', async () => {
    const image = await decodeImage(bmpV5(5, 3, [10, 200, 30]));
    expect(image.format).toBe('bmp');
    expect(Array.from(image.data.subarray(0, 3))).toEqual([10, 200, 30]);
    expect(Array.from(image.data.subarray(-3))).toEqual([10, 200, 30]);
  });

  it('flattens transparency on white', async () => {
    const clear = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    expect((await decodeImage(clear)).data[0]).toBe(255);
  });

  it('applies the EXIF orientation', async () => {
    const tall = await sharp({ create: { width: 20, height: 60, channels: 3, background: '#000' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const image = await decodeImage(tall);
    expect([image.width, image.height]).toEqual([60, 20]);
  });

  it('refuses a truncated JPEG as corrupt instead of hanging', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#345678' } }).jpeg().toBuffer();
    expect((await rejection(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).reason).toBe('corrupt');
    expect((await rejection(jpeg.subarray(0, 40))).reason).toBe('corrupt');
  });

  it('refuses a PNG announcing 50000×50000 pixels before allocating them', async () => {
    const png = Buffer.from(await sharp(red).png().toBuffer());
    png.writeUInt32BE(50_000, 16);
    png.writeUInt32BE(50_000, 20);
    const before = process.memoryUsage().rss;
    expect((await rejection(png)).reason).toBe('too-many-pixels');
    expect(process.memoryUsage().rss - before).toBeLessThan(200e6);
  });

  it('refuses a BMP announcing too many pixels, and a truncated one', async () => {
    const huge = Buffer.from(bmpV5(4, 4, [0, 0, 0]));
    huge.writeInt32LE(20_000, 18);
    huge.writeInt32LE(20_000, 22);
    expect((await rejection(huge)).reason).toBe('too-many-pixels');
    expect((await rejection(bmpV5(64, 64, [1, 2, 3]).subarray(0, 400))).reason).toBe('corrupt');
  });

  it('refuses random bytes, empty input and a PDF given as an image', async () => {
    const random = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    expect((await rejection(random)).reason).toBe('unsupported-format');
    expect((await rejection(new Uint8Array(0))).reason).toBe('empty');
    const pdf = await rejection(new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'));
    expect(pdf.reason).toBe('unsupported-format');
    expect(pdf.message).toMatch(/PDF/);
  });

  it.skipIf(!hasCorpus)('recognises the corpus PDF as a PDF', () => {
    expect(sniffFormat(corpusFile('vat_invoice/vat_electronic_pdf_01.pdf'))).toBe('pdf');
  });
});
