/*
 * The capital (大写) amount of 价税合计, as 《支付结算办法》 writes money in words:
 * 壹佰零叁圆伍角, 贰仟壹佰陆拾玖元整, 柒仟零壹拾捌圆捌角叁分, 壹拾万零伍佰圆整, (负数)伍角.
 * Grammar as data: digits, units within a section, section units, currency, fractions.
 * Amounts are integer cents so that comparisons with the figures are exact.
 */

const DIGITS: Record<string, number> = { 零: 0, 壹: 1, 贰: 2, 叁: 3, 肆: 4, 伍: 5, 陆: 6, 柒: 7, 捌: 8, 玖: 9 };
/** units inside a section of four digits */
const UNITS: Record<string, number> = { 拾: 10, 佰: 100, 仟: 1000 };
/** section multipliers, largest first */
const SECTIONS: Record<string, number> = { 亿: 100_000_000, 万: 10_000 };
const CURRENCY = ['圆', '元'];
/** cents per fraction unit */
const FRACTIONS: Record<string, number> = { 角: 10, 分: 1 };
const WHOLE = ['整', '正'];
const NEGATIVE = '负';
/** the capital of each digit, by its value (DIGITS' keys are in value order) */
const DIGIT_NAMES = Object.keys(DIGITS);

/**
 * Characters OCR reads in place of a capital-amount character (OCR-NOTES.md: 叁→参, 佰→伯,
 * and what the bench showed). Each wrong form never occurs in a capital amount itself, so
 * the mapping is safe inside the amount and nowhere else.
 */
export const CAPITAL_CONFUSIONS: Record<string, string> = {
  参: '叁', 叄: '叁', 伯: '佰', 百: '佰', 园: '圆', 圓: '圆', 任: '仟', 仠: '仟', 什: '仟', 千: '仟',
  恰: '拾', 抬: '拾', 十: '拾', 染: '柒', 柴: '柒', 别: '捌', 玫: '玖', 壶: '壹', 查: '壹', 武: '贰',
  贡: '贰', 陸: '陆', 伝: '伍', 雾: '零', 雪: '零', 萬: '万', 億: '亿',
  // 陆's 阝 kept and its right half misread, in a VAT invoice's small print on a sheet (seeds 1 and 2)
  际: '陆', 阳: '陆',
};

export const CAPITAL_CHARS = new Set([
  ...Object.keys(DIGITS), ...Object.keys(UNITS), ...Object.keys(SECTIONS), ...CURRENCY, ...Object.keys(FRACTIONS), ...WHOLE, NEGATIVE,
]);

/**
 * The longest run of capital-amount characters in `text`, OCR confusions mapped back, with
 * where it stands (string indices); other characters (⊗, labels) end a run.
 */
export function capitalRun(text: string): { run: string; start: number; end: number } {
  let best = { run: '', start: 0, end: 0 };
  let run = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const fixed = CAPITAL_CONFUSIONS[text[i]!] ?? text[i]!;
    if (!CAPITAL_CHARS.has(fixed)) {
      run = '';
      start = i + 1;
      continue;
    }
    run += fixed;
    if (run.length > best.run.length) best = { run, start, end: i + 1 };
  }
  return best;
}

/** Integer part of a section (below 万): 壹仟零壹拾捌 → 1018. Null when the grammar breaks. */
function parseSection(s: string): number | null {
  let total = 0;
  let digit: number | null = null;
  let lastUnit = Infinity;
  for (const c of s) {
    if (c in DIGITS) {
      if (digit !== null && digit !== 0 && DIGITS[c] !== 0) return null; // two digits without a unit
      digit = DIGITS[c]!;
    } else if (c in UNITS) {
      const unit = UNITS[c]!;
      if (unit >= lastUnit) return null;
      // 拾 alone at the start means 壹拾 in some printers
      total += (digit ?? (unit === 10 && total === 0 ? 1 : NaN)) * unit;
      if (Number.isNaN(total)) return null;
      lastUnit = unit;
      digit = null;
    } else return null;
  }
  return total + (digit ?? 0);
}

function parseInteger(s: string): number | null {
  let rest = s;
  let total = 0;
  for (const [mark, value] of Object.entries(SECTIONS)) {
    const at = rest.indexOf(mark);
    if (at < 0) continue;
    const head = parseSection(rest.slice(0, at));
    if (head === null || at === 0) return null;
    total += head * value;
    rest = rest.slice(at + 1);
  }
  const tail = rest === '' ? 0 : parseSection(rest);
  return tail === null ? null : total + tail;
}

/** 壹佰零叁圆伍角 → 10350 (cents); null when it is not a well-formed capital amount. */
export function capitalToCents(text: string): number | null {
  let s = text.replace(/[\s(（)）数]/g, '');
  let sign = 1;
  if (s.startsWith(NEGATIVE)) {
    sign = -1;
    s = s.slice(1);
  }
  for (const end of WHOLE) if (s.endsWith(end)) s = s.slice(0, -1);
  if (![...s].some((c) => c in DIGITS)) return null;
  const currencyAt = Math.max(...CURRENCY.map((c) => s.lastIndexOf(c)));
  const integerPart = currencyAt >= 0 ? s.slice(0, currencyAt) : '';
  let fraction = currencyAt >= 0 ? s.slice(currencyAt + 1) : s;
  if (currencyAt < 0 && !Object.keys(FRACTIONS).some((f) => fraction.includes(f))) return null;
  const integer = integerPart === '' ? 0 : parseInteger(integerPart);
  if (integer === null) return null;
  let cents = 0;
  fraction = fraction.replace(/^零/, '');
  const pattern = new RegExp(`^(?:([${Object.keys(DIGITS).join('')}])([${Object.keys(FRACTIONS).join('')}]))`);
  let lastUnit = Infinity;
  while (fraction !== '') {
    const m = pattern.exec(fraction);
    if (!m) return null;
    const unit = FRACTIONS[m[2]!]!;
    if (unit >= lastUnit) return null;
    cents += DIGITS[m[1]!]! * unit;
    lastUnit = unit;
    fraction = fraction.slice(m[0].length).replace(/^零/, '');
  }
  return sign * (integer * 100 + cents);
}

