/*
 * Dates as documents print them (2023年05月08日, 2023年09月23日18:10, 2023-06-01, 20150601) and as
 * a box wants them: the format its placeholder shows (yyyy-MM-dd, YYYY/MM/DD, 年-月-日), the value
 * it holds, or the one the page's other dates use.
 */

export interface DateParts {
  y: string;
  m: string;
  d: string;
  /** HH:MM when the value has a time */
  time?: string;
}

const cnDate = /(\d{4})\s*[年./-]\s*(\d{1,2})\s*[月./-]\s*(\d{1,2})\s*日?\s*(?:(\d{1,2})[:：](\d{2}))?/;
const compactDate = /^(\d{4})(\d{2})(\d{2})$/;

const pad = (n: string) => n.padStart(2, '0');

export function parseDate(value: string): DateParts | undefined {
  const m = cnDate.exec(value) ?? compactDate.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return undefined;
  return { y: y!, m: pad(mo!), d: pad(d!), ...(h && mi ? { time: `${pad(h)}:${mi}` } : {}) };
}

/** How a page writes a date: separators, padding, and whether a time follows. */
export interface DateStyle {
  kind: 'sep' | 'cn' | 'compact';
  sep: string;
  pad: boolean;
  time: boolean;
}

export const isoStyle: DateStyle = { kind: 'sep', sep: '-', pad: true, time: false };

/**
 * The style a sample shows: a pattern (yyyy-MM-dd, YYYY/MM/DD HH:mm, yyyymmdd, 年-月-日) or a
 * date written in it (2019/05/08, 2019年5月8日). Undefined when the sample is neither.
 */
export function styleOf(sample: string): DateStyle | undefined {
  const s = sample.trim();
  const time = /(hh|HH)[:：]mm|\d{1,2}:\d{2}/.test(s);
  const pattern = /(?:yyyy|YYYY)([-/.年]?)(?:MM|mm|M)([-/.月]?)(?:dd|DD|d)/.exec(s);
  if (pattern) {
    if (pattern[1] === '年') return { kind: 'cn', sep: '', pad: true, time };
    if (!pattern[1]) return { kind: 'compact', sep: '', pad: true, time };
    return { kind: 'sep', sep: pattern[1]!, pad: true, time };
  }
  if (/年\s*-?\s*月\s*-?\s*日/.test(s) && !/\d/.test(s)) {
    // 年-月-日: a Chinese page's way of saying year-month-day with dashes
    return /年\s*-\s*月/.test(s) ? { ...isoStyle, time } : { kind: 'cn', sep: '', pad: true, time };
  }
  const written = /(\d{4})([-/.年])(\d{1,2})[-/.月](\d{1,2})/.exec(s);
  if (written) {
    const padded = written[3]!.length === 2;
    if (written[2] === '年') return { kind: 'cn', sep: '', pad: padded, time };
    return { kind: 'sep', sep: written[2]!, pad: padded, time };
  }
  if (/^\d{8}$/.test(s) && parseDate(s)) return { kind: 'compact', sep: '', pad: true, time: false };
  return undefined;
}

/** The style most of the samples show, or undefined when none shows one. */
export function commonStyle(samples: readonly string[]): DateStyle | undefined {
  const counts = new Map<string, { style: DateStyle; n: number }>();
  for (const s of samples) {
    const style = styleOf(s);
    if (!style) continue;
    const key = JSON.stringify(style);
    const c = counts.get(key) ?? { style, n: 0 };
    c.n++;
    counts.set(key, c);
  }
  return [...counts.values()].sort((a, b) => b.n - a.n)[0]?.style;
}

export function formatDate(p: DateParts, style: DateStyle): string {
  const m = style.pad ? p.m : String(Number(p.m));
  const d = style.pad ? p.d : String(Number(p.d));
  const date = style.kind === 'cn' ? `${p.y}年${m}月${d}日` : style.kind === 'compact' ? `${p.y}${p.m}${p.d}` : [p.y, m, d].join(style.sep);
  return style.time && p.time ? `${date} ${p.time}` : date;
}
