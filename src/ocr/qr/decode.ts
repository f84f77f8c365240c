import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { Raster } from '../image/raster';
import { throwIfCancelled } from '../runtime/cancel';

/*
 * QR codes with ZXing-C++ compiled to WebAssembly (zxing-wasm). The package would fetch its
 * .wasm from a CDN by default: the binary is read from node_modules instead and handed over,
 * so nothing is downloaded at run time (test/ocr/qr.test.ts makes fetch throw to prove it).
 * Compiled once per thread (~50 ms): the pool's threads do it at start, anything else on first use.
 *
 * Large photos are scaled down to MAX_SIDE first: an invoice's QR code is 2 cm of a 24 cm
 * invoice, so it keeps several pixels a module, and ZXing's time grows with the pixels.
 */

const MAX_SIDE = 2400;

let ready: Promise<unknown> | undefined;

/** Compiles the decoder once per thread (the pool's threads do it at start, beside the models). */
export function loadQrDecoder(): Promise<unknown> {
  ready ??= (async () => {
    const path = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = readFileSync(path);
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

/** RGB → RGBA at most MAX_SIDE on the longer side (box filter), as ZXing's ImageData. */
function toImageData(image: Raster): ImageData {
  const step = Math.max(1, Math.ceil(Math.max(image.width, image.height) / MAX_SIDE));
  const width = Math.floor(image.width / step), height = Math.floor(image.height / step);
  const out = new Uint8ClampedArray(new ArrayBuffer(width * height * 4));
  const area = step * step;
  // most crops are under MAX_SIDE: their pixels as they are, without the sums of one
  if (step === 1) {
    for (let i = 0, o = 0; o < out.length; i += 3, o += 4) {
      out[o] = image.data[i]!;
      out[o + 1] = image.data[i + 1]!;
      out[o + 2] = image.data[i + 2]!;
      out[o + 3] = 255;
    }
    return { data: out, width, height, colorSpace: 'srgb' } as ImageData;
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0;
      for (let dy = 0; dy < step; dy++) {
        let at = ((y * step + dy) * image.width + x * step) * 3;
        for (let dx = 0; dx < step; dx++, at += 3) {
          r += image.data[at]!;
          g += image.data[at + 1]!;
          b += image.data[at + 2]!;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = r / area;
      out[o + 1] = g / area;
      out[o + 2] = b / area;
      out[o + 3] = 255;
    }
  }
  // the shape of the DOM's ImageData, which Node does not have
  return { data: out, width, height, colorSpace: 'srgb' } as ImageData;
}

/** A white border of `pad` pixels: ZXing needs a quiet zone, which a QR image cut to its modules (JBIG2 in OFDs) lacks. */
export function withQuietZone(image: Raster, pad: number): Raster {
  const width = image.width + 2 * pad, height = image.height + 2 * pad;
  const data = new Uint8Array(width * height * 3).fill(255);
  for (let y = 0; y < image.height; y++) data.set(image.data.subarray(y * image.width * 3, (y + 1) * image.width * 3), ((y + pad) * width + pad) * 3);
  return { width, height, data };
}

/**
 * Codes already found on an image: 2582-25 reads a region's QR code to tell its type, then hands
 * the same crop to the VAT extractor, which would decode it again.
 */
const decoded = new WeakMap<Raster, Promise<string[]>>();

/** The text of every QR code found in the image (usually one); [] when none. */
export function decodeQr(image: Raster): Promise<string[]> {
  const known = decoded.get(image);
  if (known) return known.then((codes) => [...codes]);
  const found = decodeOnce(image);
  decoded.set(image, found);
  // a failed or cancelled decoding is not remembered
  found.catch(() => decoded.delete(image));
  return found;
}

async function decodeOnce(image: Raster): Promise<string[]> {
  if (image.width < 21 || image.height < 21) return [];
  await loadQrDecoder();
  throwIfCancelled();
  const results = await readBarcodes(toImageData(image), {
    formats: ['QRCode'],
    tryHarder: true,
    tryRotate: true,
    tryInvert: true,
    tryDownscale: true,
    maxNumberOfSymbols: 4,
  });
  return results.filter((r) => r.isValid && r.text !== '').map((r) => r.text);
}
