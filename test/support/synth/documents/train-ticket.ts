import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY, FAMILY_BOLD, registerChineseFont } from '../fonts';
import { pick, seeded, type Random } from '../text';
import { camera, desk, encode, paste, placed, quarterTurn } from './paper-photo';
import { STATIONS } from './train-stations';

/*
 * Synthetic train tickets with random valid values: blue magnetic tickets (QR code, name
 * after the ID number), red ones (older, often without a name), and 12306 app order
 * screenshots (ISO date, times under the stations, labels). Variants: clean PNG, JPEG, a
 * phone photo on a desk (turned, keystoned, blurred, noisy), and a photo taken sideways or
 * upside down. `expected` is the 2582-24 Data the extractor must return (DESIGN.md §5).
 */

export type TicketStyle = 'blue' | 'red' | 'screenshot';
export type TicketVariant = 'clean' | 'jpeg' | 'photo' | 'turned';

export interface TicketValues {
  serial: string;
  from: readonly [string, string];
  to: readonly [string, string];
  number: string;
  date: { y: number; m: number; d: number };
  time: string;
  seat: string;
  level: string;
  price: number;
  name: string;
  id: string;
  sale: string;
}

export interface TrainTicketExpected {
  Name: string;
  Date: string;
  Seat: string;
  Number: string;
  Price: number;
  DepartureStation: string;
  Level: string;
  Destination: string;
}

export interface TicketCase {
  name: string;
  style: TicketStyle;
  variant: TicketVariant;
  bytes: Uint8Array;
  values: TicketValues;
  expected: TrainTicketExpected;
}

