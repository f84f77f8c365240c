import { ANNOTATIONS, CIPHER, FOREIGN_LABEL, HEADER, PARTY, SEAL, SIGNATURES, STOPS, VALUE_LABELS } from './labels';
import { type Item, type Page, type Piece, type Region, pieceText, whole } from './page';

/*
 * Reading the value of a label: the rest of the label's own line, then the lines to its right
 * within the label's cell (a region the caller knows from the layout), stopping on a row at
 * the next label. What this returns is text as read plus where it was read (for Box).
 */

export interface Value {
  text: string;
  pieces: Piece[];
}

export const EMPTY: Value = { text: '', pieces: [] };

/** Every label pattern, unanchored, to cut a line where the next label starts inside it. */
const INNER_LABELS = new RegExp(
  [...Object.values(PARTY), ...Object.values(HEADER), ...Object.values(SIGNATURES)]
    .map((re) => `(?:${re.source.replace(/\^/g, '')})\\s*[:：]`)
    .concat(SEAL.source)
    .join('|'),
);

export const isStop = (item: Item) => STOPS.some((re) => re.test(item.text));

/** An item that starts with a label of something else (下载次数：1): not ours, and nothing right of it. */
export function isForeignLabel(item: Item): boolean {
  const m = FOREIGN_LABEL.exec(item.text);
  return m !== null && !VALUE_LABELS.test(m[1]!) && !isStop(item);
}

/** The part of `item` after `from`, up to where another label starts; null when nothing is left. */
function restOf(item: Item, from: number): Piece | null {
  let start = from;
  while (start < item.text.length && /[\s:：;；]/.test(item.text[start]!)) start++;
  let end = item.text.length;
  const next = INNER_LABELS.exec(item.text.slice(start));
  if (next && next.index > 0) end = start + next.index;
  else if (next && next.index === 0) return null;
  while (end > start && /\s/.test(item.text[end - 1]!)) end--;
  return end > start ? { item, start, end } : null;
}

/** How far right of the value's start a wrapped row may begin, in heights: text further right is another cell's. */
const WRAP_SLACK = 3;

/**
 * The value of `label` inside `region` (which should start at the label's end). A value
 * wrapped onto further rows continues under its start; text that starts further right on a
 * later row (a note stamped beside the cell, a web page's label) is not part of it.
 */
export function valueIn(page: Page, label: Piece, region: Region): Value {
  const pieces: Piece[] = [];
  const own = restOf(label.item, label.end);
  if (own) pieces.push(own);
  const candidates = page
    .within(region, new Set([label.item]))
    .filter((it) => !CIPHER.test(it.text.replace(/\s/g, '')) && it.text.replace(ANNOTATIONS, '').trim() !== '');
  const stops = candidates.filter((it) => isStop(it) || isForeignLabel(it));
  const sameRow = (a: Item, b: Item) => Math.abs(a.cy - b.cy) < 0.5 * Math.max(a.h, b.h);
  for (const it of candidates) {
    if (stops.includes(it)) continue;
    // nothing right of a label on that label's row belongs to us
    if (stops.some((s) => s.x0 <= it.x0 && sameRow(s, it))) continue;
    const first = pieces[0];
    if (first && !sameRow(first.item, it) && it.x0 > page.pieceX(first).x0 + WRAP_SLACK * Math.max(first.item.h, it.h)) continue;
    const piece = restOf(it, 0);
    if (piece) pieces.push(piece);
  }
  return { text: pieces.map(pieceText).join(''), pieces };
}

/**
 * A value on the label's own row, to the right (header fields, signatures): pieces that follow
 * one another, up to a gap of MAX_GAP heights (a seal or the next cell starts after a gap).
 */
