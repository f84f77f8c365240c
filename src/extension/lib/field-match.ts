import { synonyms } from './synonyms';

/*
 * Which input of a web form should receive which recognized field. Each fillable element is
 * described by the texts a person would read or a developer would write next to it (its label,
 * aria-label, placeholder, name, id, title, the text just before it), each with a weight; every
 * field is scored against every element through its Chinese and English synonyms; the best pairs
 * are taken greedily, one element per field and one field per element.
 */

export interface FieldToFill {
  key: string;
  label: string;
  value: string;
}

type Source = 'label' | 'aria' | 'placeholder' | 'name' | 'id' | 'title' | 'nearby';

/** How much a match through each source counts: what the user sees beats what the developer wrote. */
const weights: Record<Source, number> = { label: 1, aria: 1, placeholder: 0.9, name: 0.85, id: 0.85, title: 0.8, nearby: 0.7 };

/** Below this a match is a guess, and a wrong fill is worse than none. */
export const MIN_SCORE = 0.45;

export type Fillable = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const TEXT_TYPES = new Set(['', 'text', 'search', 'tel', 'email', 'url', 'number', 'date', 'datetime-local', 'time', 'month']);

/** Elements a value can be typed into: enabled, writable, not hidden inputs. Layout is not checked here. */
export function fillableElements(root: ParentNode): Fillable[] {
  return [...root.querySelectorAll<Fillable>('input, textarea, select')].filter((el) => {
    if (el.disabled) return false;
    if (el instanceof HTMLSelectElement) return true;
    if (el.readOnly) return false;
    return el instanceof HTMLTextAreaElement || TEXT_TYPES.has((el.getAttribute('type') ?? '').toLowerCase());
  });
}

/** Lower-case, full-width folded, no spaces or punctuation: "发票代码：" = "发票代码", "Invoice-No" = "invoiceno". */
export function compact(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** ASCII words, camelCase and snake_case split: "invoiceNo_2" → ["invoice", "no", "2"]. */
export function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

export interface Descriptor {
  source: Source;
  text: string;
}

function textOf(el: Element | null | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The texts that say what an element is for. */
export function describe(el: Fillable): Descriptor[] {
  const doc = el.ownerDocument;
  const out: Descriptor[] = [];
  const add = (source: Source, text: string | null | undefined) => {
    if (text && text.trim()) out.push({ source, text: text.trim() });
  };
  if (el.id) for (const l of doc.querySelectorAll(`label[for="${CSS.escape(el.id)}"]`)) add('label', textOf(l));
  const wrapping = el.closest('label');
  if (wrapping) add('label', textOf(wrapping));
  for (const id of (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) add('aria', textOf(doc.getElementById(id)));
  add('aria', el.getAttribute('aria-label'));
  add('placeholder', el.getAttribute('placeholder'));
  add('name', el.getAttribute('name'));
  add('id', el.id);
  add('title', el.getAttribute('title'));
  // tables and loose layouts: "<td>发票代码</td><td><input></td>" or "发票代码 <input>"
  const cell = el.closest('td, th, dd');
  const before = cell ? cell.previousElementSibling : el.previousElementSibling;
  const nearby = before ? textOf(before) : (el.previousSibling?.nodeType === 3 ? el.previousSibling.textContent : '') ?? '';
  if (nearby.length <= 30) add('nearby', nearby);
  return out;
}

/** How well one descriptor text names one synonym, 0..1. */
export function matchScore(descriptor: string, synonym: string): number {
  if (isAscii(synonym)) {
    // Latin words match whole words only: "to" must not match "total"
    const d = words(descriptor);
    const s = words(synonym);
    if (s.length === 0 || d.length === 0) return 0;
    if (compact(descriptor) === compact(synonym)) return 1;
    for (let i = 0; i + s.length <= d.length; i++) {
      if (s.every((w, j) => d[i + j] === w)) return 0.5 + 0.4 * (s.length / d.length);
    }
    return 0;
  }
  const d = compact(descriptor);
  const s = compact(synonym);
  if (!s || !d) return 0;
  if (d === s) return 1;
  return d.includes(s) ? 0.5 + 0.4 * (s.length / d.length) : 0;
}

/** The best score of a field for an element over all its synonyms and descriptors. */
export function scoreField(key: string, label: string, descriptors: Descriptor[]): number {
  const names = [...(synonyms[key] ?? []), label, key];
  let best = 0;
  for (const d of descriptors) {
    for (const name of names) best = Math.max(best, weights[d.source] * matchScore(d.text, name));
  }
  return best;
}

export interface FillPlan {
  assignments: { key: string; index: number; score: number }[];
  unmatched: string[];
}

/**
 * Pairs fields with elements (indexes into `elements`). Fields with an empty value are left out:
 * filling a blank would erase what the user typed.
 */
export function planFill(fields: FieldToFill[], elements: Fillable[]): FillPlan {
  const wanted = fields.filter((f) => f.value !== '');
  const descriptors = elements.map(describe);
  const pairs: { key: string; index: number; score: number }[] = [];
  for (const f of wanted) {
    descriptors.forEach((d, index) => {
      const score = scoreField(f.key, f.label, d);
      if (score >= MIN_SCORE) pairs.push({ key: f.key, index, score });
    });
  }
  // best first; on a tie the earlier element (document order) wins
  pairs.sort((a, b) => b.score - a.score || a.index - b.index);
  const usedKeys = new Set<string>();
  const usedElements = new Set<number>();
  const assignments: FillPlan['assignments'] = [];
  for (const p of pairs) {
    if (usedKeys.has(p.key) || usedElements.has(p.index)) continue;
    usedKeys.add(p.key);
    usedElements.add(p.index);
    assignments.push(p);
  }
  return { assignments, unmatched: wanted.filter((f) => !usedKeys.has(f.key)).map((f) => f.key) };
}
