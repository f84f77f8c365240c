import type { z } from 'zod';
import type { taxiInvoiceData } from '../../../protocol/points/2582-21';
import type { Raster } from '../../image/raster';
import * as rec from '../../rec/index';
import { settleAll } from '../../runtime/settle';
import { invoiceCells, type Cell } from './cells';
import { guessed, labelOf, loosePlate, VALIDATORS, type Field, type Labelled, type TaxiKey } from './fields';
import { angleDiff, frameQuad, fromFrame, rotateType, type Group } from './layout';
import { alignRows, columnShift, continued, driftAt, labelCut } from './pairs';

/*
 * One invoice: its lines as cells of its own frame, read its way up (cells.ts), labels
 * paired with their values (pairs.ts), each value validated, re-read with
 * the dots blurred into strokes when it does not validate or was read with doubt, and read
 * from the row itself when the detector missed it (faint dot-matrix print).
 */

type Invoice = z.infer<typeof taxiInvoiceData>['Invoices'][number];
type Item = Invoice['Items'][number];

/** A rectangle in the invoice's frame, and the value read there. */
interface Box {
  value: string;
  /** the value holds a guess, not a reading (fields.ts `guessed`) */
  guess?: boolean;
  u: number;
  v: number;
  w: number;
  h: number;
}

/** Below this a valid reading is still checked against a blurred re-read. */
const SURE = 0.95;
const round1 = (v: number) => Math.round(v * 10) / 10;
/** Rough printed width: Chinese and full-width signs a full em, ASCII about half. */
const ems = (text: string) => [...text].reduce((s, c) => s + (c.charCodeAt(0) < 0x2000 ? 0.55 : 1), 0);
const clean = (text: string) => text.replace(/\s+/g, '').replace(/^[:：;；.]+/, '');

