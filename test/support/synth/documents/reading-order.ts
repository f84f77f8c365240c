import { createCanvas } from '@napi-rs/canvas';
import { FAMILY, registerChineseFont } from '../fonts';
import { pick, seeded } from '../text';
import { columnsLayout, formLayout, tableLayout, type Measure } from './reading-order-layouts';

/*
 * Pages whose reading order a person has no doubt about, for 2582-11 (issue 17), drawn at
 * random sizes and proportions (reading-order-layouts.ts):
 * - table: a ruled goods table (the VAT invoice's columns, its header on one line or two,
 *   perhaps a 合计 row) or a list of people or payments; cells centred, left or right,
 *   centred or top-aligned down; long names wrapped; empty cells; perhaps a title;
 * - form: a ruled form of label and value cells, two or three pairs to a row, values
 *   wrapped, perhaps a row whose value spans the rest of the form;
 * - columns: a title over two or three columns of running text in paragraphs, perhaps a
 *   page number under them, read column by column.
 * `cells` lists what a person reads, in order; each entry is one cell's (or one column
 * line's) text, its lines joined. A clean page, or the same page turned a little.
 */

export type OrderLayout = 'table' | 'form' | 'columns';

export interface OrderPage {
  name: string;
  bytes: Uint8Array;
  layout: OrderLayout;
  /** what a person reads, in order: per cell (table, form) or per line (columns) */
  cells: string[][];
}

/** The page: its layout drawn in the page's font, level or turned about its centre. */
export async function renderOrderPage(seed: number, layout: OrderLayout, turn = 0): Promise<OrderPage> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(seed);
  const probe = createCanvas(10, 10).getContext('2d');
  const measure: Measure = (text, size) => ((probe.font = `${size}px ${FAMILY}`), probe.measureText(text).width);
  const drawn = (layout === 'table' ? tableLayout : layout === 'form' ? formLayout : columnsLayout)(rnd, measure);
  const canvas = createCanvas(drawn.width, drawn.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = pick(rnd, ['#fbfaf6', '#ffffff', '#f4f1e8']);
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((turn * Math.PI) / 180);
  ctx.translate(-canvas.width / 2, -canvas.height / 2);
  ctx.fillStyle = pick(rnd, ['#151515', '#222222', '#0d1a3a']);
  ctx.font = `${drawn.size}px ${FAMILY}`;
  ctx.textBaseline = 'top';
  drawn.draw(ctx);
  const png = await canvas.encode('png');
  return { name: `order-${layout}-${seed}${turn ? `-turned${turn}` : ''}`, bytes: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), layout, cells: drawn.cells };
}

/**
 * How much of the page is read in a person's order: the share of cells found each after the
 * one before it in the output, and the share of multi-line cells whose lines came together.
 * Text is compared without spaces and asterisks.
 */
export function orderScore(cells: string[][], output: string[]): { inOrder: number; cellsTogether: number } {
  // spaces and asterisks may be dropped, ¥ comes back full width or not
  const norm = (s: string) => s.replace(/[\s*]/g, '').replace(/￥/g, '¥');
  const text = output.map(norm);
  /**
   * where a cell's first line is, from `from` on: the same text first, else a line holding it,
   * else the first of two or three lines that together are it (the detector cut it in pieces)
   */
  const find = (line: string, from: number) => {
    const same = text.findIndex((t, i) => i >= from && t === norm(line));
    if (same >= 0) return same;
    const holding = text.findIndex((t, i) => i >= from && norm(line) !== '' && t.includes(norm(line)));
    if (holding >= 0) return holding;
    return text.findIndex((_, i) => i >= from && [2, 3].some((k) => text.slice(i, i + k).join('') === norm(line)));
  };
  let cursor = 0, inOrder = 0, together = 0;
  for (const cell of cells) {
    const at = find(cell[0]!, cursor);
    if (at < 0) continue;
    inOrder++;
    cursor = at + 1;
    if (cell.length > 1 && (cell.slice(1).every((line, k) => text[at + k + 1] === norm(line)) || text[at]!.includes(norm(cell.join(''))))) together++;
  }
  const multi = cells.filter((c) => c.length > 1).length;
  return { inOrder: inOrder / cells.length, cellsTogether: multi ? together / multi : 1 };
}
