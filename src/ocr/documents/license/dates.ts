/*
 * Dates as licences print them (`2015-06-18`, sometimes `2015年06月18日`), read back to the
 * YYYYMMDD of DESIGN.md §5. Digits the recogniser takes for letters are put back (O→0,
 * l→1...), separators it varies (一, —, ., /) accepted, and only real calendar days between
 * 1900 and 2099 kept.
 */

const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', l: '1', I: '1', i: '1', '|': '1', Z: '2', z: '2', S: '5', s: '5', B: '8', g: '9', q: '9' };
const SEPARATORS = /[一—－~_.,/、·。]/g;

/** Text with look-alike letters next to digits turned into digits, separators into '-'. */
export function digitsLike(text: string): string {
  const t = text.replace(SEPARATORS, '-');
  return [...t].map((c, i, a) => (DIGIT_LOOKALIKES[c] && (/\d/.test(a[i - 1] ?? '') || /\d/.test(a[i + 1] ?? '')) ? DIGIT_LOOKALIKES[c] : c)).join('');
}

export function isCalendarDay(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 2099 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const DATE = /((?:19|20)\d{2})\s*[-年]?\s*([01]\d)\s*[-月]?\s*([0-3]\d)日?/g;

/** Every date in the text, as YYYYMMDD, in order. */
export function datesIn(text: string): { date: string; end: number }[] {
  const out: { date: string; end: number }[] = [];
  for (const m of digitsLike(text).matchAll(DATE)) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (isCalendarDay(y, mo, d)) out.push({ date: `${m[1]}${m[2]}${m[3]}`, end: m.index! + m[0].length });
  }
  return out;
}

/**
 * The same day `years` later, as the licence's own new-layout cards print the end of a
 * validity (2015-06-18 + 6 years = 2021-06-18); 29 February lands on the 28th.
 */
export function addYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years, m = Number(date.slice(4, 6)), d = Number(date.slice(6, 8));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}${date.slice(4, 6)}${String(Math.min(d, last)).padStart(2, '0')}`;
}
