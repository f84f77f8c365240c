/*
 * Format by magic bytes only (DESIGN.md §5: the bytes decide, not the extension or
 * Content-Type). The document files (PDF; OFD, a ZIP holding OFD.xml; the tax platform's
 * invoice XML) are reported so callers can refuse them or route them to their reader; what the
 * file holds (an invoice or not) is for that reader to say.
 */

export type ImageFormat = 'jpeg' | 'png' | 'bmp' | 'gif' | 'webp' | 'avif';
export type FileFormat = 'pdf' | 'ofd' | 'xml';
export type SniffedFormat = ImageFormat | FileFormat;

export const FILE_FORMATS: readonly FileFormat[] = ['pdf', 'ofd', 'xml'];
export const isFileFormat = (format: SniffedFormat | null): format is FileFormat => FILE_FORMATS.includes(format as FileFormat);

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

/** A ZIP archive: a local file header, or the end record of an empty archive. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

/** An OFD package names its entry file OFD.xml (GB/T 33190 §7.3); ZIP stores names uncompressed. */
function isOfd(bytes: Uint8Array): boolean {
  if (!isZip(bytes)) return false;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.indexOf('OFD.xml') >= 0 || buffer.indexOf('ofd.xml') >= 0;
}

/**
 * XML: after a byte order mark and white space, a declaration or an element. An HTML page (an
 * error page where a file was expected) is not taken for XML.
 */
function isXml(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  while (at < bytes.length && at < 1024 && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0a || bytes[at] === 0x0d)) at++;
  const head = ascii(bytes, at, Math.min(64, bytes.length - at)).toLowerCase();
  if (head.startsWith('<?xml') || head.startsWith('<!--')) return true;
  if (head.startsWith('<!doctype')) return !head.startsWith('<!doctype html');
  return /^<[a-z_][\w.:-]*[\s/>]/i.test(head) && !/^<(html|head|body)[\s>]/.test(head);
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
  if (isOfd(b)) return 'ofd';
  if (isXml(b)) return 'xml';
  return null;
}
