import { TOTALS } from './labels';
import type { Item as PageItem, Page } from './page';
import { type Item, money } from './reading';
import { compact } from './values';

/*
 * The goods/service lines (Data.Items) by the table's column heads: 货物或应税劳务、服务名称 (or
 * 项目名称), 规格型号, 单位, 数量, 单价, 金额, 税率 (税率/征收率), 税额; any other head (车牌号 on a
 * toll invoice) is a column whose words belong to no field. Each word of a row goes to its
 * column (columnOf). A row with an amount starts a line; a row without one continues it (a name
 * or spec wrapped onto the next row).
 */

const COLUMNS = {
  Name: /^(?:货物或应税劳务|项目名称|服务名称)/,
  Spec: /^(?:规格型号|型号)$/,
  Unit: /^单位$/,
  Quantity: /^数量$/,
  UnitPrice: /^单价/,
  Amount: /^金额$/,
  TaxRate: /^(?:税率|征收率|税率[/／]征收率)$/,
  Tax: /^税额$/,
} as const;
/** Heads of other columns (车牌号, 通行日期起 on toll invoices): their words belong to no field. */
type Column = keyof typeof COLUMNS | 'Other';

const RATE = /^(?:\d{1,2}(?:\.\d+)?%|免税|不征税|出口零税|\*{3})$/;
const MONEY = /^[¥￥]?-?\d[\d,]*\.\d{2}$/;

interface Head {
  column: Column;
  x0: number;
  x1: number;
}

const sameRow = (a: PageItem, b: PageItem, slack = 0.6) => Math.abs(a.cy - b.cy) < slack * Math.max(a.h, b.h);

const KNOWN = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];

/**
 * The heads on the name head's row; a head printed spread out may be split into one item a
 * character ("金", "额"). Every other item of the row heads a column of its own.
 */
function heads(page: Page, name: PageItem): Head[] {
  const row = page.items.filter((it) => sameRow(it, name)).sort((a, b) => a.x0 - b.x0);
  const found: Head[] = [];
  for (let i = 0; i < row.length; i++) {
    let matched = false;
    for (let span = 1; span <= 3 && i + span <= row.length && !matched; span++) {
      const group = row.slice(i, i + span);
      if (span > 1 && group.some((it) => it.text.replace(/\s/g, '').length > 2)) break;
      const text = group.map((it) => it.text).join('').replace(/\s/g, '');
      const column = KNOWN.find((c) => COLUMNS[c].test(text) && !found.some((h) => h.column === c));
      if (!column) continue;
      found.push({ column, x0: group[0]!.x0, x1: group[group.length - 1]!.x1 });
      i += span - 1;
      matched = true;
    }
    if (!matched) found.push({ column: 'Other', x0: row[i]!.x0, x1: row[i]!.x1 });
  }
  return found;
}

interface Word {
  text: string;
  x0: number;
  x1: number;
}

/**
 * Where a run without spaces holds two cells OCR read as one (an amount and the rate beside it,
 * "3352.509%"; an amount and the tax, "4939.02444.51"; a rate and the tax, "9%301.73"): the
 * offsets that cut it, only when every part is an amount or a rate (a unit price of many
 * decimals, "13.2743362832", stays whole).
 */
export function gluedCells(text: string): number[] {
  const cell = (t: string) => MONEY.test(t) || RATE.test(t);
  if (cell(text)) return [];
  const cuts = [...text.matchAll(/\.\d{2}|%/g)].map((m) => m.index + m[0].length).filter((at) => at < text.length);
  for (const at of cuts) {
    if (!cell(text.slice(0, at))) continue;
    const rest = gluedCells(text.slice(at));
    if (cell(text.slice(at)) || rest.length) return [at, ...rest.map((r) => r + at)];
  }
  return [];
}

/** An item's words (runs without spaces, and the cells glued inside one) with where each stands. */
function words(page: Page, item: PageItem): Word[] {
  const out: Word[] = [];
  for (const m of item.text.matchAll(/\S+/g)) {
    const bounds = [0, ...gluedCells(m[0]), m[0].length];
    for (let i = 0; i + 1 < bounds.length; i++) {
      const start = m.index + bounds[i]!, end = m.index + bounds[i + 1]!;
      const { x0, x1 } = page.pieceX({ item, start, end });
      out.push({ text: item.text.slice(start, end), x0, x1 });
    }
  }
  return out;
}

