import type { Descriptor, Source } from './scan-schema';
import { squash } from './text';
import { formItemLabels } from './words';

/*
 * Page side: what says what a box is for, the way pages are really built. A <label for> or a
 * wrapping label; aria; placeholder, name, id, title; the label element of a UI library's form
 * item (Element, Ant Design, iView, layui, Bootstrap: words.ts); the text just before the box
 * inside the smallest container that holds no other box (a table cell before it, a sibling div);
 * the column header above a detail row. Runs in the page, so it imports nothing heavy.
 */

export type Fillable = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const TEXT_TYPES = new Set(['', 'text', 'search', 'tel', 'email', 'url', 'number', 'date', 'datetime-local', 'time', 'month']);
const FILLABLE = 'input, textarea, select';
/** Labels longer than this are paragraphs, not labels. */
const MAX_LABEL = 40;

/** Elements a value can be typed into: enabled, writable, not hidden inputs. Layout is not checked here. */
export function fillableElements(root: ParentNode): Fillable[] {
  return [...root.querySelectorAll<Fillable>(FILLABLE)].filter(isFillable);
}

export function isFillable(el: Element): el is Fillable {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) return false;
  if (el.disabled) return false;
  if (el instanceof HTMLSelectElement) return !el.multiple;
  if (el.readOnly) return false;
  return el instanceof HTMLTextAreaElement || TEXT_TYPES.has((el.getAttribute('type') ?? '').toLowerCase());
}

const skipped = new Set(['SCRIPT', 'STYLE', 'SELECT', 'TEXTAREA', 'OPTION', 'TEMPLATE', 'NOSCRIPT']);

