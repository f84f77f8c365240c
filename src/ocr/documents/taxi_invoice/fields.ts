import type { taxiKeys } from '../../../protocol/points/2582-21';
import { editDistance } from '../../text';

/*
 * What a taxi invoice prints, as data. City formats differ in title and order but share
 * the labels of the meter's print-out (车号 证号 日期 上车 下车 单价 里程 等候 金额 ...),
 * either pre-printed beside the dot-matrix values (Shenzhen, Guangzhou) or printed by the
 * meter on the same line (Beijing, Shanghai). Each field has a validator that also
 * normalises; a reading that does not validate is not a value (never invented).
 */

export type TaxiKey = (typeof taxiKeys)[number];

/** The field a label announces; `start`/`end` are the two halves of Time. */
export type Field = Exclude<TaxiKey, 'Time'> | 'start' | 'end';

/**
 * Label words; the first that starts a line wins. Labels of fields without a key of their
 * own (Other) carry their own check, so that a stamp's tax number is not taken for 电召费.
 */
export const LABELS: { re: RegExp; field: Field; check?: (text: string) => string }[] = [
  // 发 is sometimes read 定 or lost under the title's stamp
  { re: /^.?票代码/, field: 'InvoiceCode' },
  { re: /^.?票号码/, field: 'InvoiceNo' },
  { re: /^(?:车号|车牌号?)/, field: 'PlateNumber' },
  { re: /^(?:乘车日期|日期)/, field: 'Date' },
  { re: /^(?:上车时间|上车|起始时间)/, field: 'start' },
  // dot-matrix 下 loses its dot and comes back 十 or 卞; 十车 is no other label
  { re: /^(?:下车时间|下车|终止时间|[十卞]车)/, field: 'end' },
  // …or is lost: 车 alone or right before a clock is 下车 (车号 has 号; a lost 上 is sorted
  // out by position, invoice.ts)
  { re: /^车(?=$|\d{1,2}[:：;；]?\d{2}$)/, field: 'end' },
  { re: /^单价/, field: 'UnitPrice' },
  { re: /^(?:里程|公里数)/, field: 'Mileage' },
  { re: /^(?:等候时间|等候|等时|低速等候)/, field: 'WaitingTime' },
  { re: /^(?:实收金额|金额|实收|合计)/, field: 'Amount' },
  { re: /^(?:另收附加费|燃油附加费|附加费|燃油费)/, field: 'Surcharge' },
  { re: /^(?:另收电召费|电召费|卡余额)/, field: 'Other', check: (t) => money(t) },
  { re: /^(?:证号|卡号)/, field: 'Other', check: (t) => (/^[A-Z0-9]{5,20}$/.test(t) ? t : '') },
  { re: /^(?:监督电话|投诉电话|电话)/, field: 'Other', check: (t) => (/^[\d-]{5,14}$/.test(t) ? t : '') },
  { re: /^(?:状态|车型)/, field: 'Other', check: (t) => t },
];

/** Separator between a label and its value on one line. */
export const SEPARATOR = /^\s*[:：;；.。,，]?\s*/;

const two = (v: string | number) => String(v).padStart(2, '0');

