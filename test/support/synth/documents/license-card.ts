import { existsSync } from 'node:fs';
import { type Canvas, createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY, FAMILY_BOLD } from '../fonts';
import { pick, type Random } from '../text';
import { camera, desk, encode, paste, placed, quarterTurn } from './paper-photo';

/*
 * What driver and vehicle licence cards have in common: a laminated card with a security
 * guilloche, Chinese labels with their English names under them, values printed in a
 * different (often monospaced) face on dotted lines, a red seal of the issuing police, a
 * photo box; and how they reach us: scanned, re-saved as small JPEGs, photographed on a
 * desk (perspective, blur, light, noise) inside a plastic sleeve that throws glare, beside
 * the licence's other page, or photographed sideways or upside down.
 */

/** `pair`: the page asked for photographed beside the licence's other page, as people often do. */
export type CardVariant = 'clean' | 'jpeg' | 'photo' | 'glare' | 'turned' | 'pair' | HardCardVariant;
export const CARD_VARIANTS: CardVariant[] = ['clean', 'photo', 'jpeg', 'glare', 'pair', 'turned'];
/**
 * Field photos that went wrong (issue 17): held tilted 12–22° and in strong perspective; a
 * faded, washed-out card (low contrast); on a busy background of printed paper, cloth and
 * colour (a car seat, a newspaper); two glare spots, one over the values.
 */
export type HardCardVariant = 'tilt' | 'faded' | 'busy' | 'double-glare';
export const HARD_CARD_VARIANTS: HardCardVariant[] = ['tilt', 'faded', 'busy', 'double-glare'];

/** Printed values: a monospaced Latin face for digits beside the Chinese sans. */
export const MONO = 'LicMono';
export const SERIF = 'LicSerif';
let extraFonts = false;
function registerExtraFonts(): void {
  if (extraFonts) return;
  extraFonts = true;
  const faces: [string, string][] = [
    ['/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', MONO],
    ['/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf', SERIF],
  ];
  // optional: without them the canvas falls back to the Chinese sans, still a fair card
  for (const [path, family] of faces) if (existsSync(path)) GlobalFonts.registerFromPath(path, family);
}

export function font(size: number, face: 'label' | 'value' | 'mono' | 'serif' | 'bold'): string {
  registerExtraFonts();
  const family = { label: FAMILY_BOLD, bold: FAMILY_BOLD, value: FAMILY, mono: `${MONO}, ${FAMILY}`, serif: `${SERIF}, ${FAMILY}` }[face];
  return `${Math.round(size)}px ${family}`;
}

/** The card: rounded corners, base tint, fine wavy security lines and a faint rosette. */
export function card(rnd: Random, width: number, height: number, tint: string, line: string): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = tint;
  ctx.beginPath();
  ctx.roundRect(0, 0, width, height, width * 0.03);
  ctx.fill();
  ctx.save();
  ctx.clip();
  ctx.strokeStyle = line;
  ctx.lineWidth = 1;
  const phase = rnd() * 10;
  for (let y = -20; y < height + 20; y += 9) {
    ctx.beginPath();
    for (let x = 0; x <= width; x += 12) ctx.lineTo(x, y + Math.sin(x / 37 + y / 23 + phase) * 6);
    ctx.stroke();
  }
  const cx = width * (0.55 + rnd() * 0.2), cy = height * 0.55;
  ctx.globalAlpha = 0.5;
  for (let r = 40; r < height * 0.45; r += 14) {
    ctx.beginPath();
    for (let a = 0; a <= Math.PI * 2 + 0.01; a += 0.05) ctx.lineTo(cx + Math.cos(a) * (r + 6 * Math.sin(a * 12)), cy + Math.sin(a) * (r + 6 * Math.sin(a * 12)));
    ctx.stroke();
  }
  ctx.restore();
  return canvas;
}

export function text(ctx: SKRSContext2D, s: string, x: number, y: number, f: string, colour = '#1b1b1b', align: 'left' | 'center' | 'right' = 'left'): number {
  ctx.font = f;
  ctx.fillStyle = colour;
  ctx.textAlign = align;
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(s, x, y);
  return ctx.measureText(s).width;
}

/** A Chinese label with its English name under it; returns the right edge. */
export function label(ctx: SKRSContext2D, zh: string, en: string, x: number, y: number, size: number, colour = '#1b1b1b'): number {
  const a = text(ctx, zh, x, y, font(size, 'label'), colour);
  const b = en ? text(ctx, en, x, y + size * 0.85, font(size * 0.62, 'serif'), colour) : 0;
  return x + Math.max(a, b);
}

export function dotted(ctx: SKRSContext2D, x1: number, x2: number, y: number, colour = '#333333'): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1.6;
  ctx.setLineDash([2, 4]);
  ctx.beginPath();
  ctx.moveTo(x1, y);
  ctx.lineTo(x2, y);
  ctx.stroke();
  ctx.setLineDash([]);
}

