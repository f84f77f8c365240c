import { type DateStyle, commonStyle, formatDate, isoStyle, parseDate, styleOf } from './dates';
import type { Descriptor, ScannedInput } from './scan-schema';
import { compact } from './text';
import { type FieldWords, type ValueKind, fieldWords, optionMeanings } from './words';

/*
 * The value in the shape a box wants: an amount without ¥ or separators, a date in the box's
 * format, the last six digits where the label says 后六位 or the box holds only six, the option of
 * a select whose text says the same thing. A value the box cannot take is refused with the reason,
 * never cut or bent into something else.
 */

/** What the box is, as far as shaping goes: a scanned input, or an element described on the spot. */
export type BoxFacts = Pick<ScannedInput, 'tag' | 'type' | 'value' | 'placeholder' | 'maxLength' | 'numeric' | 'options' | 'descriptors'>;

export type Shaped =
  | { ok: true; value: string; /** what was done, for the user */ note?: ShapeNote }
  | { ok: false; reason: 'too_long' | 'no_option' | 'not_a_number' | 'not_a_date' };

export type ShapeNote = { kind: 'last'; n: number } | { kind: 'first'; n: number } | { kind: 'option'; text: string } | { kind: 'date' } | { kind: 'number' };

const digitWords: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
const amountJunk = /[,，¥￥\s元圆]|RMB|CNY/gi;

/** "后六位", "后6位", "last 6": the part of the value a label asks for. */
export function partAsked(descriptors: readonly Descriptor[]): { from: 'last' | 'first'; n: number } | undefined {
  for (const d of descriptors) {
    const cn = /([后前末])\s*([0-9]+|[一二两三四五六七八九十])\s*位/.exec(d.text);
    if (cn) return { from: cn[1] === '前' ? 'first' : 'last', n: Number(cn[2]) || digitWords[cn[2]!]! };
    const en = /\b(last|first)\s*(\d+)\b/i.exec(d.text);
    if (en) return { from: en[1]!.toLowerCase() === 'first' ? 'first' : 'last', n: Number(en[2]) };
  }
  return undefined;
}

export function kindOf(key: string, fw: FieldWords | undefined = fieldWords[key]): ValueKind {
  return fw?.kind ?? 'text';
}

function shapeDate(value: string, box: BoxFacts, pageDates: readonly string[]): Shaped {
  const p = parseDate(value);
  // 长期 (a licence valid for life) stays as it is in a text box; a date picker cannot take it
  if (!p) return ['date', 'month', 'datetime-local'].includes(box.type) ? { ok: false, reason: 'not_a_date' } : { ok: true, value };
  switch (box.type) {
    case 'date':
      return { ok: true, value: `${p.y}-${p.m}-${p.d}` };
    case 'month':
      return { ok: true, value: `${p.y}-${p.m}` };
    case 'datetime-local':
      return { ok: true, value: `${p.y}-${p.m}-${p.d}T${p.time ?? '00:00'}` };
    default: {
      // the box's own placeholder or value first, then how the page writes its other dates
      const style: DateStyle = styleOf(box.placeholder) ?? styleOf(box.value) ?? commonStyle(pageDates) ?? isoStyle;
      const out = formatDate(p, style);
      return { ok: true, value: out, ...(out !== value ? { note: { kind: 'date' as const } } : {}) };
    }
  }
}

function shapeAmount(value: string): string {
  const n = value.replace(amountJunk, '');
  return /^-?\d+(\.\d+)?$/.test(n) ? n : value;
}

/** The meanings of optionMeanings a text carries. */
function meaningsOf(text: string): Set<number> {
  const c = compact(text);
  return new Set(optionMeanings.flatMap((group, i) => (group.some((w) => c.includes(compact(w))) ? [i] : [])));
}

/** The option a value stands for: same text or value, one inside the other, or the same meanings. */
export function pickOption(options: readonly { value: string; text: string }[], value: string): { value: string; text: string } | undefined {
  const want = compact(value);
  if (!want) return undefined;
  const real = options.filter((o) => compact(o.text) !== '' || compact(o.value) !== '');
  const exact = real.find((o) => compact(o.text) === want || compact(o.value) === want);
  if (exact) return exact;
  const inside = real.filter((o) => {
    const t = compact(o.text);
    return t !== '' && (t.includes(want) || want.includes(t));
  });
  if (inside.length === 1) return inside[0];
  // 电子发票（普通发票） → 普票: every meaning of the option is one of the value's
  const mine = meaningsOf(value);
  if (mine.size === 0) return undefined;
  const scored = (inside.length > 1 ? inside : real)
    .map((o) => {
      const theirs = meaningsOf(o.text);
      const shared = [...theirs].filter((m) => mine.has(m)).length;
      return { o, ok: theirs.size > 0 && shared === theirs.size, shared };
    })
    .filter((s) => s.ok)
    .sort((a, b) => b.shared - a.shared);
  if (scored.length === 0 || (scored.length > 1 && scored[0]!.shared === scored[1]!.shared)) return undefined;
  return scored[0]!.o;
}

/** The value for the box, shaped by what the field is and what the box accepts. */
export function shapeValue(key: string, value: string, box: BoxFacts, pageDates: readonly string[] = []): Shaped {
  if (box.tag === 'select') {
    const o = pickOption(box.options ?? [], value);
    return o ? { ok: true, value: o.value, note: { kind: 'option', text: o.text } } : { ok: false, reason: 'no_option' };
  }
  const kind = kindOf(key);
  let out = value.trim();
  let note: ShapeNote | undefined;
  if (box.type === 'time') {
    // a time box takes the (first) time of the value: 18:10 of 2023年09月23日18:10, 10:05 of 10:05-10:32
    const t = /(\d{1,2})[:：](\d{2})/.exec(out);
    return t ? { ok: true, value: `${t[1]!.padStart(2, '0')}:${t[2]}` } : { ok: false, reason: 'not_a_date' };
  }
  if (kind === 'date' || ['date', 'month', 'datetime-local'].includes(box.type)) {
    const d = shapeDate(out, box, pageDates);
    if (!d.ok) return d;
    out = d.value;
    note = d.note;
  } else if (kind === 'amount' || box.numeric || box.type === 'number') {
    const n = shapeAmount(out);
    if (n !== out) note = { kind: 'number' };
    out = n;
    if ((box.numeric || box.type === 'number') && !/^-?\d+(\.\d+)?$/.test(out)) return { ok: false, reason: 'not_a_number' };
  } else if (kind === 'code') {
    out = out.replace(/\s+/g, '');
  }
  const part = partAsked(box.descriptors);
  if (part && part.n < out.length) {
    out = part.from === 'last' ? out.slice(-part.n) : out.slice(0, part.n);
    note = { kind: part.from, n: part.n };
  }
  if (box.maxLength !== undefined && out.length > box.maxLength) {
    if (fieldWords[key]?.short !== 'last') return { ok: false, reason: 'too_long' };
    out = out.slice(-box.maxLength);
    note = { kind: 'last', n: box.maxLength };
  }
  return { ok: true, value: out, ...(note ? { note } : {}) };
}