/** The text of an element without what form controls and scripts contain. */
export function ownText(root: Node | null | undefined, before?: Node): string {
  if (!root) return '';
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.nodeType === 1 && skipped.has((n as Element).tagName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  let out = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    // text before `before` only: a unit written after the box (元) is not its label
    if (before && (n === before || before.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    if (n.nodeType === 3) out += n.textContent;
  }
  return squash(out);
}

const COUNTED = 'input:not([type=hidden]), textarea, select';
const inputsIn = (el: Element) => el.querySelectorAll(COUNTED).length;

/**
 * The text just before the box in the smallest container that has some and holds no other box, or
 * else the nearest earlier sibling of the largest such container that has text and no box:
 * "<td>发票代码</td><td><input></td>", "<div class=item><span>发票代码</span><div><input></div></div>",
 * "发票代码 <input>".
 */
function nearbyText(el: Element): string {
  let box: Element = el;
  while (box.parentElement && box.parentElement !== el.ownerDocument.body && inputsIn(box.parentElement) === 1) {
    box = box.parentElement;
    const inside = ownText(box, el);
    if (inside) return inside;
  }
  // "发票代码 <input>": loose text counts as much as an element before the box
  for (let s = box.previousSibling; s; s = s.previousSibling) {
    if (s instanceof Element && inputsIn(s) > 0) return '';
    const t = s instanceof Element ? ownText(s) : s.nodeType === 3 ? squash(s.textContent) : '';
    if (t) return t;
  }
  return '';
}

function itemLabel(el: Element): string {
  for (const { item, label } of formItemLabels) {
    const host = el.closest(item);
    if (!host) continue;
    // the label of this item, not of an item nested in it, and not the box's own wrapper
    const found = [...host.querySelectorAll(label)].find((l) => !l.contains(el) && l.closest(item) === host);
    const text = found ? ownText(found) : '';
    if (text) return text;
  }
  return '';
}

/** The visual column of a table cell, counting the spans of the cells before it. */
function columnOf(cell: HTMLTableCellElement): number {
  let col = 0;
  for (let c = cell.previousElementSibling; c; c = c.previousElementSibling) col += (c as HTMLTableCellElement).colSpan || 1;
  return col;
}

/** A header row: two or more cells with text, no boxes in it. */
function isHeaderRow(tr: HTMLTableRowElement): boolean {
  return inputsIn(tr) === 0 && [...tr.cells].filter((c) => ownText(c)).length >= 2;
}

function headerRowOf(table: HTMLTableElement): HTMLTableRowElement | undefined {
  const head = table.tHead?.rows;
  if (head && head.length > 0) return [...head].reverse().find(isHeaderRow);
  const first = table.rows[0];
  return first && isHeaderRow(first) ? first : undefined;
}

/** The header row over a table's body rows: its own, or (Element, layui, vxe) a header table next to it. */
function headerFor(table: HTMLTableElement): HTMLTableRowElement | undefined {
  const own = headerRowOf(table);
  if (own) return own;
  let scope: Element | null = table.parentElement;
  for (let up = 0; scope && up < 4; up++, scope = scope.parentElement) {
    for (const other of scope.querySelectorAll('table')) {
      if (other === table || other.contains(table)) continue;
      const head = headerRowOf(other);
      if (head && (other.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING)) return head;
    }
  }
  return undefined;
}

function cellAt(row: HTMLTableRowElement, col: number): HTMLTableCellElement | undefined {
  let at = 0;
  for (const c of row.cells) {
    const span = c.colSpan || 1;
    if (col >= at && col < at + span) return c;
    at += span;
  }
  return undefined;
}

export interface RowPlace {
  table: string;
  index: number;
}

/** The column header above a box in a detail table, with the row it sits in. */
export function tableColumn(el: Element, tableKey: (t: Element) => string): { header: string; row: RowPlace } | undefined {
  const cell = el.closest('td, th') as HTMLTableCellElement | null;
  const tr = cell?.parentElement as HTMLTableRowElement | null;
  const table = cell?.closest('table');
  if (!cell || !tr || !table || tr.closest('table') !== table) return undefined;
  const head = headerFor(table);
  if (!head || head === tr) return undefined;
  const header = ownText(cellAt(head, columnOf(cell)));
  if (!header) return undefined;
  const bodyRows = [...table.rows].filter((r) => r !== head && inputsIn(r) > 0);
  return { header, row: { table: tableKey(table), index: bodyRows.indexOf(tr) } };
}

/** mx[0].je, mx[0][je], items.0.amount, detail_0_fphm: rows of a list named by index, and the field part. */
const indexedName = /^([A-Za-z_$][\w$-]*?)(?:\[(\d+)\]|\.(\d+)|_(\d+))[.[_]([\w.$[\]-]+?)\]?$/;

export function indexedRow(name: string): { list: string; index: number; field: string } | undefined {
  const m = indexedName.exec(name);
  if (!m) return undefined;
  return { list: m[1]!, index: Number(m[2] ?? m[3] ?? m[4]), field: m[5]! };
}

/** Every text that says what a box is for, with where it came from. */
export function describe(el: Fillable, column?: string): Descriptor[] {
  const doc = el.ownerDocument;
  const out: Descriptor[] = [];
  const add = (source: Source, text: string | null | undefined) => {
    const t = squash(text);
    if (t && t.length <= MAX_LABEL * 2 && !out.some((d) => d.source === source && d.text === t)) out.push({ source, text: t.slice(0, 400) });
  };
  if (el.id) for (const l of doc.querySelectorAll(`label[for="${CSS.escape(el.id)}"]`)) add('label', ownText(l));
  const wrapping = el.closest('label');
  if (wrapping) add('label', ownText(wrapping, el) || ownText(wrapping));
  for (const id of (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) add('aria', ownText(doc.getElementById(id)));
  add('aria', el.getAttribute('aria-label'));
  add('item', itemLabel(el));
  if (column) add('column', column);
  const near = nearbyText(el);
  if (near.length <= MAX_LABEL) add('nearby', near);
  add('placeholder', el.getAttribute('placeholder'));
  const name = el.getAttribute('name') ?? '';
  add('name', indexedRow(name)?.field ?? name);
  add('id', el.id);
  add('title', el.getAttribute('title'));
  return out;
}
