import { editDistance } from '../../../src/ocr/text';

/*
 * Scoring shared by the tests and the bench. Both sides are folded first: whitespace
 * removed (the Chinese recogniser rarely emits spaces between Latin words) and full-width
 * ASCII forms mapped to ASCII, since a full-width and a half-width colon look the same
 * on paper; the engine itself keeps Chinese punctuation as read.
 */

/** the engine's own edit distance, re-exported: the tests and the bench score with it */
export { editDistance };

export function foldForScoring(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\s+/g, '');
}

/** 1 − edit distance / ground-truth length over the page's text in reading order. */
export function charAccuracy(truth: string[], read: string[]): { errors: number; chars: number; accuracy: number } {
  const t = foldForScoring(truth.join('')), r = foldForScoring(read.join(''));
  const errors = editDistance(t, r);
  const chars = [...t].length;
  return { errors, chars, accuracy: chars === 0 ? 1 : Math.max(0, 1 - errors / chars) };
}

/** Ground-truth lines that some read line matches exactly (after folding). */
export function exactLines(truth: string[], read: string[]): { matched: number; total: number } {
  const pool = read.map(foldForScoring);
  let matched = 0;
  for (const line of truth.map(foldForScoring)) {
    const at = pool.indexOf(line);
    if (at >= 0) {
      matched++;
      pool.splice(at, 1);
    }
  }
  return { matched, total: truth.length };
}
