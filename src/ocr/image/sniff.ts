/*
 * Format by magic bytes only (DESIGN.md §5: the bytes decide, not the extension or
 * Content-Type). 'pdf' is reported so callers can refuse it or route it to a PDF reader.
 */

export type ImageFormat = 'jpeg' | 'png' | 'bmp' | 'gif' | 'webp' | 'avif';
export type SniffedFormat = ImageFormat | 'pdf';

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** ISO-BMFF `ftyp` box whose major or compatible brands name AVIF (HEIC is not accepted). */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const end = Math.min(bytes.length, Math.max(16, boxSize));
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  return brands.includes('avif') || brands.includes('avis');
}

/** A BMP starts with "BM" and a DIB header of a known size; "BM" alone is too weak. */
function isBmp(bytes: Uint8Array): boolean {
  if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return false;
  const dib = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(14, true);
  return [12, 40, 52, 56, 64, 108, 124].includes(dib);
}

/** PDF readers accept `%PDF-` anywhere in the first 1024 bytes, so we do too. */
function isPdf(bytes: Uint8Array): boolean {
  const head = ascii(bytes, 0, Math.min(bytes.length, 1024));
  return head.includes('%PDF-');
}

export function sniffFormat(bytes: Uint8Array): SniffedFormat | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  if (isAvif(b)) return 'avif';
  if (isBmp(b)) return 'bmp';
  if (isPdf(b)) return 'pdf';
  return null;
}
