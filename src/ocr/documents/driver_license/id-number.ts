import { isCalendarDay } from '../license/dates';

/*
 * The licence number is the holder's citizen ID number (GB 11643-1999): a 6-digit area code
 * (first two digits a province, GB/T 2260), the birth date YYYYMMDD, a 3-digit order (odd
 * for men, even for women) and a check character, ISO 7064 MOD 11-2 over the first 17,
 * 10 written X. A read that fails the check is repaired only toward a number that passes
 * it, changing one doubtful digit for one the recogniser also considered (or its look-alike).
 */

const WEIGHTS = Array.from({ length: 17 }, (_, i) => 2 ** (17 - i) % 11);

export function idCheckCharacter(first17: string): string | undefined {
  if (!/^\d{17}$/.test(first17)) return undefined;
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * WEIGHTS[i]!, 0);
  return '10X98765432'[sum % 11];
}

/** Province-level codes of GB/T 2260 (and 71, 81–83 for Taiwan, Hong Kong, Macao, residence permits). */
const PROVINCES = new Set([11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83]);

/** Every part of the number is plausible: province, a real birth date, the check character. */
export function isValidIdNumber(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id) || !PROVINCES.has(Number(id.slice(0, 2)))) return false;
  if (!isCalendarDay(Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
  return idCheckCharacter(id.slice(0, 17)) === id[17];
}

/** 男 for an odd order digit (17th character), 女 for an even one. */
export const genderOf = (id: string): '男' | '女' => (Number(id[16]) % 2 === 1 ? '男' : '女');

const LOOKALIKE: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', U: '0', l: '1', I: '1', i: '1', '|': '1', L: '1', Z: '2', z: '2', S: '5', s: '5', B: '8', b: '6', G: '6', T: '7', q: '9', g: '9', x: 'X', '×': 'X', K: 'X' };
const asIdChar = (c: string) => (/[\dX]/.test(c) ? c : LOOKALIKE[c]);

export interface IdChar {
  char: string;
  p: number;
  alternatives: { char: string; p: number }[];
}

/**
 * The ID number in a read value: 18 characters once separators and spaces are gone, look-
 * alike letters as digits. Valid as read, or after the single most probable change among
 * the recogniser's alternatives; otherwise the read as it is, with `valid` false.
 */
export function chooseIdNumber(chars: IdChar[]): { id: string; valid: boolean } | undefined {
  const kept = chars.map((c) => ({ ...c, id: asIdChar(c.char) })).filter((c): c is IdChar & { id: string } => c.id !== undefined);
  if (kept.length !== 18) return undefined;
  const base = kept.map((c) => c.id);
  if (isValidIdNumber(base.join(''))) return { id: base.join(''), valid: true };
  let best: { id: string; score: number } | undefined;
  kept.forEach((c, i) => {
    const offered = c.alternatives.map((a) => ({ char: asIdChar(a.char), p: a.p })).filter((a) => a.char && a.char !== base[i] && a.p >= 0.005);
    for (const a of offered) {
      if (a.char === 'X' && i !== 17) continue;
      const id = base.map((b, k) => (k === i ? a.char! : b)).join('');
      const score = Math.log(a.p) - Math.log(Math.max(c.p, 1e-6));
      if (isValidIdNumber(id) && (!best || score > best.score)) best = { id, score };
    }
  });
  return best ? { id: best.id, valid: true } : { id: base.join(''), valid: false };
}
