import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY, registerChineseFont } from '../fonts';
import { pick, seeded, type Random } from '../text';

/*
 * Pages whose reading order a person has no doubt about, for 2582-11 (issue 17):
 * - table: a ruled goods table (the VAT invoice's columns), cells of one row vertically
 *   centred or top-aligned, long names wrapped onto two lines, single characters and
 *   digits in narrow cells (units, quantities, 13%);
 * - form: a ruled form of label and value cells, two pairs to a row, some values on two lines;
 * - columns: a title over two columns of running text, read column by column.
 * `cells` lists what a person reads, in order; each entry is one cell's (or one column
 * line's) text, its lines joined. A clean page, or the same page turned by up to 1.5°.
 */

export type OrderLayout = 'table' | 'form' | 'columns';

export interface OrderPage {
  name: string;
  bytes: Uint8Array;
  layout: OrderLayout;
  /** what a person reads, in order: per cell (table, form) or per line (columns) */
  cells: string[][];
}

const NAMES = ['办公用品', '复印纸', '打印机墨盒', '信息技术服务', '软件维护服务', '会议室租赁', '餐饮服务', '交通运输服务', '电脑配件', '网络设备'];
const UNITS = ['个', '箱', '台', '次', '项', '件', '套', '批'];
const SPECS = ['A4', 'X200', '标准型', '', 'HP-88', '', '年度'];
const LABELS = ['申请部门', '申请人', '联系电话', '申请日期', '项目名称', '预算金额', '审批意见', '备注'];
const VALUES = ['行政管理部', '王晓明', '13812345678', '2024年03月15日', '年度办公设备采购', '伍万元整', '同意按计划执行', '请于月底前完成'];
const PROSE = [
  '本公司依照有关规定', '开展年度安全检查', '各部门应当认真落实', '检查中发现的问题', '须在规定期限内整改', '并将整改情况书面报告',
  '办公室负责汇总材料', '财务部门做好经费保障', '未尽事宜另行通知', '请各单位遵照执行', '联系人及电话附后', '本通知自发布之日起施行',
];

const money = (rnd: Random) => (10 + Math.floor(rnd() * 9000) + Math.floor(rnd() * 100) / 100).toFixed(2);

/** Text in a cell: its lines centred across, centred or top-aligned down. */
function cellText(ctx: SKRSContext2D, lines: string[], x: number, y: number, w: number, h: number, size: number, top: boolean): void {
  const lineH = size * 1.35;
  const y0 = top ? y + size * 0.5 : y + (h - lines.length * lineH) / 2 + (lineH - size) / 2;
  lines.forEach((line, i) => {
    const tw = ctx.measureText(line).width;
    ctx.fillText(line, x + (w - tw) / 2, y0 + i * lineH);
  });
}

function grid(ctx: SKRSContext2D, xs: number[], ys: number[]): void {
  ctx.strokeStyle = '#7a4a2a';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (const x of xs) (ctx.moveTo(x, ys[0]!), ctx.lineTo(x, ys.at(-1)!));
  for (const y of ys) (ctx.moveTo(xs[0]!, y), ctx.lineTo(xs.at(-1)!, y));
  ctx.stroke();
}

function table(rnd: Random, ctx: SKRSContext2D, size: number): string[][] {
  const header = [['货物或应税', '劳务名称'], ['规格型号'], ['单位'], ['数量'], ['单价'], ['金额'], ['税率'], ['税额']];
  const widths = [200, 110, 60, 60, 110, 120, 70, 110];
  const rows: string[][][] = [header];
  for (let r = 0; r < 3 + Math.floor(rnd() * 3); r++) {
    const name = pick(rnd, NAMES);
    const wrapped = name.length > 4 && rnd() < 0.6 ? [`*${name.slice(0, 4)}`, `${name.slice(4)}*`] : [name];
    rows.push([wrapped, [pick(rnd, SPECS)], [pick(rnd, UNITS)], [String(1 + Math.floor(rnd() * 9))], [money(rnd)], [money(rnd)], [pick(rnd, ['13%', '6%', '9%'])], [money(rnd)]]);
  }
  const xs = [40];
  for (const w of widths) xs.push(xs.at(-1)! + w);
  const ys = [60];
  for (const row of rows) ys.push(ys.at(-1)! + (row.some((c) => c.length > 1) ? 2.9 : 2) * size);
  grid(ctx, xs, ys);
  const top = rnd() < 0.5;
  rows.forEach((row, r) => row.forEach((cell, c) => cellText(ctx, cell, xs[c]!, ys[r]!, widths[c]!, ys[r + 1]! - ys[r]!, size, top && r > 0)));
  return rows.flat().filter((cell) => cell.join('') !== '');
}

