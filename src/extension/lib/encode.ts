import { SHRINK_LONG_SIDE } from '../../protocol/limits';
import { mark } from './timing';

/*
 * Image bytes within the gateway's size limit, in any context (page, popup, service worker): the
 * OffscreenCanvas API exists in all of them. A PNG is tried first (lossless, best for text); when it
 * is too large, JPEG, then smaller scales: recognition needs legible text, not every pixel.
 */

export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

const SCALES = [1, 0.8, 0.64, 0.5, 0.4, 0.32];

/**
 * Encodes `crop` of `source` as PNG or JPEG no larger than `maxBytes`; undefined when nothing fits.
 * `lossless: false` skips the PNG: a photo that came as a JPEG too large to send is far larger as
 * a PNG, and encoding one of many megapixels costs seconds.
 */
export async function encodeWithin(source: CanvasImageSource, crop: Crop, maxBytes: number, opts: { lossless?: boolean } = {}): Promise<Blob | undefined> {
  for (const scale of SCALES) {
    const w = Math.max(1, Math.round(crop.width * scale));
    const h = Math.max(1, Math.round(crop.height * scale));
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = '#fff'; // transparent pixels become white, not black, in JPEG
    ctx.fillRect(0, 0, w, h);
    ctx.drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, w, h);
    // convertToBlob throws a SecurityError on a tainted canvas (a cross-origin image): callers fall back
    if (scale === 1 && opts.lossless !== false) {
      const png = await canvas.convertToBlob({ type: 'image/png' });
      if (png.size <= maxBytes) return png;
    }
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    if (jpeg.size <= maxBytes) return jpeg;
  }
  return undefined;
}

const isJpeg = async (blob: Blob) => {
  const head = new Uint8Array(await blob.slice(0, 3).arrayBuffer());
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
};

/**
 * An image too large to send, within `maxBytes`: decoded once, scaled by the browser
 * (createImageBitmap's resize, off the main thread's canvas) to SHRINK_LONG_SIDE at most, then
 * encoded as above. Undefined when nothing fits.
 */
export async function shrinkImage(blob: Blob, maxBytes: number): Promise<Blob | undefined> {
  const full = await createImageBitmap(blob);
  const scale = Math.min(1, SHRINK_LONG_SIDE / Math.max(full.width, full.height));
  let bitmap = full;
  if (scale < 1) {
    const size = { resizeWidth: Math.max(1, Math.round(full.width * scale)), resizeHeight: Math.max(1, Math.round(full.height * scale)) };
    bitmap = await createImageBitmap(full, { ...size, resizeQuality: 'high' });
    full.close();
  }
  mark('page-decoded');
  try {
    return await encodeWithin(bitmap, { x: 0, y: 0, width: bitmap.width, height: bitmap.height }, maxBytes, { lossless: !(await isJpeg(blob)) });
  } finally {
    bitmap.close();
  }
}

/** A `data:` URL of the blob, as the gateway's ImageURL/FileURL accept. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(blob);
  });
}

/** Decoded size of a base64 `data:` URL, without decoding it. */
export function dataUrlBytes(url: string): number {
  const comma = url.indexOf(',');
  if (comma < 0) return 0;
  const meta = url.slice(0, comma);
  const payload = url.length - comma - 1;
  if (!/;base64$/i.test(meta)) return payload;
  const padding = url.endsWith('==') ? 2 : url.endsWith('=') ? 1 : 0;
  return Math.floor((payload * 3) / 4) - padding;
}
