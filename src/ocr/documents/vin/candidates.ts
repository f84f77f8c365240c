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

/** Punctuation the recogniser reads between words and numbers; frame marks (* # ★) and spaces are not counted. */
const PUNCTUATION = /[·.\-_:：]/u;

/**
 * A VIN is printed as one code: no decimal point, hyphen or colon stands inside it. Text that
 * the recogniser reads without its spaces ("RIM/JANTE 17.5 X 6.75 8-6.5" became
 * RIMJANTE17.5X6.758-6.5) holds 17-character windows across numbers and words, and among so
 * many windows one passes the check digit by chance (1 in 11 each). One mark inside is let
 * through as a speck read as a dot; two or more mean words and numbers.
 */
const MAX_INNER_PUNCTUATION = 1;

/**
 * 17-character windows of VIN-like characters: a run of exactly 17 as it is; a longer run
 * without a leading label (VIN:, VIN NO.), and then each of its windows, the ones at the
 * run's ends first (a VIN touching a serial number or a part code). Windows with punctuation
 * inside are left out (MAX_INNER_PUNCTUATION).
 */
export function windows(chars: VinChar[]): VinChar[][] {
  const out: VinChar[][] = [];
  let run: VinChar[] = [];
  /** punctuation marks read right before each character of the run */
  let marks: number[] = [];
  let pending = 0;
  const flush = () => {
    const text = run.map((c) => c.char).join('');
    const label = LABELS.find((l) => text.startsWith(l) && run.length - l.length >= 17);
    if (label) {
      run = run.slice(label.length);
      marks = marks.slice(label.length);
    }
    const starts = Array.from({ length: Math.max(0, run.length - 16) }, (_, s) => s);
    starts.sort((a, b) => Math.min(a, run.length - 17 - a) - Math.min(b, run.length - 17 - b));
    for (const s of starts) {
      const inner = marks.slice(s + 1, s + 17).reduce((n, m) => n + m, 0);
      if (inner <= MAX_INNER_PUNCTUATION) out.push(run.slice(s, s + 17));
    }
    run = [];
    marks = [];
    pending = 0;
  };
  for (const c of chars) {
    if (SKIP.test(c.char)) {
      if (PUNCTUATION.test(c.char)) pending++;
      continue;
    }
    const ch = c.char.toUpperCase();
    if (isVinLike(ch)) {
      run.push({ ...c, char: ch });
      marks.push(pending);
      pending = 0;
    } else flush();
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
