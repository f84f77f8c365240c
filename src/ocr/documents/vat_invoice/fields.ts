import { HEADER, PARTY, type PartyField, SIDE_BY_SIDE, SIGNATURES, TOTALS } from './labels';
import type { Item, Page, Piece } from './page';
import { EMPTY, type Value, bare, firstHit, valueIn, valueOnRow } from './values';

/*
 * Where each value of a VAT invoice is, by layout. Two party blocks carry the same four
 * labels: in the grid layout the buyer block is above the goods table and the seller block
 * below 价税合计, each closed on the right by the cipher (密码区) or remark (备注) column; in
 * the fully digital layout the two blocks stand side by side above the table. A label's cell
 * runs from halfway to the label above it to halfway to the label below it, so a wrapped
 * address or a value printed half a row off (dot-matrix printers) stays with its label.
 */

export type Party = Record<PartyField, Value>;

export interface Layout {
  buyer: Party;
  seller: Party;
  /** true for the fully digital (全电) layout */
  sideBySide: boolean;
  /** page-frame y above which header values stand (the buyer block's top) */
  headerBottom: number;
}

const FIELDS = Object.keys(PARTY) as PartyField[];

function emptyParty(): Party {
  return { name: EMPTY, registerNo: EMPTY, address: EMPTY, bank: EMPTY };
}

const sameRow = (a: Item, b: Item) => Math.abs(a.cy - b.cy) < 0.5 * Math.max(a.h, b.h);

/**
 * One hit per item and field. "名 称" printed wide is read as "名" and "称：…": the two halves
 * are one label, and the value starts after "称".
 */
function partyHits(page: Page): { field: PartyField; hit: Piece }[] {
  const out: { field: PartyField; hit: Piece }[] = [];
  for (const field of FIELDS) {
    const seen = new Set<Item>();
    for (const hit of page.find(PARTY[field])) {
      if (seen.has(hit.item)) continue;
      seen.add(hit.item);
      out.push({ field, hit });
    }
  }
  const tails = out.filter((h) => h.field === 'name' && /^称/.test(h.hit.item.text));
  return out.filter(
    ({ field, hit }) =>
      !(field === 'name' && hit.item.text.trim() === '名' && tails.some((t) => sameRow(t.hit.item, hit.item) && t.hit.item.x0 > hit.item.x0 && t.hit.item.x0 - hit.item.x1 < 8 * hit.item.h)),
  );
}

/** Left edge of the first column head (密码区 / 备注) right of the labels, within the block's rows. */
function columnEdge(page: Page, head: RegExp, labels: Piece[], fallback: number): number {
  const top = Math.min(...labels.map((l) => l.item.y0)), bottom = Math.max(...labels.map((l) => l.item.y1));
  const left = Math.max(...labels.map((l) => page.pieceX(l).x1));
  const pitch = bottom - top;
  const heads = page.items.filter((it) => head.test(it.text.replace(/\s/g, '')) && it.x0 > left && it.cy > top - pitch * 0.3 && it.cy < bottom + pitch * 0.3);
  // a little left of the head: 备 and 注 (密, 码, 区) are printed one above the other, not quite aligned
  return heads.length ? Math.min(...heads.map((it) => it.x0 - 0.3 * it.h)) : fallback;
}

function readBlock(page: Page, labels: { field: PartyField; hit: Piece }[], right: number): Party {
  const party = emptyParty();
  const sorted = [...labels].sort((a, b) => a.hit.item.cy - b.hit.item.cy);
  const ys = sorted.map((l) => l.hit.item.cy);
  const pitch = ys.length > 1 ? (ys[ys.length - 1]! - ys[0]!) / (ys.length - 1) : 2 * (sorted[0]?.hit.item.h ?? 0);
  sorted.forEach(({ field, hit }, i) => {
    if (party[field] !== EMPTY) return;
    const top = i > 0 ? (ys[i - 1]! + ys[i]!) / 2 : ys[i]! - 0.5 * pitch;
    const bottom = i < ys.length - 1 ? (ys[i]! + ys[i + 1]!) / 2 : ys[i]! + 0.5 * pitch;
    party[field] = valueIn(page, hit, { left: page.pieceX(hit).x1 - 0.5 * hit.item.h, right, top, bottom });
  });
  return party;
}

