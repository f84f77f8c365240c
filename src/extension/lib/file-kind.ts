import { FILE_MAX_BYTES } from '../../protocol/limits';
import type { FileKind } from '../../protocol/messages';

/*
 * What a file of the user's is, told by its first bytes and never by its name: a PDF renamed
 * .jpg is read as a PDF, an executable renamed .pdf is refused before anything is sent. The same
 * check runs where the file is dropped (an immediate answer) and where it is sent (the bytes the
 * gateway gets).
 */

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 512;

/**
 * Images larger than the gateway's 3 MiB are shrunk before they are sent (a phone photo); beyond
 * this nothing is tried: decoding it would take the memory of a tab for a file no phone makes.
 */
export const IMAGE_FILE_MAX_BYTES = 64 * 1024 * 1024;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The family of the bytes, or undefined when they are none the extension reads. */
export function sniff(head: Uint8Array): FileKind | undefined {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  // an OFD is a ZIP package (GB/T 33190); the gateway checks it holds OFD.xml
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'ofd';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image';
  if (startsWith(head, ascii('BM')) && head.length >= 14) return 'image';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image';
  if (isXml(head)) return 'xml';
  return undefined;
}

/** `<?xml` or a first element, after an optional UTF-8 byte order mark and white space. */
function isXml(head: Uint8Array): boolean {
  let i = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  if (head[i] !== 0x3c) return false; // <
  // a web page is markup too, but never an invoice
  const tag = String.fromCharCode(...head.subarray(i, i + 15)).toLowerCase();
  if (tag.startsWith('<!doctype html') || tag.startsWith('<html')) return false;
  const next = head[i + 1] ?? 0;
  // <?xml, <!-- a comment, or an element name
  return next === 0x3f || next === 0x21 || (next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a);
}

/** Why a file cannot be read: an error key (a message in both languages) and its substitutions. */
export type Refusal = { key: 'err_file_empty' | 'err_file_unknown_type' | 'err_file_too_large'; subs: string[] };

export function mib(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);
}

/** The size check of one file of `kind` (before it is queued). */
export function checkSize(kind: FileKind, size: number): Refusal | undefined {
  if (size === 0) return { key: 'err_file_empty', subs: [] };
  const max = kind === 'image' ? IMAGE_FILE_MAX_BYTES : FILE_MAX_BYTES;
  return size > max ? { key: 'err_file_too_large', subs: [mib(size), mib(max)] } : undefined;
}

/** Reads the head of `blob` and tells what it is, or why it is refused. */
export async function classify(blob: Blob): Promise<{ ok: true; kind: FileKind } | { ok: false; refusal: Refusal }> {
  if (blob.size === 0) return { ok: false, refusal: { key: 'err_file_empty', subs: [] } };
  const head = new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
  const kind = sniff(head);
  if (!kind) return { ok: false, refusal: { key: 'err_file_unknown_type', subs: [] } };
  const size = checkSize(kind, blob.size);
  return size ? { ok: false, refusal: size } : { ok: true, kind };
}

/** What the bytes of a base64 `data:` URL are, from its first few hundred characters. */
export function sniffDataUrl(url: string): FileKind | undefined {
  const comma = url.indexOf(',');
  if (comma < 0 || !/;base64$/i.test(url.slice(0, comma))) return undefined;
  const chunk = url.slice(comma + 1, comma + 1 + Math.ceil(SNIFF_BYTES / 3) * 4);
  try {
    return sniff(Uint8Array.from(atob(chunk), (c) => c.charCodeAt(0)));
  } catch {
    return undefined; // not base64
  }
}

/** A first guess from a link's address (or a file's name) without its bytes: what the name ends with. */
export function kindOfAddress(url: string): FileKind {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // not a URL: the guess is the default
  }
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (ext === 'ofd' || ext === 'xml') return ext;
  if (ext && ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp'].includes(ext)) return 'image';
  return 'pdf';
}