interface Span {
  column: Column;
  left: number;
  right: number;
  /** the head's centre and the next head's left edge, where a right-aligned number ends */
  centre: number;
  border: number;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * The column of a word. Text goes where it overlaps most. A number goes to the column whose head
 * it is centred under or whose right border it ends at (amounts are right-aligned on paper
 * invoices, centred on others), a rate to the rate column, an amount never to the name or rate.
 */
function columnOf(word: Word, spans: Span[]): Column | undefined {
  const hasRate = spans.some((t) => t.column === 'TaxRate');
  if (RATE.test(word.text) && hasRate) return 'TaxRate';
  const money = MONEY.test(word.text), number = NUMBER.test(word.text);
  if (money || number) {
    const allowed = spans.filter((s) => s.column !== 'TaxRate' && s.column !== 'Name' && (!money || (s.column !== 'Spec' && s.column !== 'Unit')));
    const cx = (word.x0 + word.x1) / 2;
    const cost = (s: Span) => Math.min(Math.abs(cx - s.centre), Math.abs(word.x1 - s.border));
    return allowed.sort((a, b) => cost(a) - cost(b))[0]?.column;
  }
  let best: Column | undefined, overlap = -Infinity;
  for (const s of spans) {
    const o = Math.min(word.x1, s.right) - Math.max(word.x0, s.left);
    if (o > overlap) [best, overlap] = [s.column, o];
  }
  return best;
}

/**
 * A goods name as printed since 2018 starts with its tax category between stars (*纸制品*笔记本).
 * A name with one star after a short category (纸制品*笔记本) lost its first star to OCR: that
 * misreading has one answer.
 */
export const categoryStar = (name: string) => (/^[\u4e00-\u9fff]{2,10}\*[^*]+$/.test(name) ? `*${name}` : name);

/** The VAT rates and levy rates (征收率) invoices have printed since 1994. */
const RATES = [0, 1, 1.5, 3, 5, 6, 9, 10, 11, 13, 16, 17];

/**
 * A rate OCR misread into one no invoice prints (53% for 3%, %6 for 9% read upside down): the one
 * rate whose tax on the line's amount is the line's tax, to the cent. A rate as printed, or a line
 * whose arithmetic fits no rate or several, stays as read.
 */
export function checkedRate(item: Item): string {
  const read = /^(\d{1,2}(?:\.\d+)?)%$/.exec(item.TaxRate);
  if ((read && RATES.includes(Number(read[1]))) || /^(?:免税|不征税|出口零税|\*{3})$/.test(item.TaxRate)) return item.TaxRate;
  const amount = Number(item.Amount), tax = Number(item.Tax);
  if (!item.Amount || !item.Tax || !Number.isFinite(amount) || !Number.isFinite(tax) || amount === 0) return item.TaxRate;
  const fits = RATES.filter((r) => Math.abs(Math.round(amount * r) / 100 - tax) <= 0.01);
  return fits.length === 1 ? `${fits[0]}%` : item.TaxRate;
}

const emptyItem = (): Item => ({ Name: '', Spec: '', Unit: '', Quantity: '', UnitPrice: '', Amount: '', TaxRate: '', Tax: '' });

export function readItems(page: Page): Item[] {
  const nameHead = page.items.find((it) => /货物或应税劳务|项目名称|服务名称/.test(it.text.replace(/\s/g, '')));
  if (!nameHead) return [];
  const found = heads(page, nameHead);
  if (!found.some((h) => h.column === 'Amount')) return [];
  found.sort((a, b) => a.x0 - b.x0);
  const spans: Span[] = found.map((h, i) => ({
    column: h.column,
    left: i === 0 ? -Infinity : (found[i - 1]!.x1 + h.x0) / 2,
    right: i === found.length - 1 ? Infinity : (h.x1 + found[i + 1]!.x0) / 2,
    centre: (h.x0 + h.x1) / 2,
    border: i === found.length - 1 ? Infinity : found[i + 1]!.x0,
  }));
  const headBottom = Math.max(...page.items.filter((it) => sameRow(it, nameHead)).map((it) => it.y1));
  const stop = page.items
    .filter((it) => it.cy > headBottom && (TOTALS.sum.test(it.text.replace(/\s/g, '')) || TOTALS.sumHead.test(it.text.trim()) || TOTALS.grand.test(it.text)))
    .reduce((m, it) => Math.min(m, it.y0), Infinity);
  const body = page.within({ left: -Infinity, right: Infinity, top: headBottom, bottom: stop }).filter((it) => it.cy > headBottom && it.cy < stop);
  // rows, top to bottom
  const rows: PageItem[][] = [];
  for (const it of body) {
    const row = rows.find((r) => sameRow(r[0]!, it, 0.5));
    if (row) row.push(it);
    else rows.push([it]);
  }
  const items: Item[] = [];
  for (const row of rows.sort((a, b) => a[0]!.cy - b[0]!.cy)) {
    const cells: Partial<Record<Column, string[]>> = {};
    for (const word of row.flatMap((it) => words(page, it)).sort((a, b) => a.x0 - b.x0)) {
      const column = columnOf(word, spans);
      if (column) (cells[column] ??= []).push(word.text);
    }
    const amount = money([...(cells.Amount ?? [])].reverse().find((w) => MONEY.test(w)) ?? '');
    delete cells.Other;
    const line = amount ? emptyItem() : items[items.length - 1];
    if (!line) continue; // text above the first line (a note under the heads) is no item
    if (amount) items.push(line);
    for (const [column, texts] of Object.entries(cells) as [Column, string[]][]) {
      const value = compact(texts.join(' '));
      if (!amount) {
        if (column === 'Name' || column === 'Spec') line[column] += value;
        continue;
      }
      line[column as keyof Item] = column === 'Amount' ? amount : column === 'Tax' ? money(value) || value : value;
    }
  }
  for (const item of items) {
    item.Name = categoryStar(item.Name);
    item.TaxRate = checkedRate(item);
  }
  return items;
}