const int = (rnd: Random, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const two = (n: number) => String(n).padStart(2, '0');
const digits = (rnd: Random, n: number) => Array.from({ length: n }, () => int(rnd, 0, 9)).join('');
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程苏魏吕丁任沈姚卢';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超霞平刚桂英华玉兰萍红建文辉力永志秀宇浩凯鹏晨欣怡佳琳雪梅';

export function ticketValues(rnd: Random, style: TicketStyle): TicketValues {
  const from = pick(rnd, STATIONS);
  let to = pick(rnd, STATIONS);
  while (to[0] === from[0]) to = pick(rnd, STATIONS);
  const kind = pick(rnd, ['G', 'G', 'D', 'C', 'K', 'T', 'Z', '']);
  const fast = 'GDC'.includes(kind) && kind !== '';
  const number = kind === '' ? String(int(rnd, 1001, 7598)) : kind + String(int(rnd, 1, kind === 'Z' ? 399 : kind === 'C' ? 9999 : 9999));
  const car = two(int(rnd, 1, fast ? 16 : 18));
  let level: string, seat: string;
  if (fast) {
    level = pick(rnd, ['二等座', '二等座', '二等座', '一等座', '商务座']);
    const letters = level === '二等座' ? 'ABCDF' : level === '一等座' ? 'ACDF' : 'ACF';
    seat = `${car}车${two(int(rnd, 1, 18))}${pick(rnd, [...letters])}号`;
  } else {
    level = pick(rnd, ['硬座', '新空调硬座', '硬卧', '新空调硬卧', '软卧', '新空调软卧', '无座']);
    if (level === '无座') seat = `${car}车无座`;
    else if (level.endsWith('卧')) seat = `${car}车${String(int(rnd, 1, 66)).padStart(3, '0')}号${pick(rnd, level.includes('软') ? ['上铺', '下铺'] : ['上铺', '中铺', '下铺'])}`;
    else seat = `${car}车${String(int(rnd, 1, 118)).padStart(3, '0')}号`;
  }
  const price = fast ? int(rnd, 20, 1800) + (rnd() < 0.5 ? 0.5 : 0) : int(rnd, 8, 600) + (rnd() < 0.5 ? 0.5 : 0);
  const year = int(rnd, 2013, 2025);
  const date = { y: year, m: int(rnd, 1, 12), d: int(rnd, 1, 28) };
  const named = style !== 'red' || rnd() < 0.5;
  const name = named ? pick(rnd, [...SURNAMES]) + Array.from({ length: int(rnd, 1, 2) }, () => pick(rnd, [...GIVEN])).join('') : '';
  const letter = pick(rnd, [...'ABCDEFGHJ']);
  const serial = style === 'screenshot' ? `E${digits(rnd, 9)}` : `${letter}${digits(rnd, 6)}`;
  const id = `${int(rnd, 11, 65)}${digits(rnd, 4)}${int(rnd, 1955, 2005)}****${digits(rnd, 3)}${pick(rnd, [...'0123456789X'])}`;
  const sale = `${digits(rnd, 5)}${two(date.m)}${two(date.d)}${digits(rnd, 5)}${serial} ${from[0]}售`;
  return { serial, from, to, number, date, time: `${two(int(rnd, 5, 23))}:${two(int(rnd, 0, 59))}`, seat, level, price, name, id, sale };
}

export function expectedTicket(v: TicketValues): TrainTicketExpected {
  return {
    Name: v.name,
    Date: `${v.date.y}年${two(v.date.m)}月${two(v.date.d)}日${v.time}`,
    Seat: v.seat,
    Number: v.number,
    Price: v.price,
    DepartureStation: v.from[0],
    Level: v.level,
    Destination: v.to[0],
  };
}

const priceText = (p: number) => (Number.isInteger(p) ? `${p}.0` : String(p));

function text(ctx: SKRSContext2D, s: string, x: number, y: number, size: number, bold = false, align: 'left' | 'center' | 'right' = 'left'): number {
  ctx.font = `${size}px ${bold ? FAMILY_BOLD : FAMILY}`;
  ctx.textAlign = align;
  ctx.fillText(s, x, y);
  return ctx.measureText(s).width;
}

/** A blue or red magnetic ticket, 1000×640 px (87×54 mm at about 290 dpi). */
function drawPaperTicket(v: TicketValues, style: 'blue' | 'red', rnd: Random): Canvas {
  const canvas = createCanvas(1000, 640);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = style === 'blue' ? '#c9e1f2' : '#f5d5da';
  ctx.fillRect(0, 0, 1000, 640);
  // the security guilloche: fine wavy lines in the paper's colour
  ctx.strokeStyle = style === 'blue' ? '#a9cbe6' : '#eab4bd';
  ctx.lineWidth = 1.2;
  for (let y = 0; y < 640; y += 14) {
    ctx.beginPath();
    for (let x = 0; x <= 1000; x += 20) ctx.lineTo(x, y + Math.sin(x / 40 + y) * 5);
    ctx.stroke();
  }
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#c8161e';
  text(ctx, v.serial, 70, 62, 34, true);
  ctx.fillStyle = '#1a1a1a';
  if (rnd() < 0.5) text(ctx, pick(rnd, ['检票：', '候车：']) + pick(rnd, ['B6', 'A12', '一层候车室', '二楼A区', '3']), 620, 62, 26);
  text(ctx, `${v.from[0]}站`, 200, 140, 50, true, 'center');
  text(ctx, v.number, 500, 140, 46, true, 'center');
  text(ctx, `${v.to[0]}站`, 800, 140, 50, true, 'center');
  ctx.strokeStyle = '#1a1a1a';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(420, 182);
  ctx.lineTo(580, 182);
  ctx.lineTo(565, 174);
  ctx.stroke();
  text(ctx, v.from[1], 200, 200, 26, false, 'center');
  text(ctx, v.to[1], 800, 200, 26, false, 'center');
  text(ctx, `${v.date.y}年${two(v.date.m)}月${two(v.date.d)}日${v.time}开`, 90, 262, 34, true);
  text(ctx, v.seat, 620, 262, 34, true);
  text(ctx, `¥${priceText(v.price)}元`, 90, 322, 34, true);
  if (rnd() < 0.6) {
    text(ctx, '网', 440, 322, 30, true);
    ctx.beginPath();
    ctx.arc(455, 322, 22, 0, Math.PI * 2);
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  text(ctx, v.level, 620, 322, 34, true);
  text(ctx, '限乘当日当次车', 90, 382, 30);
  if (v.name) text(ctx, `${v.id}${rnd() < 0.5 ? '' : ' '}${v.name}`, 90, 470, 32);
  ctx.setLineDash([6, 5]);
  ctx.lineWidth = 1.5;
  ctx.strokeRect(90, 505, 560, 80);
  ctx.setLineDash([]);
  text(ctx, '买票请到12306 发货请到95306', 370, 528, 24, false, 'center');
  text(ctx, '中国铁路祝您旅途愉快', 370, 562, 24, false, 'center');
  text(ctx, v.sale, 90, 612, 26);
  if (style === 'blue') {
    ctx.fillStyle = '#1a1a1a';
    for (let y = 0; y < 25; y++) for (let x = 0; x < 25; x++) if (rnd() < 0.5) ctx.fillRect(760 + x * 7, 400 + y * 7, 7, 7);
  }
  return canvas;
}

/** A 12306 app order page: the values in the app's own layout, 1080×1800. */
function drawScreenshot(v: TicketValues, rnd: Random): Canvas {
  const canvas = createCanvas(1080, 1800);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f2f3f5';
  ctx.fillRect(0, 0, 1080, 1800);
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#111111';
  text(ctx, `${int(rnd, 7, 22)}:${two(int(rnd, 0, 59))}`, 60, 40, 34, true);
  text(ctx, `${int(rnd, 20, 100)}%`, 1020, 40, 30, false, 'right');
  ctx.fillStyle = '#3b7cf0';
  ctx.fillRect(0, 80, 1080, 130);
  ctx.fillStyle = '#ffffff';
  text(ctx, '订单详情', 540, 145, 44, true, 'center');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(30, 240, 1020, 420);
  ctx.fillStyle = '#111111';
  const week = '日一二三四五六'[new Date(v.date.y, v.date.m - 1, v.date.d).getDay()];
  text(ctx, `${v.date.y}-${two(v.date.m)}-${two(v.date.d)}（周${week}）`, 70, 295, 32);
  text(ctx, v.from[0], 180, 390, 56, true, 'center');
  text(ctx, v.number, 540, 375, 40, true, 'center');
  text(ctx, v.to[0], 900, 390, 56, true, 'center');
  ctx.strokeStyle = '#888888';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(450, 420);
  ctx.lineTo(630, 420);
  ctx.lineTo(612, 410);
  ctx.stroke();
  const [h, m] = v.time.split(':').map(Number) as [number, number];
  const arrive = `${two((h + 1 + int(rnd, 0, 8)) % 24)}:${two((m + 17) % 60)}`;
  text(ctx, v.time, 180, 470, 40, false, 'center');
  text(ctx, arrive, 900, 470, 40, false, 'center');
  text(ctx, `历时${int(rnd, 1, 9)}小时${int(rnd, 1, 59)}分`, 540, 470, 26, false, 'center');
  text(ctx, `检票口：${pick(rnd, ['A1', 'B6', '12', '7B'])}`, 70, 590, 28);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(30, 690, 1020, 300);
  ctx.fillStyle = '#111111';
  text(ctx, v.name, 70, 760, 38, true);
  text(ctx, pick(rnd, ['成人票', '学生票']), 280, 760, 30);
  text(ctx, '已支付', 1010, 760, 30, false, 'right');
  text(ctx, v.level, 70, 850, 36);
  text(ctx, v.seat, 330, 850, 36);
  ctx.fillStyle = '#f06a1d';
  text(ctx, `¥${priceText(v.price)}`, 1010, 850, 40, true, 'right');
  ctx.fillStyle = '#666666';
  text(ctx, `订单号：${v.serial}`, 70, 930, 26);
  for (const [i, label] of ['改签', '变更到站', '退票'].entries()) {
    ctx.strokeStyle = '#3b7cf0';
    ctx.strokeRect(90 + i * 320, 1060, 260, 90);
    ctx.fillStyle = '#3b7cf0';
    text(ctx, label, 220 + i * 320, 1105, 32, false, 'center');
  }
  return canvas;
}

export async function renderTrainTicket(seed: number, style: TicketStyle, variant: TicketVariant): Promise<TicketCase> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(seed);
  const values = ticketValues(rnd, style);
  const page = style === 'screenshot' ? drawScreenshot(values, rnd) : drawPaperTicket(values, style, rnd);
  let out: Canvas = page;
  let format: 'png' | 'jpeg' = 'png';
  if (variant === 'jpeg') {
    format = 'jpeg';
    const scale = style === 'screenshot' ? 0.62 : 0.8;
    out = createCanvas(Math.round(page.width * scale), Math.round(page.height * scale));
    out.getContext('2d').drawImage(page, 0, 0, out.width, out.height);
  }
  if (variant === 'photo' || variant === 'turned') {
    format = 'jpeg';
    const [w, h] = style === 'screenshot' ? [1500, 2000] : [1800, 1300];
    out = desk(rnd, w, h);
    const scale = (style === 'screenshot' ? 0.8 : 0.75) * Math.min(w / page.width, h / page.height) * (0.85 + rnd() * 0.15);
    const tilt = (rnd() - 0.5) * (variant === 'photo' ? 16 : 6);
    paste(out.getContext('2d'), page, placed(w / 2, h / 2, page.width * scale, page.height * scale, tilt, (rnd() - 0.5) * 0.1));
    out = camera(out, rnd);
    if (variant === 'turned') out = quarterTurn(out, pick(rnd, [1, 2, 3]));
  }
  const quality = variant === 'jpeg' ? 45 + Math.floor(rnd() * 30) : 85;
  return { name: `train-${style}-${variant}-${seed}`, style, variant, bytes: await encode(out, format, quality), values, expected: expectedTicket(values) };
}

/** A reproducible mix of styles and variants: the bench's and tests' cases. */
export function ticketPlan(count: number, seed: number): { seed: number; style: TicketStyle; variant: TicketVariant }[] {
  const styles: TicketStyle[] = ['blue', 'red', 'screenshot'];
  const variants: TicketVariant[] = ['clean', 'photo', 'jpeg', 'photo', 'turned'];
  return Array.from({ length: count }, (_, i) => ({
    seed: seed * 1000 + i,
    style: styles[i % styles.length]!,
    variant: variants[Math.floor(i / styles.length) % variants.length]!,
  }));
}
