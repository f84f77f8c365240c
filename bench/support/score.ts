import { editDistance, exactLines, foldForScoring } from '../../test/support/synth/index';
import type { BenchItem } from './dataset';

/*
 * Everything is compared folded (whitespace out, full-width ASCII as ASCII).
 * Character accuracy does not depend on reading order: each ground-truth line costs the
 * fewest edits that make it a substring of the read text (lines joined by a newline, so a
 * line split in two costs one edit); text read in excess is not charged.
 * Reading order (page items only): edit distance between the whole page text and the
 * whole read text in the order returned.
 * Field items: each value must appear inside one read line.
 */

const foldField = (s: string) => foldForScoring(s).replace(/[·•・]/g, '');

/** Fewest edits turning `needle` into some substring of `hay`. */
export function substringDistance(needle: string, hay: string): number {
  const n = [...needle], h = [...hay];
  let prev = new Array<number>(h.length + 1).fill(0);
  for (let i = 1; i <= n.length; i++) {
    const cur = [i];
    for (let j = 1; j <= h.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (n[i - 1] === h[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return Math.min(...prev);
}

export interface ItemScore {
  chars: number;
  errors: number;
  /** Errors when the page is compared in the order read. */
  orderErrors: number;
  lines: number;
  exact: number;
}

export function scoreItem(item: BenchItem, read: string[]): ItemScore {
  if (item.mode === 'page') {
    const truth = foldForScoring(item.truth.join(''));
    const chars = [...truth].length;
    const orderErrors = Math.min(chars, editDistance(truth, foldForScoring(read.join(''))));
    const text = read.map(foldForScoring).join('\n');
    let errors = 0;
    for (const line of item.truth.map(foldForScoring)) errors += substringDistance(line, text);
    const { matched, total } = exactLines(item.truth, read);
    return { chars, errors, orderErrors, lines: total, exact: matched };
  }
  const folded = read.map(foldField);
  let chars = 0, errors = 0, exact = 0;
  for (const value of item.truth.map(foldField)) {
    const best = Math.min([...value].length, ...folded.map((line) => substringDistance(value, line)));
    chars += [...value].length;
    errors += best;
    if (best === 0) exact++;
  }
  return { chars, errors, orderErrors: errors, lines: item.truth.length, exact };
}
