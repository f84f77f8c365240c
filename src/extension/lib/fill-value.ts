import { type Fillable, compact } from './field-match';

/*
 * Putting a recognized value into a form element so that the page notices: the value is adapted to
 * the element's type (date inputs want 2023-05-08, number inputs want 52.70) and `input` and
 * `change` events are fired, which React, Vue and plain listeners all observe.
 */

const cnDate = /(\d{4})\s*[年./-]\s*(\d{1,2})\s*[月./-]\s*(\d{1,2})\s*日?\s*(?:(\d{1,2}):(\d{2}))?/;
const compactDate = /^(\d{4})(\d{2})(\d{2})$/;

const pad = (n: string) => n.padStart(2, '0');

/** Year, month, day and optional time of "2023年05月08日", "2023-05-08 18:10" or "20230508". */
export function parseDate(value: string): { date: string; time?: string } | undefined {
  const m = cnDate.exec(value) ?? compactDate.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m;
  const date = `${y}-${pad(mo!)}-${pad(d!)}`;
  return h && mi ? { date, time: `${pad(h)}:${mi}` } : { date };
}

/** The value as the element's type accepts it, or undefined when it cannot take it. */
export function adaptValue(el: Fillable, value: string): string | undefined {
  if (el instanceof HTMLSelectElement) {
    const want = compact(value);
    const options = [...el.options];
    const hit =
      options.find((o) => compact(o.text) === want || compact(o.value) === want) ??
      options.find((o) => want !== '' && compact(o.text) !== '' && (compact(o.text).includes(want) || want.includes(compact(o.text))));
    return hit?.value;
  }
  const type = el instanceof HTMLInputElement ? (el.getAttribute('type') ?? 'text').toLowerCase() : 'text';
  switch (type) {
    case 'date':
      return parseDate(value)?.date;
    case 'month':
      return parseDate(value)?.date.slice(0, 7);
    case 'datetime-local': {
      const d = parseDate(value);
      return d ? `${d.date}T${d.time ?? '00:00'}` : undefined;
    }
    case 'time':
      return /(\d{1,2}):(\d{2})/.exec(value)?.slice(1).map(pad).join(':');
    case 'number': {
      const n = value.replace(/[,，¥￥\s元]/g, '');
      return /^-?\d+(\.\d+)?$/.test(n) ? n : undefined;
    }
    default:
      return value;
  }
}

/** Sets the value and fires the events a person typing would. False when the type refused it. */
export function applyValue(el: Fillable, value: string): boolean {
  const adapted = adaptValue(el, value);
  if (adapted === undefined) return false;
  el.focus?.();
  el.value = adapted;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}