const SEAL = 'rgba(214, 30, 36, 0.85)';

/** The driver licence's square seal: a red frame with the issuing office in 3–4 rows. */
export function squareSeal(ctx: SKRSContext2D, authority: string, x: number, y: number, w: number, h: number): void {
  ctx.strokeStyle = SEAL;
  ctx.lineWidth = 4;
  ctx.strokeRect(x, y, w, h);
  const perRow = authority.length > 18 ? 6 : 5;
  const rows: string[] = [];
  for (let i = 0; i < authority.length; i += perRow) rows.push(authority.slice(i, i + perRow));
  if (rows.length > 1 && rows.at(-1)!.length < 3) {
    const tail = rows.pop()!;
    rows[rows.length - 1] += tail;
  }
  const size = Math.min(h / (rows.length * 1.35), (w * 0.9) / Math.max(...rows.map((r) => r.length)));
  rows.forEach((row, i) => text(ctx, row, x + w / 2, y + (h / rows.length) * (i + 0.5) + size * 0.38, font(size, 'bold'), SEAL, 'center'));
}

/** A round seal: the office's name along the rim, a star in the middle, 专用章 below it. */
export function roundSeal(ctx: SKRSContext2D, authority: string, cx: number, cy: number, r: number): void {
  ctx.strokeStyle = SEAL;
  ctx.lineWidth = r * 0.05;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.stroke();
  const size = r * 0.22, span = Math.PI * 1.35, chars = [...authority];
  chars.forEach((ch, i) => {
    const a = -Math.PI / 2 - span / 2 + (span * (i + 0.5)) / chars.length;
    ctx.save();
    ctx.translate(cx + Math.cos(a) * r * 0.78, cy + Math.sin(a) * r * 0.78);
    ctx.rotate(a + Math.PI / 2);
    text(ctx, ch, 0, size * 0.4, font(size, 'bold'), SEAL, 'center');
    ctx.restore();
  });
  ctx.fillStyle = SEAL;
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5, rr = i % 2 ? r * 0.12 : r * 0.3;
    ctx.lineTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
  }
  ctx.fill();
}

/** A portrait: grey backdrop, head and shoulders (nothing the recogniser should read). */
export function portrait(ctx: SKRSContext2D, rnd: Random, x: number, y: number, w: number, h: number): void {
  ctx.fillStyle = pick(rnd, ['#f4f4f4', '#e8eef6', '#dfe6ee']);
  ctx.fillRect(x, y, w, h);
  ctx.fillStyle = pick(rnd, ['#1e1b1a', '#2e2622', '#463a30']);
  ctx.beginPath();
  ctx.ellipse(x + w / 2, y + h * 0.36, w * 0.26, h * 0.22, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = pick(rnd, ['#e7c9ad', '#d9b597', '#f0d5bd']);
  ctx.beginPath();
  ctx.ellipse(x + w / 2, y + h * 0.42, w * 0.2, h * 0.2, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = pick(rnd, ['#20242c', '#f2f2f2', '#3a4b6a']);
  ctx.beginPath();
  ctx.ellipse(x + w / 2, y + h * 1.02, w * 0.48, h * 0.36, 0, Math.PI, Math.PI * 2);
  ctx.fill();
}

export function barcode(ctx: SKRSContext2D, rnd: Random, x: number, y: number, w: number, h: number): void {
  ctx.fillStyle = '#161616';
  for (let px = x; px < x + w; ) {
    const bar = 1 + Math.floor(rnd() * 4);
    if (rnd() < 0.55) ctx.fillRect(px, y, bar, h);
    px += bar + 1 + Math.floor(rnd() * 3);
  }
}

/** A plastic sleeve's reflection: a soft bright ellipse somewhere on the card. */
function glare(ctx: SKRSContext2D, rnd: Random, quad: { x: number; y: number }[]): void {
  const t = rnd(), s = rnd();
  const cx = quad[0]!.x + (quad[1]!.x - quad[0]!.x) * (0.2 + 0.6 * t) + (quad[3]!.x - quad[0]!.x) * (0.2 + 0.6 * s);
  const cy = quad[0]!.y + (quad[1]!.y - quad[0]!.y) * (0.2 + 0.6 * t) + (quad[3]!.y - quad[0]!.y) * (0.2 + 0.6 * s);
  const r = Math.hypot(quad[1]!.x - quad[0]!.x, quad[1]!.y - quad[0]!.y) * (0.12 + rnd() * 0.12);
  const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, r);
  g.addColorStop(0, `rgba(255,255,255,${(0.5 + rnd() * 0.25).toFixed(2)})`);
  g.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(1.8, 0.7);
  ctx.translate(-cx, -cy);
  ctx.fillStyle = g;
  ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
  ctx.restore();
}

/** The card (or cards side by side) as the caller sends it. */
/** A washed-out card: a pale film over it, its ink at half the contrast or less. */
function fade(ctx: SKRSContext2D, rnd: Random, quad: { x: number; y: number }[]): void {
  ctx.save();
  ctx.fillStyle = `rgba(${238 + Math.floor(rnd() * 10)},${232 + Math.floor(rnd() * 10)},${215 + Math.floor(rnd() * 15)},${(0.45 + rnd() * 0.15).toFixed(2)})`;
  ctx.beginPath();
  quad.forEach((p) => ctx.lineTo(p.x, p.y));
  ctx.fill();
  ctx.restore();
}

/** A busy background: blocks of colour, cloth stripes and lines of printed text. */
function busy(rnd: Random, width: number, height: number): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  for (let i = 0; i < 14; i++) {
    ctx.fillStyle = `hsl(${Math.floor(rnd() * 360)},${20 + Math.floor(rnd() * 50)}%,${25 + Math.floor(rnd() * 55)}%)`;
    ctx.fillRect(rnd() * width - width * 0.2, rnd() * height - height * 0.2, width * (0.2 + rnd() * 0.5), height * (0.2 + rnd() * 0.5));
  }
  ctx.strokeStyle = 'rgba(0,0,0,0.25)';
  ctx.lineWidth = Math.max(2, width / 300);
  for (let x = 0; x < width; x += width / 40) {
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x + width * 0.1, height);
    ctx.stroke();
  }
  ctx.fillStyle = 'rgba(20,20,20,0.8)';
  ctx.font = `${Math.round(height / 40)}px ${FAMILY}`;
  const words = ['会议纪要', '价格表', '欢迎光临', '营业时间', '通知', '停车场', '服务热线', '优惠活动'];
  for (let i = 0; i < 30; i++) ctx.fillText(pick(rnd, words) + pick(rnd, words), rnd() * width, rnd() * height);
  return canvas;
}