/** ¥ read as Y/羊/半/第/#, 元 as 夫/无/兀: none of them is part of a number. */
const CURRENCY_NOISE = /[¥￥Y羊半第#*元夫兀无圆]/g;

function money(text: string): string {
  const compact = text.replace(/\s+/g, '');
  const marked = /^[¥￥Y羊半第#*]|[元夫兀圆]$/.test(compact);
  // the decimal point of dot-matrix print is read as , 。 or a colon
  let t = compact.replace(CURRENCY_NOISE, '').replace(/[,，。:：]/g, '.');
  // a meter prints two decimals and then 元: a third is the 元 read as a digit (47.506 for 47.50元,
  // a sheet of eight, seed 7), as no fare is printed to the thousandth
  t = t.replace(/^(\d{1,5}\.\d{2})\d$/, '$1');
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(t)) return '';
  if (!t.includes('.')) {
    // a meter prints two decimals; with ¥ or 元 around it a lost point shows as 3800 for 38.00
    if (!marked || t.length < 3) return '';
    t = `${t.slice(0, -2)}.${t.slice(-2)}`;
  }
  const value = Number(t);
  return Number.isFinite(value) && value < 100_000 ? value.toFixed(2) : '';
}

function clock(text: string, withSeconds: boolean): string {
  const t = text.replace(/\s+/g, '').replace(/[：;；.。,，'"]/g, ':');
  const m = withSeconds ? /^(\d{1,2}):?(\d{2}):?(\d{2})$/.exec(t) : /^(\d{1,2}):?(\d{2})$/.exec(t);
  if (!m) return '';
  let hours = Number(m[1]);
  // dot-matrix 0 is read as 8 (OCR-NOTES confusions): only where the 8 makes the hour impossible
  if (hours > 23 && m[1]!.startsWith('8')) hours = Number(`0${m[1]!.slice(1)}`);
  if (hours > 23 || Number(m[2]) > 59 || (m[3] !== undefined && Number(m[3]) > 59)) return '';
  return withSeconds ? `${two(hours)}:${m[2]}:${m[3]}` : `${two(hours)}:${m[2]}`;
}

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const PLATE = new RegExp(`^[${PROVINCES}]?[A-Z][A-HJ-NP-Z0-9]{4,6}$`);
/**
 * Dot-matrix digits read where the plate's authority letter stands: meters print the car
 * number without its province (Shenzhen's BB88365 for 粤B·B88365), so the first character
 * must be a letter, and its dots read as a digit are the letter they look like.
 */
const LETTER_FOR: Record<string, string> = { '8': 'B', '0': 'D', '5': 'S', '2': 'Z', '6': 'G' };

function plateRead(text: string, guessLetter: boolean): string {
  // the meter may print 粤B·AZ303 or B-AZ303; plates never hold I or O (GA 36)
  const t = text.toUpperCase().replace(/[\s·•.\-—_]/g, '');
  // '' is in every string: a text of separators alone (a dot read as ·) has no province
  const province = t !== '' && PROVINCES.includes(t[0]!) ? t[0]! : '';
  const rest = t.slice(province.length);
  const guess = guessLetter && LETTER_FOR[rest[0] ?? ''] && /[A-Z]/.test(rest.slice(1));
  const letter = guess ? LETTER_FOR[rest[0]!]! : rest.slice(0, 1);
  const fixed = province + letter + rest.slice(1, 2) + rest.slice(2).replace(/O/g, '0').replace(/I/g, '1');
  return PLATE.test(fixed) && /\d/.test(fixed) ? fixed : '';
}

const plate = (text: string) => plateRead(text, true);

/**
 * Whether a field's value holds a guess rather than a reading: a car number whose authority
 * letter was named after the digit its dots read as. Dot-matrix A reads 8 as well as B does,
 * so such a value must not keep a clearer look at the print (the blurred re-read) from
 * deciding: it is taken only when no look reads the letter itself.
 */
export function guessed(field: Field, text: string): boolean {
  return field === 'PlateNumber' && plate(text) !== '' && plateRead(text, false) === '';
}

/**
 * A car number standing alone (its label lost or printed apart): plate-shaped, with a
 * letter and at least four digits, so that no code, phone or amount passes for one.
 */
export function loosePlate(text: string): string {
  const value = plate(text);
  return value.length >= 6 && /[A-Z]/.test(text.toUpperCase()) && (value.match(/\d/g)?.length ?? 0) >= 4 ? value : '';
}

/**
 * `2024年01月02日` or `2024-01-02`. Dot-matrix 年/月/日 are often read as digits or other
 * signs, so a reading of the printed length is taken slot by slot: four digits, a sign, two
 * digits, a sign, two digits, an optional sign; a month or day that starts with an
 * impossible 8 was a 0 (dot-matrix confusion), and only a valid date is accepted.
 */
function date(text: string): string {
  const t = text.replace(/\s+/g, '');
  const strict = /^(20\d{2})[年\-./](\d{1,2})[月\-./](\d{1,2})日?$/.exec(t);
  const slots = strict ? null : /^(20\d{2})\D?(\d{2})\D?(\d{2})(?:.)?$/.exec(t) ?? /^(20\d{2}).(\d{2}).(\d{2}).?$/.exec(t);
  const m = strict ?? slots;
  if (!m) return '';
  const fix = (v: string, max: number) => (Number(v) > max && v.startsWith('8') ? Number(`0${v.slice(1)}`) : Number(v));
  const month = fix(m[2]!, 12), day = fix(m[3]!, 31);
  if (month < 1 || month > 12 || day < 1 || day > 31) return '';
  return `${m[1]}年${two(month)}月${two(day)}日`;
}

function digits(text: string, lengths: number[]): string {
  const t = text.replace(/[\s:：]/g, '');
  return /^\d+$/.test(t) && lengths.includes(t.length) ? t : '';
}

/** Each field's validator: the normalised value, or '' when the text is not one. */
export const VALIDATORS: Record<Field, (text: string) => string> = {
  InvoiceCode: (t) => digits(t, [12, 10]),
  InvoiceNo: (t) => digits(t, [8]),
  PlateNumber: plate,
  Date: date,
  start: (t) => clock(t, false),
  end: (t) => clock(t, false),
  UnitPrice: (t) => money(t),
  // meters print the distance with decimals; digits alone are a reading that lost its point
  Mileage: (t) => /^(\d{1,4}\.\d{1,3})(?:KM|K|公里)?$/i.exec(t.replace(/\s+/g, '').replace(/[,，。]/g, '.'))?.[1] ?? '',
  WaitingTime: (t) => clock(t, true) || clock(t, false),
  Amount: money,
  Surcharge: money,
  Other: (t) => t.trim(),
};

export interface Labelled {
  field: Field;
  /** what follows the label on the same line */
  rest: string;
  /** the value's validator: the field's, or the label's own for Other */
  check: (text: string) => string;
}

/**
 * Long labels the meter prints in dot-matrix Chinese come back with a character or two
 * misread or lost (然油附加麦, 油附加费 for 燃油附加费): taken when one label is clearly nearest
 * (edit distance). A lone character of only one two-character label is that label, the rest cut
 * off or lost by the detector: its second half (程 of 里程, 额 of 金额) or its first (金 of 金额,
 * its 额 lost: on the photo of 8 taxi invoices, where the receipt's amount was then read only by
 * reading its whole crop again), alone or with a value of its field read onto it (额30.50元, its
 * 金 read apart as 金谷 on a desk photo). 日 (also a date's last character), 上, 下 and 车 are no such half.
 */
const FUZZY: [string, Field][] = [
  ['另收附加费', 'Surcharge'], ['燃油附加费', 'Surcharge'], ['另收电召费', 'Other'], ['等候时间', 'WaitingTime'],
  ['上车时间', 'start'], ['下车时间', 'end'], ['乘车日期', 'Date'], ['实收金额', 'Amount'],
];
const HALVES: Record<string, Field> = {
  期: 'Date', 价: 'UnitPrice', 程: 'Mileage', 候: 'WaitingTime', 额: 'Amount',
  单: 'UnitPrice', 里: 'Mileage', 等: 'WaitingTime', 金: 'Amount',
};

function fuzzyLabel(compact: string): Labelled | null {
  // the label's own check (Other labels carry one), found by the word it stands for
  const labelled = (word: string, field: Field, rest: string): Labelled => {
    const entry = LABELS.find((l) => l.re.test(word));
    return { field, rest: rest.replace(SEPARATOR, ''), check: entry?.check ?? VALIDATORS[field] };
  };
  // the half alone, or with its value read onto it (额30.50元: 金 read apart as 金谷, a receipt turned a quarter on a desk)
  const [, half, value = ''] = /^(.)[:：]?(.*)$/.exec(compact) ?? [];
  if (half && HALVES[half] && (value === '' || VALIDATORS[HALVES[half]](value))) return labelled(half, HALVES[half], value);
  const near = FUZZY.flatMap(([word, field]) =>
    [word.length, word.length - 1, word.length + 1]
      .map((cut) => ({ word, field, rest: compact.slice(cut), d: editDistance(word, compact.slice(0, cut)) }))
      .filter((c) => c.d <= (word.length >= 5 ? 2 : 1)),
  );
  if (near.length === 0) return null;
  const d = Math.min(...near.map((c) => c.d));
  const best = near.filter((c) => c.d === d);
  if (new Set(best.map((c) => c.field)).size > 1) return null;
  // where the label ends: the cut after which the rest is a value, else the word's own length
  const fits = best.map((c) => labelled(c.word, c.field, c.rest)).find((l) => l.rest && l.check(l.rest));
  return fits ?? labelled(best[0]!.word, best[0]!.field, best[0]!.rest);
}

export function labelOf(compact: string): Labelled | null {
  const fuzzy = () => fuzzyLabel(compact);
  for (const { re, field, check } of LABELS) {
    const m = re.exec(compact);
    if (!m) continue;
    const exact: Labelled = { field, rest: compact.slice(m[0].length).replace(SEPARATOR, ''), check: check ?? VALIDATORS[field] };
    // 等候 + 时闻00:18:18: the longer label, misread, explains the rest better
    if (exact.rest && !exact.check(exact.rest)) {
      const longer = fuzzy();
      if (longer?.field === field && longer.check(longer.rest)) return longer;
    }
    return exact;
  }
  return fuzzy();
}

/** Lines that mark the top of an invoice: its code/number header or its title. */
export const HEADER = /票代码|票号码|出租.{0,4}发票/;
