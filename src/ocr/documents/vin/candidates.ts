import type { OcrLine } from '../../pipeline';
import { NEVER, VIN_CHARS, type VinChar } from './check';

/*
 * Where a VIN may be in what the page reader returned: one line, or the boxes of one row
 * the detector cut apart (stamped characters stand far apart), and within their text each
 * 17-character window of VIN-like characters.
 */

/** Characters that may sit inside a VIN as printed or engraved: separators and frame marks. */
const SKIP = /[\s·.\-_:：*#★☆<>|]/u;
const isVinLike = (ch: string) => VIN_CHARS.includes(ch) || ch in NEVER;

/**
 * Each line alone, and runs of 2–4 neighbouring lines of one row (similar height and
 * centre line, gaps under ~2.5 character heights), left to right.
 */
export function rowGroups(lines: OcrLine[]): OcrLine[][] {
  const rows: OcrLine[][] = [];
  for (const l of [...lines].sort((a, b) => a.box.cy - b.box.cy)) {
    const row = rows.find((r) => {
      const last = r.at(-1)!, h = Math.max(last.box.h, l.box.h);
      return Math.abs(last.box.cy - l.box.cy) < 0.5 * h && Math.abs(last.box.h - l.box.h) < 0.5 * h;
    });
    if (row) row.push(l);
    else rows.push([l]);
  }
  const groups: OcrLine[][] = lines.map((l) => [l]);
  for (const row of rows) {
    row.sort((a, b) => a.rect.left - b.rect.left);
    for (let i = 0; i < row.length; i++) {
      for (let k = i + 1; k < Math.min(row.length, i + 4); k++) {
        const prev = row[k - 1]!, next = row[k]!;
        if (next.rect.left - (prev.rect.left + prev.rect.width) > 2.5 * next.box.h) break;
        groups.push(row.slice(i, k + 1));
      }
    }
  }
  return groups;
}

/** Latin labels printed right before a VIN with no break the recogniser keeps. */
const LABELS = ['VINNO', 'VIN', 'NO'];

/**
 * 17-character windows of VIN-like characters: a run of exactly 17 as it is; a longer run
 * without a leading label (VIN:, VIN NO.), and then each of its windows, the ones at the
 * run's ends first (a VIN touching a serial number or a part code).
 */
export function windows(chars: VinChar[]): VinChar[][] {
  const out: VinChar[][] = [];
  let run: VinChar[] = [];
  const flush = () => {
    const text = run.map((c) => c.char).join('');
    const label = LABELS.find((l) => text.startsWith(l) && run.length - l.length >= 17);
    if (label) run = run.slice(label.length);
    const starts = Array.from({ length: Math.max(0, run.length - 16) }, (_, s) => s);
    starts.sort((a, b) => Math.min(a, run.length - 17 - a) - Math.min(b, run.length - 17 - b));
    for (const s of starts) out.push(run.slice(s, s + 17));
    run = [];
  };
  for (const c of chars) {
    if (SKIP.test(c.char)) continue;
    const ch = c.char.toUpperCase();
    if (isVinLike(ch)) run.push({ ...c, char: ch });
    else flush();
  }
  flush();
  return out;
}

/**
 * The longest run of 12–16 VIN-like characters in the lines' text, with letters and digits
 * both (a VIN with characters hidden by glare or cut off, not a number or a plate), or
 * undefined.
 */
export function partialCode(lines: OcrLine[]): string | undefined {
  let longest: string | undefined;
  for (const l of lines) {
    for (const run of l.text.toUpperCase().split(/[^0-9A-Z\s·.\-_:：*#]+/u)) {
      const code = run.replace(/[\s·.\-_:：*#]/gu, '').replace(/^(VINNO|VIN)/, '');
      const letters = code.replace(/\d/g, '').length, digits = code.length - letters;
      if (code.length < 12 || code.length > 16 || letters < 3 || digits < 3 || ![...code].every(isVinLike)) continue;
      if (!longest || code.length > longest.length) longest = code;
    }
  }
  return longest;
}