/**
 * The smallest unit (cents) a capital amount states: one read without its 整 and ending at 角 or
 * 圆 may have lost what followed (壹万陆仟柒佰叁拾陆圆叁角 for …叁角捌分 at a line's end).
 */
export function capitalUnit(text: string): number {
  const s = text.replace(/[\s(（)）]/g, '');
  if (WHOLE.some((end) => s.endsWith(end))) return 1;
  return s.endsWith('角') ? FRACTIONS['角']! : CURRENCY.some((c) => s.endsWith(c)) ? 100 : 1;
}

/** A character of an amount in capitals, with the place (power of ten of cents) of the digit it writes. */
interface Written {
  char: string;
  /** 0 for 分, 1 for 角, 2 for 圆's units…; only on digits (零 too: the first zero of its run) */
  place?: number;
}

/** Four digits or fewer in capitals, zeros inside as one 零, trailing zeros left out: 1018 → 壹仟零壹拾捌. `low`: the place of its units. */
function sectionWritten(n: number, low: number): Written[] {
  const units = ['仟', '佰', '拾', ''];
  const out: Written[] = [];
  let zero: number | undefined;
  String(n).padStart(4, '0').split('').forEach((c, i) => {
    const place = low + 3 - i;
    if (c === '0') {
      if (out.length > 0 && zero === undefined) zero = place;
      return;
    }
    if (zero !== undefined) out.push({ char: '零', place: zero });
    zero = undefined;
    out.push({ char: DIGIT_NAMES[Number(c)]!, place });
    if (units[i]) out.push({ char: units[i]! });
  });
  return out;
}

/** Cents written in capitals, character by character (centsToCapital). */
function capitalWritten(cents: number): Written[] {
  const abs = Math.abs(cents), integer = Math.floor(abs / 100), jiao = Math.floor(abs / 10) % 10, fen = abs % 10;
  const out: Written[] = cents < 0 ? [{ char: NEGATIVE }] : [];
  const sections = [Math.floor(integer / 100_000_000), Math.floor(integer / 10_000) % 10_000, integer % 10_000];
  ['亿', '万', ''].forEach((mark, i) => {
    const n = sections[i]!, low = 2 + 4 * (2 - i);
    // a lower section under 1000 after a higher one starts with 零 (壹拾万零伍佰)
    if (out.some((w) => w.place !== undefined) && n > 0 && n < 1000) out.push({ char: '零', place: low + 3 });
    if (n > 0) out.push(...sectionWritten(n, low), ...(mark ? [{ char: mark }] : []));
  });
  if (integer > 0) out.push({ char: '圆' });
  if (jiao === 0 && fen === 0) return [...out, { char: '整' }];
  if (jiao > 0) out.push({ char: DIGIT_NAMES[jiao]!, place: 1 }, { char: '角' });
  else if (integer > 0) out.push({ char: '零', place: 1 });
  return fen > 0 ? [...out, { char: DIGIT_NAMES[fen]!, place: 0 }, { char: '分' }] : out;
}

/**
 * Cents written as the invoice prints them in capitals (《支付结算办法》): 10350 → 壹佰零叁圆伍角,
 * 1000050000 → 壹拾万零伍佰圆整; 圆 for 元, 壹拾 for a leading 拾, 整 only after 圆.
 */
export const centsToCapital = (cents: number): string => capitalWritten(cents).map((w) => w.char).join('');

/** A capital amount read in part as the writing above prints it (元 for 圆, 整 after 角 left out). */
const asWritten = (text: string) => text.replace(/[\s(（)）]/g, '').replace(/^负数/, '负').replace(/元/g, '圆').replace(/正$/, '整').replace(/角整$/, '角');

/**
 * Whether a capital amount read in part (its line's start or end lost: 捌万壹仟陆佰贰, 角捌分) says
 * `cents` against `other`: it is a piece of `cents` written in capitals, not of `other`, and
 * writes each digit in which the two differ (陆佰叁拾伍圆伍角陆分 says nothing of the thousands
 * of 16635.56 against 17535.56, where they differ too). With no other amount (not read), a piece
 * that states two digits or more: one digit alone (陆佰) stands in too many amounts.
 */
export function capitalPieceSays(text: string, cents: number, other: number | null): boolean {
  const piece = asWritten(text);
  if ([...piece].filter((c) => c in DIGITS).length < 2) return false;
  const written = capitalWritten(cents);
  const at = written.map((w) => w.char).join('').indexOf(piece);
  if (at < 0) return false;
  if (other === null) return true;
  if (centsToCapital(other).includes(piece) || Math.sign(other) !== Math.sign(cents)) return false;
  const stated = new Set(written.slice(at, at + piece.length).flatMap((w) => (w.place === undefined ? [] : [w.place])));
  const [a, b] = [Math.abs(cents), Math.abs(other)].map((c) => String(c).split('').reverse());
  for (let place = 0; place < Math.max(a!.length, b!.length); place++) {
    if ((a![place] ?? '0') !== (b![place] ?? '0') && !stated.has(place)) return false;
  }
  return true;
}

/** "103.50" / "-14.16" → integer cents; null for anything else. */
export function figureToCents(text: string): number | null {
  const m = /^(-)?(\d+)\.(\d{2})$/.exec(text);
  if (!m) return null;
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}

export function centsToFigure(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