export function readParties(page: Page): Layout {
  const hits = partyHits(page);
  const names = hits.filter((h) => h.field === 'name').sort((a, b) => a.hit.item.cy - b.hit.item.cy);
  const blockTitles = page.find(SIDE_BY_SIDE);
  // two name labels on one row, far apart: the buyer and seller blocks stand side by side
  const sideBySide =
    blockTitles.length > 0 ||
    (names.length >= 2 && sameRow(names[0]!.hit.item, names[1]!.hit.item) && Math.abs(names[0]!.hit.item.x0 - names[1]!.hit.item.x0) > 10 * names[0]!.hit.item.h);
  const pageRight = Math.max(0, ...page.items.map((it) => it.x1)) + 1;
  // a block holds one label of each kind, in its label column: the leftmost (a remark such as
  // 代开企业名称：… repeats a label further right)
  const tidy = (list: typeof hits) =>
    FIELDS.flatMap((f) => list.filter((h) => h.field === f).sort((a, b) => a.hit.item.x0 - b.hit.item.x0 || a.hit.item.cy - b.hit.item.cy).slice(0, 1));
  let buyer: typeof hits, seller: typeof hits, buyerRight: number, sellerRight: number;
  if (sideBySide) {
    const sellerTitle = blockTitles.find((t) => /销/.test(t.item.text));
    const splitX = sellerTitle
      ? sellerTitle.item.x0
      : names.length >= 2
        ? (Math.min(names[0]!.hit.item.x1, names[1]!.hit.item.x1) + Math.max(names[0]!.hit.item.x0, names[1]!.hit.item.x0)) / 2
        : pageRight;
    buyer = tidy(hits.filter((h) => h.hit.item.x0 < splitX));
    seller = tidy(hits.filter((h) => h.hit.item.x0 >= splitX));
    buyerRight = splitX;
    sellerRight = pageRight;
  } else {
    const grand = firstHit(page, TOTALS.grand) ?? firstHit(page, TOTALS.goodsHead);
    const splitY = grand ? grand.item.cy : names.length >= 2 ? (names[0]!.hit.item.cy + names[names.length - 1]!.hit.item.cy) / 2 : Infinity;
    buyer = tidy(hits.filter((h) => h.hit.item.cy < splitY));
    seller = tidy(hits.filter((h) => h.hit.item.cy > splitY));
    buyerRight = buyer.length ? columnEdge(page, /^(?:密|码|区)$|^密码/, buyer.map((h) => h.hit), pageRight) : pageRight;
    sellerRight = seller.length ? columnEdge(page, /^(?:备|注)$|^备注/, seller.map((h) => h.hit), pageRight) : pageRight;
  }
  const headerBottom = buyer.length ? Math.min(...buyer.map((h) => h.hit.item.y0)) : Infinity;
  return {
    buyer: buyer.length ? readBlock(page, buyer, buyerRight) : emptyParty(),
    seller: seller.length ? readBlock(page, seller, sellerRight) : emptyParty(),
    sideBySide,
    headerBottom,
  };
}

export interface Header {
  code: Value;
  number: Value;
  date: Value;
  check: Value;
}

const labelled = (page: Page, pattern: RegExp): Value => {
  const hit = firstHit(page, pattern);
  return hit ? valueOnRow(page, hit) : EMPTY;
};

/** The most frequent digits among bare candidates (paper invoices print code and number twice). */
function vote(pieces: Piece[], digits: (p: Piece) => string): Value {
  const counts = new Map<string, Piece[]>();
  for (const p of pieces) counts.set(digits(p), [...(counts.get(digits(p)) ?? []), p]);
  const best = [...counts.entries()].sort((a, b) => b[1].length - a[1].length || Math.max(...b[1].map((p) => p.item.h)) - Math.max(...a[1].map((p) => p.item.h)))[0];
  if (!best) return EMPTY;
  const piece = best[1].sort((a, b) => b.item.h - a.item.h)[0]!;
  return { text: best[0], pieces: [piece] };
}

/** A short label and a colon before eight digits: 发票号码 read with a character lost or wrong (发票码, 发共号). */
const LABELLED_NUMBER = /^\s*([^\d:：]{1,5})\s*[:：]\s*(\d{8})\s*$/;
const OTHER_LABELS = [HEADER.code, HEADER.date, HEADER.check, HEADER.machine];

/**
 * The 8-digit number after a header label no pattern knows: small print loses a character of
 * 发票号码 where the digits after it are read right. No other header value has eight digits (a
 * code has 10 or 12, a machine number 12, a check code 20), so the digits say which label it was.
 */
function misreadLabel(page: Page, where: (item: Item) => boolean): Piece[] {
  return page.items.flatMap((item) => {
    const m = LABELLED_NUMBER.exec(item.text);
    if (!m || !where(item) || OTHER_LABELS.some((re) => re.test(m[1]!))) return [];
    const start = item.text.lastIndexOf(m[2]!);
    return [{ item, start, end: start + 8 }];
  });
}

export function readHeader(page: Page, headerBottom: number): Header {
  const header: Header = { code: labelled(page, HEADER.code), number: labelled(page, HEADER.number), date: labelled(page, HEADER.date), check: labelled(page, HEADER.check) };
  const limit = Number.isFinite(headerBottom) ? headerBottom : Math.min(...page.items.map((it) => it.y0)) + 0.3 * (Math.max(...page.items.map((it) => it.y1)) - Math.min(...page.items.map((it) => it.y0)));
  const machines = page.find(HEADER.machine);
  // bare numbers above the buyer block, not the machine number (on its label's row)
  const inHeader = (it: Item) => it.cy < limit && !machines.some((m) => Math.abs(m.item.cy - it.cy) < 0.6 * m.item.h && it.x0 >= m.item.x0);
  if (!/\d/.test(header.code.text)) header.code = vote(bare(page, /^\d{10}$|^\d{12}$/, inHeader), (p) => p.item.text.replace(/\D/g, ''));
  if (!/\d/.test(header.number.text)) {
    const numbered = page.find(/(?:N\s*[oO0º°]|№)\s*[.:：]?\s*\d{8}(?!\d)/, inHeader).map((p) => {
      const digitsAt = p.item.text.slice(p.start, p.end).search(/\d{8}$/);
      return { item: p.item, start: p.start + digitsAt, end: p.end };
    });
    header.number = vote([...numbered, ...misreadLabel(page, inHeader), ...bare(page, /^\d{8}$/, inHeader)], (p) => p.item.text.slice(p.start, p.end).replace(/\D/g, ''));
  }
  return header;
}

export interface Signatures {
  payee: Value;
  checker: Value;
  clerk: Value;
}

export function readSignatures(page: Page): Signatures {
  // the signature row is the lowest: take each label's last occurrence
  const last = (re: RegExp) => page.find(re).sort((a, b) => b.item.cy - a.item.cy)[0];
  const read = (re: RegExp) => {
    const hit = last(re);
    return hit ? valueOnRow(page, hit) : EMPTY;
  };
  return { payee: read(SIGNATURES.payee), checker: read(SIGNATURES.checker), clerk: read(SIGNATURES.clerk) };
}

