import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY, FAMILY_BOLD, registerChineseFont } from '../fonts';
import { pick, seeded, type Random } from '../text';
import { dotText } from './dot-matrix';
import { camera, desk, encode, paste, placed, quarterTurn } from './paper-photo';
import { expectedTaxi, meterRows, type TaxiExpected, type TaxiFormat, taxiValues, type TaxiValues } from './taxi-invoice-values';

/*
 * Synthetic taxi invoices: narrow receipt slips with a red pre-printed head (title, 发票联,
 * tax bureau seal, 发票代码/发票号码, fine print), the meter's values in dot-matrix (each
 * glyph rasterised on a 12-dot grid and printed as round dots, some faint), a company
 * seal over the bottom rows, and the feed drift of real meters (values creeping up against
 * their labels). Variants: `scan` one slip upright; `photo` one slip on a desk, maybe
 * turned a quarter or upside down; `sheet` a 12 MP photo of 2–8 slips, some turned.
 */

export type TaxiVariant = 'scan' | 'photo' | 'sheet';

export interface TaxiSlip {
  values: TaxiValues;
  expected: TaxiExpected;
  /** RotateType the extractor should report: quarter turns clockwise */
  rotate: number;
}

export interface TaxiCase {
  name: string;
  variant: TaxiVariant;
  bytes: Uint8Array;
  slips: TaxiSlip[];
}

const SLIP = { width: 640, height: 1560 };
const RED = '#b8323a';

function label(ctx: SKRSContext2D, text: string, x: number, y: number, size: number, color = RED, bold = false): void {
  ctx.font = `${size}px ${bold ? FAMILY_BOLD : FAMILY}`;
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}

