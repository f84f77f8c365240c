import { OcrInputError } from '../errors';
import { decodeImage } from '../image/decode';
import type { Raster } from '../image/raster';
import { isFileFormat, sniffFormat } from '../image/sniff';
import { decodeJbig2 } from './jbig2';

/*
 * An OFD image resource's pixels. Invoices embed their QR code as PNG, JPEG or JBIG2 (the
 * tax-control SDK's "GBIG2"); the image decoder's limits apply (50 MP). A resource that is none
 * of these, or is damaged, has no pixels for us: null, and the reader goes on without its QR.
 */
export async function decodeMedia(bytes: Uint8Array, format: string): Promise<Raster | null> {
  if (/^(GBIG2|JBIG2|JB2)$/.test(format) || bytes[0] === 0x97) return decodeJbig2(bytes);
  const sniffed = sniffFormat(bytes);
  if (sniffed === null || isFileFormat(sniffed)) return null;
  try {
    return await decodeImage(bytes);
  } catch (err) {
    if (err instanceof OcrInputError) return null;
    throw err;
  }
}
