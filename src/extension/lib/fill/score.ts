import type { Descriptor, Source } from './scan-schema';
import { compact, isAscii, words } from './text';
import { type Word, fieldWords, promptWords } from './words';

/*
 * How well a field names a box: each text that says what the box is (its descriptors) against
 * each of the field's words (words.ts), weighted by where the text came from and by the word's
 * place in the field's list of preferences. Pure functions over values, so the same scores are
 * computed for every frame of a tab in the extension's own page.
 */

/** What the user sees next to a box counts more than what a developer named it. */
const weights: Record<Source, number> = {
  label: 1,
  aria: 1,
  item: 1,
  column: 0.95,
  nearby: 0.9,
  placeholder: 0.9,
  title: 0.8,
  name: 0.85,
  id: 0.85,
};

/** Below this a match is a guess, and a wrong fill is worse than none. */
export const MIN_SCORE = 0.45;
/** A box goes to a field only when no other field names it clearly better (by more than this). */
export const MARGIN = 0.1;
/** Each later word in a field's list scores this much less: the order of preference in words.ts. */
const RANK_STEP = 0.005;

const codeSources = new Set<Source>(['name', 'id']);

/** "请输入发票号码" → "发票号码": the prompt a placeholder starts with names nothing. */
export function withoutPrompt(text: string): string {
  let t = text.trim();
  for (const p of promptWords) {
    if (t.toLowerCase().startsWith(p)) {
      t = t.slice(p.length).trim();
      break;
    }
  }
  return t;
}

/** How well one descriptor text names one word, 0..1: 1 when equal, less the longer the text around it. */
export function matchScore(text: string, word: string): number {
  if (isAscii(word)) {
    // Latin words match whole words only: "to" must not match "total"
    const d = words(text);
    const s = words(word);
    if (s.length === 0 || d.length === 0) return 0;
    if (compact(text) === compact(word)) return 1;
    for (let i = 0; i + s.length <= d.length; i++) {
      if (s.every((w, j) => d[i + j] === w)) return 0.5 + 0.4 * (s.length / d.length);
    }
    return 0;
  }
  const d = compact(text);
  const s = compact(word);
  if (!s || !d) return 0;
  if (d === s) return 1;
  return d.includes(s) ? 0.5 + 0.4 * (s.length / d.length) : 0;
}

/** Whether a word of the table counts for a box, given the fields the boxes around it are for. */
function applies(w: Word, around: ReadonlySet<string> | undefined): string | undefined {
  if (typeof w === 'string') return w;
  // words that depend on the boxes around are not used until those are known
  if (!around) return undefined;
  if ('beside' in w) return w.beside.some((k) => around.has(k)) ? w.word : undefined;
  return w.unless.some((k) => around.has(k)) ? undefined : w.word;
}

/**
 * The best score of a field for a box over its words and the box's descriptors. `key` is the
 * field's entry in the table (tableKey); `label` (the field's own label in the UI) and the wire
 * name come last in the preferences. `around`: the fields the other boxes of the same row or form
 * are for; without it, words that depend on them are left out.
 */
export function fieldScore(key: string, label: string, descriptors: readonly Descriptor[], around?: ReadonlySet<string>): number {
  const fw = fieldWords[key];
  // the UI's label and the wire name come after every word of the table
  const last = Math.max(fw?.zh.length ?? 0, fw?.en?.length ?? 0, fw?.py?.length ?? 0);
  const lists: { list: readonly Word[]; codes: boolean; from: number }[] = [
    { list: fw?.zh ?? [], codes: false, from: 0 },
    { list: fw?.en ?? [], codes: false, from: 0 },
    { list: fw?.py ?? [], codes: true, from: 0 },
    { list: [label, key.slice(key.indexOf('.') + 1)], codes: false, from: last },
  ];
  const not = (fw?.not ?? []).map(compact);
  let best = 0;
  for (const d of descriptors) {
    const text = d.source === 'placeholder' ? withoutPrompt(d.text) : d.text;
    const folded = compact(text);
    if (!folded || not.some((n) => folded.includes(n))) continue;
    for (const { list, codes, from } of lists) {
      if (codes && !codeSources.has(d.source)) continue;
      list.forEach((w, i) => {
        const word = applies(w, around);
        if (!word) return;
        const s = weights[d.source] * matchScore(text, word) * (1 - RANK_STEP * (from + i));
        if (s > best) best = s;
      });
    }
  }
  return best;
}

/** The fields of the table a box names, with their scores: what the box is for, whatever the document. */
export function meanings(descriptors: readonly Descriptor[], around?: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const key of Object.keys(fieldWords)) {
    const s = fieldScore(key, '', descriptors, around);
    if (s >= MIN_SCORE) out.set(key, s);
  }
  return out;
}
