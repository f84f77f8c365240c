/*
 * Taxpayer ids. Since 2015 a company's id is its 18-character unified social credit code
 * (GB 32100-2015): registering authority, entity type, 6-digit region code, 9-character
 * organisation code, check character over an alphabet without I, O, S, V, Z. Older ids are
 * 15 digits (region + organisation code) or 17–20 characters; those carry no check we know.
 */

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Letters outside the code's alphabet are always a misreading of one inside it. */
const OUTSIDE: Record<string, string> = { I: '1', O: '0', S: '5', Z: '2', V: 'Y' };
/** Region code positions (3–8) hold digits only. */
const LETTER_AS_DIGIT: Record<string, string> = { D: '0', Q: '0', U: '0', B: '8', G: '6', T: '7', L: '1', A: '4' };

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
  return code.length === 18 && uscCheckChar(code.slice(0, 17)) === code[17];
}

export interface TaxpayerId {
  value: string;
  /** false when an 18-character id fails its check and no single misreading explains it */
  valid: boolean;
}

/**
 * What was read, cleaned (spaces and punctuation out, upper case). In an 18-character id,
 * letters the code never uses (I, O, S, V, Z) and letters in the region code (positions 3–8,
 * digits only) are misreadings with one answer, so they are mapped back. Nothing else is
 * changed: one substitution among look-alikes (8/B, 0/D, 1/7) that happens to pass the check
 * would be a guess (about one in 31 wrong codes passes by chance), so such an id is kept as
 * read and reported invalid.
 */
export function readTaxpayerId(raw: string): TaxpayerId {
  const cleaned = raw.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (cleaned.length !== 18) return { value: cleaned, valid: cleaned === '' || (cleaned.length >= 15 && cleaned.length <= 20) };
  const chars = [...cleaned].map((c) => OUTSIDE[c] ?? c);
  for (let i = 2; i < 8; i++) chars[i] = LETTER_AS_DIGIT[chars[i]!] ?? chars[i]!;
  const value = chars.join('');
  return { value, valid: isValidUsc(value) };
}
