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

/** Encodes `crop` of `source` as PNG or JPEG no larger than `maxBytes`; undefined when nothing fits. */
export async function encodeWithin(source: CanvasImageSource, crop: Crop, maxBytes: number): Promise<Blob | undefined> {
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
    if (scale === 1) {
      const png = await canvas.convertToBlob({ type: 'image/png' });
      if (png.size <= maxBytes) return png;
    }
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    if (jpeg.size <= maxBytes) return jpeg;
  }
  return undefined;
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
