import { strToU8, zipSync, type Zippable } from 'fflate';

/*
 * ZIP files for tests: valid ones from parts, and the malicious ones a reader must refuse
 * (a part whose header lies about its size, thousands of entries, a bomb inside the ZIP).
 */

export type Parts = Record<string, string | Uint8Array>;

export function zipParts(parts: Parts, level: 0 | 6 | 9 = 6): Uint8Array {
  const files: Zippable = {};
  for (const [name, content] of Object.entries(parts)) files[name] = [typeof content === 'string' ? strToU8(content) : content, { level }];
  return zipSync(files);
}

/**
 * The same ZIP with `name`'s uncompressed size rewritten to `declared` in its local header and
 * its central directory entry (CRC left as it was): a header that lies.
 */
export function withDeclaredSize(zip: Uint8Array, name: string, declared: number): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer);
  const encoded = strToU8(name);
  const nameAt = (at: number, length: number) => encoded.length === length && encoded.every((b, i) => out[at + i] === b);
  let patched = 0;
  for (let at = 0; at + 46 < out.length; at++) {
    const sig = view.getUint32(at, true);
    if (sig === 0x04034b50 && nameAt(at + 30, view.getUint16(at + 26, true))) {
      view.setUint32(at + 22, declared, true);
      patched++;
    } else if (sig === 0x02014b50 && nameAt(at + 46, view.getUint16(at + 28, true))) {
      view.setUint32(at + 24, declared, true);
      patched++;
    }
  }
  if (patched !== 2) throw new Error(`withDeclaredSize: ${name} found ${patched} times, expected 2`);
  return out;
}

/** Highly compressible bytes: `size` zeros deflate to about a thousandth of that. */
export const zeros = (size: number) => new Uint8Array(size);
