import type { plateTypes } from '../../../protocol/points/2582-20';
import type { PlateColour } from './colour';

/*
 * Chinese plate numbers (GA 36-2018) as data: each template is a sequence of character
 * sets, one per position, with the plate type and background colour it belongs to.
 * Reading a plate = choosing, per template, the most probable character of each set among
 * what the recogniser offered (its alternatives), and keeping the template that fits best.
 * Nothing outside these templates is ever returned, so repairs only lead to valid plates.
 */

export type PlateType = (typeof plateTypes)[number];

export const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Plate letters: the Latin alphabet without I and O (they would read as 1 and 0). */
export const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
export const DIGITS = '0123456789';
const ALNUM = LETTERS + DIGITS;
/** New-energy marks: D A B C E pure electric, F G H J K other (GA 36-2018 and its 2022 extension). */
const NEW_ENERGY = 'DABCEFGHJK';

export interface Template {
  name: string;
  type: PlateType;
  /** background colours this template is issued on */
  colours: PlateColour[];
  positions: string[];
}

const ordinary = [PROVINCES, LETTERS, ALNUM, ALNUM, ALNUM, ALNUM, ALNUM];
const withSuffix = (suffix: string) => [PROVINCES, LETTERS, ALNUM, ALNUM, ALNUM, ALNUM, suffix];

export const TEMPLATES: Template[] = [
  { name: 'blue', type: '小型汽车', colours: ['blue'], positions: ordinary },
  { name: 'yellow', type: '大型汽车', colours: ['yellow'], positions: ordinary },
  { name: 'new-energy small', type: '新能源车', colours: ['green'], positions: [PROVINCES, LETTERS, NEW_ENERGY, ALNUM, DIGITS, DIGITS, DIGITS, DIGITS] },
  // yellow-green: a clearly yellow plate (no green measured) is not one, see parsePlate
  { name: 'new-energy large', type: '新能源车', colours: ['green'], positions: [PROVINCES, LETTERS, DIGITS, DIGITS, DIGITS, DIGITS, DIGITS, NEW_ENERGY] },
  { name: 'police', type: '警车', colours: ['white'], positions: withSuffix('警') },
  { name: 'coach', type: '教练车', colours: ['yellow'], positions: withSuffix('学') },
  { name: 'trailer', type: '挂车', colours: ['yellow'], positions: withSuffix('挂') },
  { name: 'hong kong / macao', type: '港澳车', colours: ['black'], positions: withSuffix('港澳') },
  { name: 'consulate', type: '使领馆车', colours: ['black'], positions: withSuffix('领') },
  { name: 'embassy', type: '使领馆车', colours: ['black'], positions: ['使', DIGITS, DIGITS, DIGITS, DIGITS, DIGITS, DIGITS] },
  // 2012-style military plates: two letters (the first red) and five digits on white
  { name: 'military', type: '军车', colours: ['white'], positions: [LETTERS, LETTERS, DIGITS, DIGITS, DIGITS, DIGITS, DIGITS] },
];

/**
 * Look-alikes the recogniser confuses on plates, used only when none of its own
 * alternatives fits a position; each pair both ways.
 */
const CONFUSIONS: [string, string][] = [
  ['0', 'D'], ['0', 'Q'], ['0', 'O'], ['0', 'U'], ['1', 'I'], ['1', 'T'], ['8', 'B'], ['2', 'Z'],
  ['5', 'S'], ['6', 'G'], ['4', 'A'], ['7', 'T'], ['D', 'O'], ['E', '三'], ['D', '口'], ['0', '口'],
];
const LOOKALIKE = new Map<string, string[]>();
for (const [a, b] of CONFUSIONS) {
  LOOKALIKE.set(a, [...(LOOKALIKE.get(a) ?? []), b]);
  LOOKALIKE.set(b, [...(LOOKALIKE.get(b) ?? []), a]);
}
/** probability credited to a look-alike substitution the recogniser did not offer */
const LOOKALIKE_P = 0.3;
/**
 * How sure a repaired character is when the recogniser saw its look-alike clearly: an O where
 * only digits may stand is a 0, a 口 where a letter must stand is a D. The glyph was read; the
 * grammar only names it. Provinces are never repaired this surely (a clear non-province
 * character says nothing about which province it was).
 */
const LOOKALIKE_SURE = 0.95;

/** One read character with what the recogniser also considered (best first). */
export interface ReadChar {
  char: string;
  p: number;
  alternatives: { char: string; p: number }[];
}

export interface PlateReading {
  number: string;
  template: Template;
  /** mean probability of the chosen characters */
  confidence: number;
  /** how sure the least sure character is: a number is no surer than that */
  weakest: number;
  /** how many characters were not the recogniser's first choice */
  repaired: number;
}