export async function readInvoice(image: Raster, group: Group): Promise<Invoice> {
  const cells = await invoiceCells(image, group);
  const frame = group.frame;
  const h = (c: Cell) => c.h, w = (c: Cell) => c.w;
  const boxOf = (c: Cell, value: string, from = 0): Box => {
    const u0 = c.u - w(c) / 2 + from * w(c), u1 = c.u + w(c) / 2;
    return { value, u: (u0 + u1) / 2, v: c.v, w: u1 - u0, h: h(c) };
  };
  const read = async (box: Box, blur: number) => {
    const [r] = (await rec.run({ image, quads: [frameQuad(frame, box.u, box.v, box.w, box.h)], blur })).lines;
    return r!;
  };

  /** The value of a cell (or of its part after a label), re-read blurred when in doubt. */
  async function valueOf(label: Labelled, cell: Cell, text: string, from = 0): Promise<Box | null> {
    const box = boxOf(cell, '', from);
    const plain = label.check(text);
    // a value that holds a guess (fields.ts `guessed`) is in doubt however sure the read
    const plainRead = plain !== '' && !guessed(label.field, text);
    if (plain && ((plainRead && cell.confidence >= SURE) || label.field === 'Other')) return { ...box, value: plain };
    // a little wider on the left, so the first dot column is not cut off
    const pad = from > 0 ? 0.3 * box.h : 0;
    const again = await read({ ...box, u: box.u - pad / 2, w: box.w + pad }, 2);
    const blurred = label.check(clean(again.text));
    const blurredRead = blurred !== '' && !guessed(label.field, clean(again.text));
    // a reading before a guess, then the surer of the two
    if (blurred && (!plain || blurredRead > plainRead || (blurredRead === plainRead && again.confidence > cell.confidence))) return { ...box, value: blurred, guess: !blurredRead };
    return plain ? { ...box, value: plain, guess: !plainRead } : null;
  }

  const labels = cells.filter((c) => c.label).sort((a, b) => a.v - b.v);
  const found = new Map<Field, Box>();
  const others: Box[] = [];
  const keep = (cell: Cell, value: Box) => {
    const { field } = cell.label!;
    if (field !== 'Other') {
      const other = field === 'start' ? 'end' : field === 'end' ? 'start' : undefined;
      const first = found.get(field);
      if (!first) found.set(field, value);
      else if (other && !found.has(other)) {
        // two boarding or two alighting times: one label was misread (上/下 lost or swapped);
        // the meter prints 上车 above 下车
        const [upper, lower] = first.v <= value.v ? [first, value] : [value, first];
        found.set('start', upper);
        found.set('end', lower);
      }
      return;
    }
    // 证号, 卡号, 电召费...: the label says what the value is, so it stays in the text
    const u0 = cell.u - w(cell) / 2, u1 = Math.max(cell.u + w(cell) / 2, value.u + value.w / 2);
    const text = cell.label!.rest ? cell.text : `${cell.text}${value.value}`;
    others.push({ value: text, u: (u0 + u1) / 2, v: cell.v, w: u1 - u0, h: Math.max(h(cell), value.h) });
  };

  // label and value on one line (meters that print both; headers with their digits). All
  // labels' values are read at once and kept in order: read one after another, the
  // recognition helpers would sit idle each time this thread is busy reading a line itself.
  for (const cell of labels) cell.used = true;
  const inline = await settleAll(
    labels.map((cell) => {
      const { rest } = cell.label!;
      return rest ? valueOf(cell.label!, cell, rest, 1 - ems(rest) / Math.max(1, ems(cell.compact))) : Promise.resolve(null);
    }),
  );
  const open: Cell[] = [];
  labels.forEach((cell, i) => {
    const value = inline[i];
    if (value) keep(cell, value);
    else open.push(cell);
  });

  // the others with the value lines right of the label column, in order down the invoice
  const labelEdge = Math.min(...open.map((c) => c.u + w(c) / 2));
  const values = cells
    .filter((c) => !c.used && c.u > labelEdge && open.some((l) => Math.abs(c.v - l.v) < 1.5 * h(l)))
    .sort((a, b) => a.v - b.v);
  const fits = (i: number, j: number) => open[i]!.label!.check(values[j]!.compact) !== '';
  const shift = columnShift(open, values, fits);
  const slots = (list: Cell[], by = 0) => list.map((c) => ({ v: c.v - by, h: h(c) }));
  const pairs = alignRows(slots(open), slots(values, shift), fits);
  const right = Math.max(labelEdge, ...values.map((c) => c.u + w(c) / 2));
  const taken = (label: Cell) => label.label!.field !== 'Other' && found.has(label.label!.field);
  /** The first look at a box that reads a value for the label, and whether it holds a guess. */
  const look = async (label: Cell, box: Box): Promise<{ value: string; guess: boolean }> => {
    let guess = '';
    for (const blur of [0, 2]) {
      const text = clean((await read(box, blur)).text);
      const value = label.label!.check(text);
      if (value && !guessed(label.label!.field, text)) return { value, guess: false };
      guess ||= value;
    }
    return { value: guess, guess: true };
  };
  /**
   * The value of open label i: its paired value line (read whole when the detector broke it
   * into pieces along the row), else read from the row right of it.
   */
  const valueAt = async (i: number): Promise<{ value: Box | null; paired: number[] }> => {
    const label = open[i]!;
    const j = pairs[i]!;
    // a piece may be paired with a label of the same field: 金额 broken into 金 and 额 as well
    // (not so Other, which stands for several fields)
    const field = label.label!.field;
    const free = (k: number) => pairs.every((p, l) => p !== k || (field !== 'Other' && open[l]!.label!.field === field));
    const pieces = j >= 0 ? continued(values, j, free) : [];
    if (pieces.length > 1) {
      const spans = pieces.map((k) => boxOf(values[k]!, ''));
      // broken before the piece paired, it may have lost a piece there as well, read under the
      // floor (73.50元 as 2 (0.48) | 3 | 50元, bench 25005): read from where its label's row starts
      const rowStart = pieces[0] === j ? Infinity : label.u + w(label) / 2 + 0.2 * h(label);
      const u0 = Math.min(rowStart, ...spans.map((b) => b.u - b.w / 2)), u1 = Math.max(...spans.map((b) => b.u + b.w / 2));
      const whole: Box = { value: '', u: (u0 + u1) / 2, v: spans.reduce((s, b) => s + b.v, 0) / spans.length, w: u1 - u0, h: Math.max(...spans.map((b) => b.h)) };
      const read = await look(label, whole);
      if (read.value && !read.guess) return { value: { ...whole, value: read.value }, paired: pieces };
    }
    const cut = j >= 0 ? labelCut(label, values[j]!) : null;
    if (cut !== null) {
      // read from the middle of the gap: what the line loses is the label's strokes it took in
      const cell = values[j]!, end = cell.u + w(cell) / 2;
      const box: Box = { value: '', u: (cut + end) / 2, v: cell.v, w: end - cut, h: h(cell) };
      const text = clean((await read(box, 0)).text);
      const value = label.label!.check(text);
      // taken only where it drops the line's first characters: the cut never adds one
      const uncut = label.label!.check(cell.compact);
      if (value && !guessed(label.label!.field, text) && value.length < uncut.length && uncut.endsWith(value)) return { value: { ...box, value }, paired: [j] };
    }
    const value = j >= 0 ? await valueOf(label.label!, values[j]!, values[j]!.compact) : null;
    if ((value && !value.guess) || label.label!.field === 'Other') return { value, paired: value ? [j] : [] };
    // the detector misses faint dot-matrix values: read the row right of the label itself;
    // a paired value that holds a guess is looked at that way too (a wider box, other blurs)
    // where values drift a line down, the row's band reaches the next label (加费： read into
    // the value as 10 or 加费：): the row starts right of every bare label of the label column
    // (starting left of this one's end; not a second column's) its band touches
    const v = label.v + shift + driftAt(i, slots(open), slots(values, shift), pairs), rowH = 1.25 * h(label);
    const inColumn = (c: Cell) => !c.label!.rest && c.u - w(c) / 2 < label.u + w(label) / 2;
    const touched = labels.filter((c) => c === label || (inColumn(c) && Math.abs(c.v - v) < (h(c) + rowH) / 2));
    const start = Math.max(...touched.map((c) => c.u + w(c) / 2)) + 0.2 * h(label), end = Math.min(right + 0.3 * h(label), start + 14 * h(label));
    const row: Box = { value: '', u: (start + end) / 2, v, w: end - start, h: rowH };
    // the first look that reads a value; one that holds a guess only when no look reads better
    const seen = end - start > 2 * h(label) ? await look(label, row) : { value: '', guess: true };
    if (seen.value && !seen.guess) return { value: { ...row, value: seen.value }, paired: [] };
    if (value) return { value, paired: [j] };
    return { value: seen.value ? { ...row, value: seen.value, guess: true } : null, paired: [] };
  };
  // read at once as above; a field found by an earlier label of this loop is still skipped
  const paired = await settleAll(open.map((label, i) => (taken(label) ? Promise.resolve(null) : valueAt(i))));
  open.forEach((label, i) => {
    const got = paired[i];
    if (!got || taken(label) || !got.value) {
      label.used = false;
      return;
    }
    for (const k of got.paired) values[k]!.used = true;
    keep(label, got.value);
  });

  // 发票代码 and 发票号码 print one above the other; a faint or cut-off one is read from its row
  for (const [have, want, below] of [['InvoiceCode', 'InvoiceNo', 1], ['InvoiceNo', 'InvoiceCode', -1]] as const) {
    const known = found.get(have);
    const header = known && cells.find((c) => c.label?.field === have && Math.abs(c.v - known.v) < 0.1);
    if (!header || found.has(want)) continue;
    for (const step of [1.3, 1.7]) {
      const row: Box = { value: '', u: header.u, v: header.v + below * step * header.h, w: header.w, h: 1.2 * header.h };
      const text = clean((await read(row, 0)).text);
      const value = VALIDATORS[want](labelOf(text)?.field === want ? labelOf(text)!.rest : text);
      if (value) {
        found.set(want, { ...row, value });
        break;
      }
    }
  }

  if (!found.has('PlateNumber')) {
    // the car number without a label the reading kept (车号 lost under a fold or misread):
    // a plate-shaped line nothing else claimed, the highest on the invoice
    const loose = cells.filter((c) => !c.used && loosePlate(c.compact)).sort((a, b) => a.v - b.v)[0];
    if (loose) {
      loose.used = true;
      found.set('PlateNumber', { ...boxOf(loose, ''), value: loosePlate(loose.compact) });
    }
  }

  const items: { v: number; item: Item }[] = [];
  const add = (key: TaxiKey | undefined, text: string, boxes: Box[]) => {
    const u0 = Math.min(...boxes.map((b) => b.u - b.w / 2)), u1 = Math.max(...boxes.map((b) => b.u + b.w / 2));
    const v0 = Math.min(...boxes.map((b) => b.v - b.h / 2)), v1 = Math.max(...boxes.map((b) => b.v + b.h / 2));
    const centre = fromFrame(frame, (u0 + u1) / 2, (v0 + v1) / 2);
    const item: Item = {
      Text: text,
      ItemRoi: { Angle: round1(angleDiff(frame.angle, 0)), Center: { X: round1(centre.x), Y: round1(centre.y) }, Size: { W: round1(u1 - u0), H: round1(v1 - v0) } },
    };
    if (key) item.Key = key;
    items.push({ v: v0, item });
  };
  for (const [field, box] of found) if (field !== 'start' && field !== 'end') add(field as TaxiKey, box.value, [box]);
  const start = found.get('start'), end = found.get('end');
  // 上车-下车 as printed; the boarding time alone when the other is unreadable (never 下车 alone)
  if (start && end) add('Time', `${start.value}-${end.value}`, [start, end]);
  else if (start) add('Time', start.value, [start]);
  else if (end) add('Other', `下车：${end.value}`, [end]);
  for (const other of others) add('Other', other.value, [other]);
  for (const cell of cells) if (!cell.used) add(undefined, cell.text, [boxOf(cell, cell.text)]);
  items.sort((a, b) => a.v - b.v);
  return { Items: items.map((i) => i.item), InvoiceRoi: invoiceRoi(image, cells), RotateType: rotateType(frame.angle) };
}

function invoiceRoi(image: Raster, cells: Cell[]): Invoice['InvoiceRoi'] {
  const points = cells.flatMap((c) => c.line.quad);
  const margin = Math.min(...cells.map((c) => c.h)) / 2;
  const x0 = Math.max(0, Math.min(...points.map((p) => p.x)) - margin), y0 = Math.max(0, Math.min(...points.map((p) => p.y)) - margin);
  const x1 = Math.min(image.width, Math.max(...points.map((p) => p.x)) + margin), y1 = Math.min(image.height, Math.max(...points.map((p) => p.y)) + margin);
  return { X: Math.round(x0), Y: Math.round(y0), W: Math.round(x1 - x0), H: Math.round(y1 - y0) };
}
