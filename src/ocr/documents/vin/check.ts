/*
 * Vehicle identification numbers (ISO 3779, GB 16735): 17 characters of digits and the
 * letters without I, O and Q; position 9 is a check digit: each character's value
 * (digits themselves, letters by the standard's transliteration table) times the
 * position weight, summed, modulo 11, 10 written X. Position 10 is the model year, the
 * last four characters are digits.
 */

export const VIN_CHARS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

/** ISO 3779 Annex transliteration: A–H 1–8, J–N 1–5, P 7, R 9, S–Z 2–9. */
const VALUE: Record<string, number> = {};
for (const d of '0123456789') VALUE[d] = Number(d);
[...'ABCDEFGH'].forEach((c, i) => (VALUE[c] = i + 1));
[...'JKLMN'].forEach((c, i) => (VALUE[c] = i + 1));
VALUE.P = 7;
VALUE.R = 9;
[...'STUVWXYZ'].forEach((c, i) => (VALUE[c] = i + 2));

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check character position 9 should hold, or undefined for a malformed string. */
export function checkDigit(vin: string): string | undefined {
  if (vin.length !== 17) return undefined;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = VALUE[vin[i]!];
    if (v === undefined) return undefined;
    sum += v * WEIGHTS[i]!;
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/**
 * Shaped as a VIN (GB 16735 §4: position 10 a model-year code, never 0, U or Z; the last four
 * characters digits), whatever its check digit.
 */
export function wellFormed(vin: string): boolean {
  return /^[0-9A-HJ-NPR-Z]{9}[1-9A-HJ-NPR-TV-Y][0-9A-HJ-NPR-Z]{3}\d{4}$/.test(vin);
}

/** Well formed and the check digit right. */
export function isValidVin(vin: string): boolean {
  return wellFormed(vin) && checkDigit(vin) === vin[8];
}

/**
 * Characters the recogniser takes for one another on VINs (OCR-NOTES.md: U read as 0),
 * both ways. I, O and Q never occur, so they always become 1, 0, 0.
 */
const CONFUSIONS: [string, string][] = [
  ['0', 'D'], ['0', 'U'], ['8', 'B'], ['5', 'S'], ['1', '7'], ['2', 'Z'], ['6', 'G'], ['1', 'L'], ['1', 'T'],
  ['4', 'A'], ['3', '8'], ['V', 'Y'], ['U', 'V'], ['M', 'N'], ['K', 'X'], ['C', 'G'], ['E', 'F'], ['H', 'N'], ['P', 'R'],
];
export const LOOKALIKES = new Map<string, string[]>();
for (const [a, b] of CONFUSIONS) {
  LOOKALIKES.set(a, [...(LOOKALIKES.get(a) ?? []), b]);
  LOOKALIKES.set(b, [...(LOOKALIKES.get(b) ?? []), a]);
}
export const NEVER: Record<string, string> = { I: '1', O: '0', Q: '0' };

/** One read position: what the recogniser chose and what it also considered. */
export interface VinChar {
  char: string;
  p: number;
  alternatives: { char: string; p: number }[];
}

export interface VinChoice {
  vin: string;
  /** mean probability of the chosen characters */
  confidence: number;
  /** positions changed from the recogniser's first choice */
  changed: number;
  /** log of the probability ratio of the changes (0 when nothing changed; more negative, less likely) */
  cost: number;
  valid: boolean;
  /**
   * How much likelier (log ratio) this reading is than the next reading that also passes the
   * check digit; Infinity when none is in reach. Look-alikes of equal check value (L and C,
   * V and 5, U and D: ISO 3779 gives them the same number) pass the check either way, so a
   * small margin means the check digit did not decide.
   */
  margin: number;
}

/** probability credited to a look-alike the recogniser did not offer */
const LOOKALIKE_P = 0.05;
/** below this probability a character is open to change */
const DOUBTFUL = 0.9;

/** Options per position, best first: offered alternatives, then look-alikes. */
function options(c: VinChar, position: number): { char: string; p: number }[] {
  const first = NEVER[c.char] ?? c.char;
  const out = new Map<string, number>();
  const add = (ch: string, p: number) => {
    const k = NEVER[ch] ?? ch;
    if (!VIN_CHARS.includes(k)) return;
    out.set(k, Math.max(out.get(k) ?? 0, p));
  };
  add(first, c.p);
  // a sure character changes only to what the recogniser itself offered; a doubtful one
  // also to its look-alikes
  const doubtful = c.p < DOUBTFUL;
  for (const a of c.alternatives) if (a.p >= (doubtful ? 0.005 : 0.02)) add(a.char.toUpperCase(), a.p);
  if (doubtful) for (const l of LOOKALIKES.get(first) ?? []) add(l, Math.min(LOOKALIKE_P, c.p * LOOKALIKE_P));
  // positions 14–17 are digits (ISO 3779 §5.4.3): a letter there is its look-alike digit
  if (position >= 13 && !/\d/.test(first)) {
    const digit = [...out.keys()].find((k) => /\d/.test(k));
    if (digit) out.set(digit, Math.max(out.get(digit)!, c.p * 0.5));
  }
  return [...out.entries()].map(([char, p]) => ({ char, p })).sort((a, b) => b.p - a.p);
}

/**
 * The most probable string that passes the check digit, changing at most two doubtful
 * positions (each change costs its probability ratio, so a confident character is only
 * changed when nothing else validates), and how far ahead of the next valid string it is.
 * The check digit accepts one random string in eleven, which is why changes are few and
 * ranked by probability, never free.
 */
export function chooseVin(chars: VinChar[]): VinChoice {
  const opts = chars.map((c, i) => options(c, i));
  const base = opts.map((o) => o[0]!);
  const baseVin = base.map((o) => o.char).join('');
  const mean = (picked: { p: number }[]) => picked.reduce((s, o) => s + o.p, 0) / picked.length;
  const changedFromRead = (vin: string) => [...vin].filter((ch, i) => ch !== (NEVER[chars[i]!.char] ?? chars[i]!.char)).length;

  // every valid string in reach: the read itself, one change anywhere, two among the doubtful
  type Found = { vin: string; score: number; picked: { char: string; p: number }[]; changes: number };
  const found = new Map<string, Found>();
  const consider = (picked: { char: string; p: number }[], changes: number) => {
    const vin = picked.map((o) => o.char).join('');
    if (found.has(vin) || !isValidVin(vin)) return;
    const score = picked.reduce((s, o, i) => s + Math.log(Math.max(1e-6, o.p)) - Math.log(Math.max(1e-6, base[i]!.p)), 0);
    found.set(vin, { vin, score, picked, changes });
  };
  consider(base, 0);
  for (let i = 0; i < 17; i++) {
    for (const o of opts[i]!.slice(1)) consider(base.map((b, k) => (k === i ? o : b)), 1);
  }
  const doubtful = base.map((b, i) => (b.p < DOUBTFUL ? i : -1)).filter((i) => i >= 0);
  for (const i of doubtful) {
    for (const j of doubtful) {
      if (j <= i) continue;
      for (const oi of opts[i]!.slice(1)) {
        for (const oj of opts[j]!.slice(1)) consider(base.map((b, k) => (k === i ? oi : k === j ? oj : b)), 2);
      }
    }
  }
  // fewest changes first, then the likeliest; the runner-up is the likeliest of the rest
  const ranked = [...found.values()].sort((a, b) => Math.min(a.changes, 1) - Math.min(b.changes, 1) || b.score - a.score);
  const best = ranked[0];
  const next = ranked.slice(1).sort((a, b) => b.score - a.score)[0];
  if (!best) return { vin: baseVin, confidence: mean(base), changed: changedFromRead(baseVin), cost: 0, valid: false, margin: 0 };
  const margin = next ? best.score - next.score : Infinity;
  return { vin: best.vin, confidence: mean(best.picked), changed: changedFromRead(best.vin), cost: best.score, valid: true, margin };
}