export async function photograph(cards: Canvas[], variant: CardVariant, rnd: Random): Promise<{ bytes: Uint8Array; format: 'png' | 'jpeg' }> {
  const gap = 40;
  const width = cards.reduce((s, c) => s + c.width, 0) + gap * (cards.length - 1);
  const height = Math.max(...cards.map((c) => c.height));
  const sheet = createCanvas(width, height);
  let x = 0;
  for (const c of cards) {
    sheet.getContext('2d').drawImage(c, x, (height - c.height) / 2);
    x += c.width + gap;
  }
  if (variant === 'clean') return { bytes: await encode(sheet, 'png'), format: 'png' };
  if (variant === 'jpeg') {
    const scale = 0.62 + rnd() * 0.2;
    const small = createCanvas(Math.round(width * scale), Math.round(height * scale));
    small.getContext('2d').drawImage(sheet, 0, 0, small.width, small.height);
    return { bytes: await encode(small, 'jpeg', 45 + Math.floor(rnd() * 30)), format: 'jpeg' };
  }
  // phone photos, down to what messaging apps resend and up to a 12 MP original
  const [w, h] = pick(rnd, [[2000, 1500], [1600, 1200], [2400, 1800], [4000, 3000]] as const);
  let out = variant === 'busy' ? busy(rnd, w, h) : desk(rnd, w, h);
  // people fill much of the frame with what they photograph, a pair of pages most of it
  const tilt = variant === 'tilt' ? (rnd() < 0.5 ? -1 : 1) * (12 + rnd() * 10) : (rnd() - 0.5) * 14;
  const scale = (cards.length > 1 ? 0.75 + rnd() * 0.17 : 0.6 + rnd() * 0.3) * Math.min(w / width, h / height) * (variant === 'tilt' ? 0.85 : 1);
  const keystone = variant === 'tilt' ? (rnd() < 0.5 ? -1 : 1) * (0.12 + rnd() * 0.08) : (rnd() - 0.5) * 0.1;
  const quad = placed(w / 2 + (rnd() - 0.5) * w * 0.05, h / 2 + (rnd() - 0.5) * h * 0.05, width * scale, height * scale, tilt, keystone);
  const ctx = out.getContext('2d');
  ctx.fillStyle = 'rgba(0,0,0,0.35)';
  ctx.beginPath();
  quad.forEach((p) => ctx.lineTo(p.x + 8, p.y + 10));
  ctx.fill();
  paste(ctx, sheet, quad);
  if (variant === 'glare' || variant === 'double-glare') glare(ctx, rnd, quad);
  if (variant === 'double-glare') glare(ctx, rnd, quad);
  if (variant === 'faded') fade(ctx, rnd, quad);
  out = camera(out, rnd);
  if (variant === 'turned') out = quarterTurn(out, pick(rnd, [1, 2, 3]));
  return { bytes: await encode(out, 'jpeg', 80 + Math.floor(rnd() * 12)), format: 'jpeg' };
}
