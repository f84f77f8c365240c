import { capitalRun, figureToCents } from './capital';
import { MONEY, TOTALS } from './labels';
import { type Item, type Page, type Piece, pieceText } from './page';
import { EMPTY, type Value, firstHit } from './values';

/*
 * The money of an invoice: the 合计 row (amount before tax under 金额, tax under 税额) and the
 * 价税合计 row (the total in capital characters after its label, in figures after 小写).
 */

export interface Totals {
  withoutTax: Value;
  tax: Value;
  capital: Value;
  total: Value;
}

/** The money token inside a piece, narrowed to its digits (¥ and spaces out). */
function money(piece: Piece, pattern = MONEY): Value | null {
  const text = pieceText(piece);
  const m = pattern.exec(text);
  if (!m) return null;
  const start = piece.start + m.index + m[0].indexOf(m[1]!);
  return { text: m[1]!.replace(/,/g, ''), pieces: [{ item: piece.item, start, end: start + m[1]!.length }] };
}

/** Letters small print reads for a 0 among figures (`129447.8D` for 129447.80). */
const ZERO_LIKE = /[ODo]/g;
/** A money token with such letters among its figures (a digit first). */
const LOOSE_MONEY = /(?:[¥￥Y羊]\s*)?(-?\d[\dODo]{0,11}\.[\dODo]{2})(?![\dODo])/;

/**
 * The total in figures read with a letter for a 0, as the 合计 row's amount plus tax say it:
 * the letter has that one answer only when the sum bears it out; otherwise it is no total (and
 * the figures after the letter, `2.20` of `1O2.20`, stay what was read).
 */
function totalAsSummed(loose: Value, withoutTax: Value, tax: Value): Value {
  const without = figureToCents(withoutTax.text), taxed = figureToCents(tax.text);
  const text = loose.text.replace(ZERO_LIKE, '0');
  return without !== null && taxed !== null && loose.text !== '' && figureToCents(text) === without + taxed ? { ...loose, text } : EMPTY;
}

const sameRow = (a: Item, b: Item, slack = 0.7) => Math.abs(a.cy - b.cy) < slack * Math.max(a.h, b.h);

/** Items on the label's row right of the label, and the rest of the label's own line. */
function rowAfter(page: Page, label: Piece): Piece[] {
  const own: Piece = { item: label.item, start: label.end, end: label.item.text.length };
  return [own, ...page.rightOf(label, 0.7).map((item) => ({ item, start: 0, end: item.text.length }))];
}

/**
 * Where the 价税合计 row's values start: after its label, or, when small print lost the label
 * and its （大写） (a VAT invoice pasted on a sheet, read at 15 px: 伍万柒仟肆佰肆拾玖圆伍角贰分
 * and （小写）￥57449.52 read, no label), at the first item of the row of its （小写）, printed
 * on that row only: the capital amount stands left of （小写）, the figures after it.
 */
function grandStart(page: Page): Piece | undefined {
  const label = firstHit(page, TOTALS.grand);
  if (label) return label;
  const small = firstHit(page, TOTALS.figures);
  if (!small) return undefined;
  const first = page.items.filter((it) => sameRow(it, small.item)).sort((a, b) => a.x0 - b.x0)[0]!;
  return { item: first, start: 0, end: 0 };
}

function readGrand(page: Page): { capital: Value; total: Value; loose: Value; row?: Item } {
  const label = grandStart(page);
  if (!label) return { capital: EMPTY, total: EMPTY, loose: EMPTY };
  let capital: Value = EMPTY;
  let total: Value = EMPTY;
  let loose: Value = EMPTY;
  let afterSmall = false;
  for (const piece of rowAfter(page, label)) {
    const text = pieceText(piece);
    const small = TOTALS.figures.exec(text);
    const before: Piece = small ? { ...piece, end: piece.start + small.index } : piece;
    const { run, start, end } = capitalRun(pieceText(before));
    if (!afterSmall && run.length >= 2 && run.length > capital.text.length) {
      capital = { text: run, pieces: [{ item: before.item, start: before.start + start, end: before.start + end }] };
    }
    if (small) afterSmall = true;
    const after: Piece = small ? { ...piece, start: piece.start + small.index + small[0].length } : piece;
    if ((afterSmall || !small) && total === EMPTY) total = money(after) ?? EMPTY;
    if ((afterSmall || !small) && loose === EMPTY) loose = money(after, LOOSE_MONEY) ?? EMPTY;
  }
  return { capital, total, loose, row: label.item };
}