export function valueOnRow(page: Page, label: Piece): Value {
  const { item } = label;
  const x = page.pieceX(label).x1;
  const found = valueIn(page, label, { left: x - 0.5 * item.h, right: Infinity, top: item.cy - 0.6 * item.h, bottom: item.cy + 0.6 * item.h });
  const pieces: Piece[] = [];
  let end = x;
  // one row: left to right, whatever band a stray seal line formed inside it
  const byX = [...found.pieces].sort((a, b) => page.pieceX(a).x0 - page.pieceX(b).x0);
  for (const piece of byX) {
    const { x0, x1 } = page.pieceX(piece);
    if (x0 - end > MAX_GAP * Math.max(item.h, piece.item.h)) break;
    if (readTwice(page, piece, byX)) continue;
    pieces.push(piece);
    end = x1;
  }
  return { text: pieces.map(pieceText).join(''), pieces };
}

const MAX_GAP = 2.5;
/** A piece standing this much inside the next piece's extent is print that piece read too. */
const INSIDE = 0.6;

/**
 * Whether a piece's characters lie within another line's piece on the row: the detector's boxes
 * of a label and its value, padded, may overlap, and both read the print they share (发票号码：2 |
 * 20761935 made 220761935 of an electronic invoice's number, or 261476072 where the value's box
 * began first). Only the end of a line (its rest after the label) is taken for such a copy: a
 * line on its own is read from its own print.
 */
function readTwice(page: Page, piece: Piece, row: Piece[]): boolean {
  if (piece.start === 0) return false;
  const { x0, x1 } = page.pieceX(piece);
  return x1 > x0 && row.some((other) => {
    if (other.item === piece.item) return false;
    const o = page.pieceX(other);
    return Math.min(x1, o.x1) - Math.max(x0, o.x0) >= INSIDE * (x1 - x0);
  });
}

/** First hit of a label, topmost first (ties: leftmost). */
export function firstHit(page: Page, pattern: RegExp, where?: (item: Item) => boolean): Piece | undefined {
  return page.find(pattern, where).sort((a, b) => a.item.cy - b.item.cy || a.item.x0 - b.item.x0)[0];
}

/** Spaces out, except between two Latin letters ("Redmi K40" keeps its space). */
export function compact(text: string): string {
  return text.replace(/\s+/g, (s, at: number, all: string) => (/[A-Za-z]/.test(all[at - 1] ?? '') && /[A-Za-z]/.test(all[at + s.length] ?? '') ? ' ' : '')).trim();
}

/** Items standing alone (no label inside) whose compact text matches, e.g. a paper invoice's bare code. */
export function bare(page: Page, pattern: RegExp, where: (item: Item) => boolean): Piece[] {
  return page.items.filter((it) => where(it) && pattern.test(it.text.replace(/\s/g, ''))).map(whole);
}

/** Where organisations' names end (公司, 店, 厂, 中心 ...). */
const NAME_END = /公司|店|厂|部|中心|社|院|所|局|行|馆|站|处|室|会|园|场|队|校|组|团|坊|城|铺/g;
/** Labels of the pages invoices are captured from (a platform's download page, a verification result). */
const PAGE_LABEL = /(?:下载|查验|打印|查看|浏览)次数$|(?:发票|开具|查验)状态$|查验(?:时间|日期)$/;

/**
 * A name read as one line with a label of something else glued after it ("…餐饮店下载次数：1"):
 * a name holds no colon, so what follows one goes, and the words before it that are a label
 * (after the name's last ending such as 店 or 公司, or a known page label) go with it.
 */
export function cutGluedLabel(name: string): string {
  const colon = name.search(/[:：]/);
  if (colon <= 0) return name;
  const head = name.slice(0, colon);
  const known = PAGE_LABEL.exec(head);
  if (known) return head.slice(0, known.index);
  let cut = -1;
  for (const m of head.matchAll(NAME_END)) {
    const rest = head.length - (m.index + m[0].length);
    if (rest >= 2 && rest <= 6) cut = m.index + m[0].length;
  }
  return cut > 0 ? head.slice(0, cut) : head;
}