function seal(ctx: SKRSContext2D, cx: number, cy: number, rx: number, ry: number, words: string, alpha: number): void {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.strokeStyle = '#d0262f';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.ellipse(cx, cy, rx, ry, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = '#d0262f';
  ctx.font = `${Math.round(ry / 3)}px ${FAMILY}`;
  ctx.textAlign = 'center';
  ctx.fillText(words, cx, cy + ry / 2);
  ctx.restore();
}

export function drawSlip(v: TaxiValues, rnd: Random): Canvas {
  const canvas = createCanvas(SLIP.width, SLIP.height);
  const ctx = canvas.getContext('2d');
  const tone = 236 + Math.floor(rnd() * 16);
  ctx.fillStyle = `rgb(${tone},${tone},${tone - 4})`;
  ctx.fillRect(0, 0, SLIP.width, SLIP.height);
  ctx.textBaseline = 'top';
  const title = `${v.city}市出租汽车${v.format === 'inline' ? '统一' : '专用'}发票`;
  ctx.textAlign = 'center';
  label(ctx, title, 320, 60, title.length > 11 ? 40 : 44, RED, true);
  label(ctx, '国家税务总局', 320, 125, 28);
  label(ctx, '发    票    联', 320, 170, 46, RED, true);
  label(ctx, `${v.city}市税务局`, 320, 225, 26);
  seal(ctx, 320, 165, 220, 95, '', 0.55);
  ctx.textAlign = 'left';
  label(ctx, `发票代码${v.code}`, 60, 300, 34, '#222222');
  ctx.font = `34px ${FAMILY}`;
  ctx.fillStyle = '#222222';
  ctx.fillText('发票号码', 60, 360);
  label(ctx, v.number, 60 + ctx.measureText('发票号码').width, 355, 42, '#c41f28');
  label(ctx, '投诉电话：12328', 40, 430, 26, '#333333');
  label(ctx, `单位名称：${v.company}`, 40, 475, 24, '#333333');
  label(ctx, `发票信息查询请登录${v.city}市税务局网站`, 40, 515, 21, '#333333');
  ctx.strokeStyle = '#333333';
  ctx.strokeRect(190, 565, 330, 46);
  label(ctx, '机打发票  手写无效', 205, 572, 30, '#333333');

  const rows = meterRows(v);
  const top = 650, pitch = v.format === 'preprinted' ? 58 : 62, h = 36 + Math.floor(rnd() * 8);
  // the meter's feed drifts against the pre-printed rows: up to half a row by the end
  const drift = v.format === 'meter' ? 0 : (rnd() < 0.5 ? -1 : 1) * rnd() * 0.45 * pitch;
  rows.forEach(([name, value], i) => {
    const y = top + i * pitch, vy = y + (drift * i) / rows.length;
    if (v.format === 'meter') {
      dotText(ctx, `${name} ${value}`.trim(), 70, y, h, 'left', rnd);
      return;
    }
    label(ctx, `${name}：`, 60, y, 32, v.format === 'preprinted' ? '#8a3b2a' : '#333333');
    if (!value) return;
    if (v.format === 'preprinted') dotText(ctx, value, 585, vy, h, 'right', rnd);
    else dotText(ctx, value, 280, vy, h, 'left', rnd);
  });
  const last = top + rows.length * pitch;
  if (rnd() < 0.8) seal(ctx, 430, Math.min(SLIP.height - 90, last - 20), 130, 80, '发票专用章', 0.7);
  return canvas;
}

function slips(rnd: Random, count: number): TaxiValues[] {
  const formats: TaxiFormat[] = ['preprinted', 'meter', 'inline'];
  const format = pick(rnd, formats);
  // one photo usually holds one city's receipts
  return Array.from({ length: count }, () => taxiValues(rnd, rnd() < 0.8 ? format : pick(rnd, formats)));
}

export async function renderTaxiCase(seed: number, variant: TaxiVariant, count = 4): Promise<TaxiCase> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(seed);
  const values = slips(rnd, variant === 'sheet' ? count : 1);
  const drawn = values.map((v) => drawSlip(v, rnd));
  let out: Canvas;
  const rotations: number[] = [];
  if (variant === 'scan') {
    out = drawn[0]!;
    rotations.push(0);
  } else if (variant === 'photo') {
    const turn = pick(rnd, [0, 0, 1, 2, 3]);
    const slip = quarterTurn(drawn[0]!, turn);
    const [w, hgt] = turn % 2 ? [2000, 1400] : [1400, 2000];
    out = desk(rnd, w, hgt);
    const scale = 0.85 * Math.min(w / slip.width, hgt / slip.height);
    paste(out.getContext('2d'), slip, placed(w / 2, hgt / 2, slip.width * scale, slip.height * scale, (rnd() - 0.5) * 8, (rnd() - 0.5) * 0.06));
    out = camera(out, rnd);
    rotations.push(turn);
  } else {
    // slips side by side on a sheet, the last ones of a second row turned a quarter
    out = desk(rnd, 4000, 3000);
    const ctx = out.getContext('2d');
    ctx.fillStyle = '#f4f4f2';
    ctx.fillRect(60, 60, 3880, 2880);
    const upright = Math.min(values.length, 6);
    drawn.forEach((slip, i) => {
      const inRow = i < upright;
      const turn = inRow ? (rnd() < 0.15 ? 2 : 0) : pick(rnd, [1, 3]);
      const piece = quarterTurn(slip, turn);
      // about the corpus photo's scale: text 40–45 px high
      const s = 0.98;
      const cx = inRow ? 330 + i * 655 : 1000 + (i - upright) * 2000, cy = inRow ? 850 : 2350;
      paste(ctx, piece, placed(cx, cy, piece.width * s, piece.height * s, (rnd() - 0.5) * 3, 0));
      rotations.push(turn);
    });
    out = camera(out, rnd, 0.6, 4);
  }
  const format = variant === 'scan' ? 'png' : 'jpeg';
  return {
    name: `taxi-${variant}-${values[0]!.format}-${seed}`,
    variant,
    bytes: await encode(out, format, 88),
    slips: values.map((v, i) => ({ values: v, expected: expectedTaxi(v), rotate: rotations[i]! })),
  };
}

/** A reproducible mix of variants: the bench's and tests' cases. */
export function taxiPlan(count: number, seed: number): { seed: number; variant: TaxiVariant; count: number }[] {
  const variants: TaxiVariant[] = ['scan', 'photo', 'photo', 'scan', 'photo', 'sheet'];
  return Array.from({ length: count }, (_, i) => ({ seed: seed * 1000 + i, variant: variants[i % variants.length]!, count: 2 + (i % 7) }));
}
