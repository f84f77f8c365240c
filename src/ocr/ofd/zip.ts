import yauzl from 'yauzl';
import { OcrInputError } from '../errors';

/*
 * The ZIP container of an OFD file, read with yauzl from memory. A ZIP is hostile until read:
 *  - the entry count is known from the end record before any entry is read, and refused past
 *    MAX_ENTRIES (a real invoice has 10–40 parts);
 *  - only the parts the reader asks for are inflated (a ZIP inside the ZIP is never opened);
 *  - each part's declared size is checked before it is inflated, and yauzl checks while
 *    inflating that the actual size is the declared one (a header that lies is an error), so
 *    no part grows past MAX_ENTRY_BYTES and all parts read together stay under MAX_TOTAL_BYTES;
 *  - names are matched as the OFD writes them, then without case (producers disagree on
 *    TPLS/Tpls), never outside the archive (yauzl refuses absolute names and "..").
 */

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxEntryBytes: 16 * 1024 * 1024, maxTotalBytes: 48 * 1024 * 1024 };

export interface ZipArchive {
  /** entry names as stored (directories left out) */
  names: string[];
  has(name: string): boolean;
  /** the part's bytes; OcrInputError when it is missing, too large, encrypted or damaged */
  read(name: string): Promise<Uint8Array>;
}

const tooLarge = (message: string) => new OcrInputError('too-large', message);

/** "/Doc_0/./Res/../Pages/Page_0/Content.xml" → "Doc_0/Pages/Page_0/Content.xml"; null when it leaves the root. */
export function normalisePath(path: string): string | null {
  const out: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

export async function openZip(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<ZipArchive> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    throw new OcrInputError('corrupt', `the ZIP container could not be read: ${(err as Error).message}`);
  }
  if (zip.entryCount > limits.maxEntries) throw tooLarge(`the ZIP container holds ${zip.entryCount} entries; at most ${limits.maxEntries} are read`);
  const entries = new Map<string, yauzl.Entry>();
  const folded = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      const name = normalisePath(entry.fileName);
      if (name === null || entries.has(name)) continue; // the first of two same-named entries is the one readers take
      entries.set(name, entry);
      if (!folded.has(name.toLowerCase())) folded.set(name.toLowerCase(), entry);
    }
  } catch (err) {
    throw new OcrInputError('corrupt', `the ZIP container could not be read: ${(err as Error).message}`);
  }
  const find = (name: string) => {
    const path = normalisePath(name);
    return path === null ? undefined : (entries.get(path) ?? folded.get(path.toLowerCase()));
  };
  let budget = limits.maxTotalBytes;
  return {
    names: [...entries.keys()],
    has: (name) => find(name) !== undefined,
    async read(name) {
      const entry = find(name);
      if (!entry) throw new OcrInputError('corrupt', `the OFD part ${name} is missing`);
      if (entry.isEncrypted()) throw new OcrInputError('encrypted', `the OFD part ${name} is encrypted`);
      if (entry.uncompressedSize > limits.maxEntryBytes) {
        throw tooLarge(`the OFD part ${name} unpacks to ${entry.uncompressedSize} bytes; at most ${limits.maxEntryBytes} are read`);
      }
      if (entry.uncompressedSize > budget) {
        throw tooLarge(`the OFD's parts unpack to more than ${limits.maxTotalBytes} bytes together; that is more than is read`);
      }
      budget -= entry.uncompressedSize;
      const chunks: Buffer[] = [];
      try {
        const stream = await zip.openReadStreamPromise(entry);
        for await (const chunk of stream) chunks.push(chunk as Buffer);
      } catch (err) {
        const message = (err as Error).message;
        // yauzl compares the inflated bytes with the declared size as they come
        if (/too many bytes/i.test(message)) throw tooLarge(`the OFD part ${name} unpacks to more than its declared ${entry.uncompressedSize} bytes`);
        throw new OcrInputError('corrupt', `the OFD part ${name} could not be unpacked: ${message}`);
      }
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
