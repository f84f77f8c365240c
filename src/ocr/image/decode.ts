import sharp, { type Metadata } from 'sharp';
import { OcrInputError } from '../errors';
import { decodeBmp } from './bmp';
import { MAX_PIXELS, type Raster } from './raster';
import { isFileFormat, sniffFormat, type ImageFormat } from './sniff';

export interface DecodedImage extends Raster {
  format: ImageFormat;
}

function tooManyPixels(width: number, height: number): OcrInputError {
  return new OcrInputError(
    'too-many-pixels',
    `image has ${width}×${height} pixels, more than the ${MAX_PIXELS / 1e6} megapixel limit`,
  );
}

function sharpFailure(err: unknown, format: ImageFormat): OcrInputError {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return new OcrInputError('too-many-pixels', `image exceeds the ${MAX_PIXELS / 1e6} megapixel limit`);
  return new OcrInputError('corrupt', `${format.toUpperCase()} could not be decoded: ${message.split('\n')[0]}`);
}

/**
 * Any accepted image to RGB, upright as its EXIF orientation says, transparency
 * flattened on white (dark text on a transparent PNG would otherwise vanish into black),
 * GIF first frame only. The header is read first so a bomb is refused before allocation.
 */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage> {
  if (bytes.length === 0) throw new OcrInputError('empty', 'the image is empty (0 bytes)');
  const format = sniffFormat(bytes);
  if (isFileFormat(format)) throw new OcrInputError('unsupported-format', `a ${format.toUpperCase()} file was given where an image is expected`);
  if (format === null) {
    throw new OcrInputError('unsupported-format', 'not a JPEG, PNG, BMP, GIF, WebP or AVIF image');
  }
  if (format === 'bmp') return { ...decodeBmp(bytes), format };

  // failOn 'truncated': a cut-off JPEG must fail, a harmless libjpeg warning must not
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'truncated' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (err) {
    throw sharpFailure(err, format);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > MAX_PIXELS) throw tooManyPixels(width, height);
  if (width === 0 || height === 0) throw new OcrInputError('corrupt', 'the image has no pixels');

  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), format };
  } catch (err) {
    throw sharpFailure(err, format);
  }
}