/** Separators and frame marks that are never part of the number (the middle dot above all). */
const NOISE = /[·•・.。,，:：\-_—~'"“”‘’`|/\\()（）[\]【】\s]/u;

export function cleanChars(chars: ReadChar[]): ReadChar[] {
  return chars
    .filter((c) => !NOISE.test(c.char))
    .map((c) => ({ ...c, char: c.char.toUpperCase() }));
}

interface Picked {
  char: string;
  /** the recogniser's probability (or a look-alike's credit): what readings are ranked by */
  p: number;
  /** how sure the character is: what the plate's Confidence reports */
  sure: number;
  repaired: boolean;
}

function pick(c: ReadChar, allowed: string): Picked | undefined {
  if (allowed.includes(c.char)) return { char: c.char, p: c.p, sure: c.p, repaired: false };
  const named = (char: string) => (LOOKALIKE.get(c.char)?.includes(char) && allowed !== PROVINCES ? LOOKALIKE_SURE * c.p : undefined);
  const offered = c.alternatives.find((a) => allowed.includes(a.char.toUpperCase()) && a.p >= 0.01);
  if (offered) {
    const char = offered.char.toUpperCase();
    return { char, p: offered.p, sure: named(char) ?? offered.p, repaired: true };
  }
  const lookalike = LOOKALIKE.get(c.char)?.find((l) => allowed.includes(l));
  return lookalike ? { char: lookalike, p: LOOKALIKE_P * c.p, sure: named(lookalike) ?? LOOKALIKE_P * c.p, repaired: true } : undefined;
}

function fit(chars: ReadChar[], template: Template): PlateReading | undefined {
  if (chars.length !== template.positions.length) return undefined;
  let number = '', sum = 0, repaired = 0, weakest = 1;
  for (let i = 0; i < chars.length; i++) {
    const chosen = pick(chars[i]!, template.positions[i]!);
    if (!chosen) return undefined;
    number += chosen.char;
    sum += chosen.p;
    weakest = Math.min(weakest, chosen.sure);
    if (chosen.repaired) repaired++;
  }
  return { number, template, confidence: sum / chars.length, weakest, repaired };
}

const marked = (t: Template) => t.positions.some((set) => /^[警学挂港澳使领]+$/.test(set));

/** A plate colour measured this surely decides which templates may read the plate. */
const DECISIVE = 0.6;

/**
 * Readings with one character fewer, for a plate whose colour says seven characters where
 * eight were read: a screw, a frame mark or a smear read as a character at either end.
 */
function withoutExtra(chars: ReadChar[]): ReadChar[][] {
  if (chars.length !== 8) return [];
  const weakest = chars.reduce((w, c, i) => (c.p < chars[w]!.p ? i : w), 0);
  return [...new Set([0, 7, weakest])].map((drop) => chars.filter((_, i) => i !== drop));
}

/**
 * The best valid plate among alternative readings of one plate, or undefined. The colour,
 * when measured surely, decides the type and so the length: a blue plate reads only as an
 * ordinary plate, a yellow one never as a new-energy or military plate, a green one only
 * as new-energy, marked plates (警 学 挂...) aside (so a province misread as a Latin letter cannot make a blue plate
 * military, and a yellow plate's stray eighth character cannot make it new-energy). Among
 * the templates left, one issued on the observed colour wins over one that is not; then
 * fewer repairs, then confidence. At most two characters may be repaired (a dropped
 * character counts as one): more is guessing, not reading.
 */
export function parsePlate(readings: ReadChar[][], colour: PlateColour | undefined, certainty = 0): PlateReading | undefined {
  let best: { reading: PlateReading; score: number } | undefined;
  const decisive = certainty >= DECISIVE && (colour === 'blue' || colour === 'yellow' || colour === 'green') ? colour : undefined;
  // a plate with its own mark (警 学 挂 港 澳 使 领) says what it is whatever the light did to its colour
  const allowed = (t: Template) => !decisive || t.colours.includes(decisive) || marked(t);
  const consider = (chars: ReadChar[], dropped: number) => {
    for (const template of TEMPLATES) {
      if (!allowed(template)) continue;
      const fitted = fit(chars, template);
      if (!fitted) continue;
      const reading = { ...fitted, repaired: fitted.repaired + dropped };
      if (reading.repaired > 2) continue;
      const colourFits = colour !== undefined && template.colours.includes(colour);
      const score = reading.confidence - 0.15 * reading.repaired + (colourFits ? 0.2 : 0);
      if (!best || score > best.score) best = { reading, score };
    }
  };
  for (const raw of readings) {
    const chars = cleanChars(raw);
    consider(chars, 0);
    if (decisive === 'blue' || decisive === 'yellow') for (const shorter of withoutExtra(chars)) consider(shorter, 1);
  }
  return best?.reading;
}

/** Characters of a string as certain reads (for text that came without alternatives). */
export function certain(text: string): ReadChar[] {
  return [...text].map((char) => ({ char, p: 1, alternatives: [] }));
}

/** The red character a white or black plate carries at one end (colour.ts redMarks). */
const RED_MARK: Record<string, string> = { 'white:right': '警', 'black:right': '领', 'black:left': '使' };
/** a red character at that end of a plate of that colour can be nothing else */
const RED_MARK_P = 0.9;

/**
 * Readings with the red character in place, for when the recogniser dropped it or read a
 * smear: on a white plate a red last character can only be 警, on a black one 领, and a red
 * first character on a black plate 使. The variants still have to fit a template.
 */
export function redMarkVariants(chars: ReadChar[], colour: PlateColour, at: 'left' | 'right' | 'none'): ReadChar[][] {
  const mark = RED_MARK[`${colour}:${at}`];
  if (!mark) return [];
  const c: ReadChar = { char: mark, p: RED_MARK_P, alternatives: [] };
  const clean = cleanChars(chars);
  return at === 'right' ? [[...clean, c], [...clean.slice(0, -1), c]] : [[c, ...clean], [c, ...clean.slice(1)]];
}
