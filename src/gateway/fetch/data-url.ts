import { GatewayError } from '../errors';

/**
 * `data:` URLs (RFC 2397, read the way the WHATWG fetch "data: URL processor" does). The size is
 * worked out by counting characters before anything is allocated or decoded, so a form field
 * holding a 20 MB data: URL for a 3 MB limit costs one scan, not a 15 MB buffer (a data: bomb).
 */

export interface DecodedDataUrl {
  bytes: Uint8Array;
  contentType?: string;
}

/** Anything longer is not a media type but an attempt to smuggle a payload into the header. */
const MAX_HEADER_CHARS = 256;

/**
 * `url` without leading and trailing C0 controls and spaces (the URL parser's trim). A loop, not
 * a pattern: `/[\u0000-\u0020]+$/` retries from every character of a space run that is not at
 * the end, so a run of n spaces before one letter cost n² steps on the main thread (issue 14:
 * 80 000 spaces froze the gateway for 5 s).
 */
function trimControlsAndSpaces(url: string): string {
  let start = 0;
  let end = url.length;
  while (start < end && url.charCodeAt(start) <= 0x20) start++;
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end--;
  return url.slice(start, end);
}

/** Anchored, single pass: the leading run is read once and the match fails at its end. */
export function isDataUrl(url: string): boolean {
  return /^[\u0000-\u0020]*data:/i.test(url);
}

function unreadable(detail: string): GatewayError {
  return new GatewayError('INPUT_UNREADABLE', detail);
}

export function decodeDataUrl(url: string, maxBytes: number): DecodedDataUrl {
  let text = trimControlsAndSpaces(url);
  const hash = text.indexOf('#');
  if (hash !== -1) text = text.slice(0, hash);
  const comma = text.indexOf(',', 5);
  if (comma === -1) throw unreadable('data: URL has no comma before its data');
  if (comma - 5 > MAX_HEADER_CHARS) throw unreadable('data: URL media type is too long');
  let header = text.slice(5, comma).trim();
  const base64 = /;[\t\n\f\r ]*base64[\t\n\f\r ]*$/i.test(header);
  if (base64) header = header.slice(0, header.lastIndexOf(';')).trim();
  const contentType = header === '' ? undefined : header.startsWith(';') ? `text/plain${header}` : header.toLowerCase();

  const payload = text.slice(comma + 1);
  if (base64) {
    const clean = withoutSpaceAndPadding(payload);
    // what the characters would decode to, before any of them is looked at: a 16 MB data: bomb
    // is refused for its size, and refusing costs nothing per character
    const size = Math.floor((clean.length * 3) / 4);
    if (size > maxBytes) throw tooLarge(size, maxBytes);
    const bytes = decodeBase64(clean);
    return contentType === undefined ? { bytes } : { bytes, contentType };
  }
  const size = percentDecodedSize(payload);
  if (size > maxBytes) throw tooLarge(size, maxBytes);
  const bytes = percentDecode(payload);
  return contentType === undefined ? { bytes } : { bytes, contentType };
}

function tooLarge(size: number, maxBytes: number): GatewayError {
  return new GatewayError('INPUT_TOO_LARGE', `data: URL holds ${size} bytes, over the limit of ${maxBytes} bytes`);
}

/**
 * WHATWG "forgiving-base64 decode", first half: ASCII whitespace removed, then one or two "=" of
 * padding when the length is a multiple of 4. Native string operations only: a data: URL is up
 * to 14 MB and this runs on the main thread, where a loop over its characters in JavaScript
 * cost tens of milliseconds per image (issue 14).
 */
function withoutSpaceAndPadding(payload: string): string {
  let clean = /[\t\n\f\r ]/.test(payload) ? payload.replace(/[\t\n\f\r ]+/g, '') : payload;
  if (clean.length % 4 === 0) {
    if (clean.endsWith('==')) clean = clean.slice(0, -2);
    else if (clean.endsWith('=')) clean = clean.slice(0, -1);
  }
  return clean;
}

/** Second half: nothing but the alphabet, and no length that leaves a lone character. */
function decodeBase64(clean: string): Uint8Array {
  if (clean.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(clean)) throw unreadable('data: URL is not valid base64');
  return new Uint8Array(Buffer.from(clean, 'base64'));
}

/** Bytes after percent-decoding; other characters count as their UTF-8 length. */
function percentDecodedSize(payload: string): number {
  let size = 0;
  for (let i = 0; i < payload.length; i++) {
    const c = payload.charCodeAt(i);
    if (c === 37 && isHex(payload.charCodeAt(i + 1)) && isHex(payload.charCodeAt(i + 2))) i += 2;
    else if (c >= 0x80) size += c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 1 : 2; // surrogate halves: 2 each
    size++;
  }
  return size;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function hexValue(c: number): number {
  return c <= 57 ? c - 48 : (c | 0x20) - 87;
}

/** Percent-decoding over UTF-8 bytes; a "%" not followed by two hex digits stays as is (WHATWG). */
function percentDecode(payload: string): Uint8Array {
  const input = Buffer.from(payload, 'utf8');
  const out = new Uint8Array(input.length);
  let n = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input[i] as number;
    const h1 = input[i + 1] ?? 0;
    const h2 = input[i + 2] ?? 0;
    if (c === 37 && isHex(h1) && isHex(h2)) {
      out[n++] = hexValue(h1) * 16 + hexValue(h2);
      i += 2;
    } else {
      out[n++] = c;
    }
  }
  return out.subarray(0, n);
}