/** The 合计 row: an item "合计", or "合" with "计" on its row; never the 价税合计 row. */
function sumRow(page: Page): Item | undefined {
  const whole = page.items.find((it) => TOTALS.sum.test(it.text.replace(/\s/g, '')));
  if (whole) return whole;
  const heads = page.items.filter((it) => TOTALS.sumHead.test(it.text.trim()));
  return heads.find((h) => page.items.some((t) => TOTALS.sumTail.test(t.text.trim()) && sameRow(h, t, 0.5) && t.x0 > h.x1));
}

function readSum(page: Page, grandRow: Item | undefined): { withoutTax: Value; tax: Value } {
  let row = sumRow(page);
  let amounts: Value[] = [];
  const moneyIn = (items: Item[]) => items.map((item) => money({ item, start: 0, end: item.text.length })).filter((v): v is Value => v !== null);
  if (row) {
    const label = row;
    amounts = moneyIn(page.items.filter((it) => it !== label && it.x0 > label.x1 && sameRow(it, label)));
  }
  if (amounts.length === 0 && grandRow) {
    // no 合计 label read: the ¥ amounts on the nearest row above 价税合计
    const above = page.items.filter((it) => it.cy < grandRow.y0 && /[¥￥Y羊]\s*-?\d/.test(it.text) && MONEY.test(it.text));
    const lowest = above.sort((a, b) => b.cy - a.cy)[0];
    if (lowest) amounts = moneyIn(above.filter((it) => sameRow(it, lowest)));
    row = lowest;
  }
  if (amounts.length === 0 || !row) return { withoutTax: EMPTY, tax: EMPTY };
  amounts.sort((a, b) => a.pieces[0]!.item.x0 - b.pieces[0]!.item.x0);
  if (amounts.length >= 2) return { withoutTax: amounts[0]!, tax: amounts[amounts.length - 1]! };
  // one amount: the column head it stands under says which (a tax-exempt invoice prints *** for tax)
  const only = amounts[0]!;
  const x = (only.pieces[0]!.item.x0 + only.pieces[0]!.item.x1) / 2;
  const head = (re: RegExp) => page.items.filter((it) => re.test(it.text.replace(/\s/g, '')) && it.cy < row!.cy);
  const distance = (items: Item[]) => Math.min(Infinity, ...items.map((it) => Math.abs((it.x0 + it.x1) / 2 - x)));
  return distance(head(TOTALS.taxHead)) < distance(head(TOTALS.amountHead)) ? { withoutTax: EMPTY, tax: only } : { withoutTax: only, tax: EMPTY };
}

/**
 * One printed figure is one field. Small print set tight puts the 合计 row within a row's slack
 * of the 价税合计 label (an upside-down invoice on a sheet, rows 25 px apart read in 33 px boxes);
 * when the 价税合计 row's own figures were lost, its row then offers the 合计 row's amount,
 * which readSum has already taken as standing above that label: a total that is that item is none.
 */
const sharedWith = (total: Value, sum: { withoutTax: Value; tax: Value }): boolean =>
  total.pieces.some((p) => [sum.withoutTax, sum.tax].some((v) => v.pieces.some((q) => q.item === p.item)));

export function readTotals(page: Page): Totals {
  const grand = readGrand(page);
  const sum = readSum(page, grand.row);
  const own = (v: Value) => (sharedWith(v, sum) ? EMPTY : v);
  const summed = totalAsSummed(own(grand.loose), sum.withoutTax, sum.tax);
  return { ...sum, capital: grand.capital, total: summed !== EMPTY ? summed : own(grand.total) };
}