function form(rnd: Random, ctx: SKRSContext2D, size: number): string[][] {
  const widths = [130, 230, 130, 230];
  const order = [...LABELS.keys()].sort(() => rnd() - 0.5);
  const rows: string[][][] = [];
  for (let i = 0; i < order.length; i += 2) {
    const a = order[i]!, b = order[i + 1]!;
    const value = (k: number) => (VALUES[k]!.length > 7 && rnd() < 0.5 ? [VALUES[k]!.slice(0, 6), VALUES[k]!.slice(6)] : [VALUES[k]!]);
    rows.push([[LABELS[a]!], value(a), [LABELS[b]!], value(b)]);
  }
  const xs = [40];
  for (const w of widths) xs.push(xs.at(-1)! + w);
  const ys = [60];
  for (const row of rows) ys.push(ys.at(-1)! + (row.some((c) => c.length > 1) ? 3 : 2.2) * size);
  grid(ctx, xs, ys);
  rows.forEach((row, r) => row.forEach((cell, c) => cellText(ctx, cell, xs[c]!, ys[r]!, widths[c]!, ys[r + 1]! - ys[r]!, size, false)));
  return rows.flat();
}

function columns(rnd: Random, ctx: SKRSContext2D, size: number): string[][] {
  const title = '关于开展年度安全检查的通知';
  ctx.fillText(title, (900 - ctx.measureText(title).width) / 2, 40);
  const lines = [...PROSE].sort(() => rnd() - 0.5);
  const half = Math.ceil(lines.length / 2);
  const gap = 1.9 * size;
  lines.forEach((line, i) => {
    const col = i < half ? 0 : 1;
    ctx.fillText(line, 60 + col * 430, 110 + (i % half) * gap);
  });
  return [[title], ...lines.map((l) => [l])];
}

export async function renderOrderPage(seed: number, layout: OrderLayout, turn = 0): Promise<OrderPage> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(seed);
  const size = 20;
  const canvas = createCanvas(1000, 560);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fbfaf6';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.save();
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((turn * Math.PI) / 180);
  ctx.translate(-canvas.width / 2, -canvas.height / 2);
  ctx.fillStyle = '#151515';
  ctx.font = `${size}px ${FAMILY}`;
  ctx.textBaseline = 'top';
  const cells = layout === 'table' ? table(rnd, ctx, size) : layout === 'form' ? form(rnd, ctx, size) : columns(rnd, ctx, size);
  ctx.restore();
  const png = await canvas.encode('png');
  return { name: `order-${layout}-${seed}${turn ? `-turned${turn}` : ''}`, bytes: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), layout, cells };
}

/**
 * How much of the page is read in a person's order: the share of cells found each after the
 * one before it in the output, and the share of multi-line cells whose lines came together.
 * Text is compared without spaces and asterisks.
 */
export function orderScore(cells: string[][], output: string[]): { inOrder: number; cellsTogether: number } {
  const norm = (s: string) => s.replace(/[\s*]/g, '');
  const text = output.map(norm);
  /** where a cell's first line is, from `from` on: the same text first, else a line holding it */
  const find = (line: string, from: number) => {
    const same = text.findIndex((t, i) => i >= from && t === norm(line));
    return same >= 0 ? same : text.findIndex((t, i) => i >= from && norm(line) !== '' && t.includes(norm(line)));
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
