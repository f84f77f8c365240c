import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { checkDigit } from '../../../../src/ocr/documents/vin/check';
import { FAMILY, FAMILY_BOLD, registerChineseFont } from '../fonts';
import { paste } from '../perspective';
import { renderDocument } from '../render';
import { pick, seeded, type Random } from '../text';
import { degrade } from './plate';

/*
 * VINs with valid check digits and real manufacturer prefixes, where VINs are found:
 * a label sticker (barcode, maker lines), a stamped metal plate (engraved look: dark cut,
 * light rim, brushed metal), a line of a vehicle document among others (the generic page
 * renderer, so its turned, blurred and photo variants), a windshield tag behind glass.
 * Photo variants tilt the object in perspective and add blur, light, noise and JPEG.
 */

export type VinVariant = 'sticker' | 'metal' | 'document' | 'windshield';
export const VIN_VARIANTS: VinVariant[] = ['sticker', 'metal', 'document', 'windshield'];

/** World manufacturer identifiers of makers common in China (SAE/ISO 3780 assignments). */
const WMIS = [
  'LSV', 'LFV', 'LVS', 'LGB', 'LHG', 'LVG', 'LBV', 'LE4', 'LSG', 'LNB', 'LGX', 'LRW', 'LGW', 'LB3', 'LDC', 'LZW',
  'LJD', 'LS5', 'LMG', 'LVH', 'WDD', 'WBA', 'WVW', 'WAU', 'JTD', 'JHM', 'KMH', 'SAL', 'VF1', 'ZFA', '1HG', '5YJ',
];
const VIN_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const DIGITS = '0123456789';
/** Model-year codes (position 10): no I O Q U Z, no 0. */
const YEARS = 'ABCDEFGHJKLMNPRSTVWXY123456789';

const one = (rnd: Random, set: string) => set[Math.floor(rnd() * set.length)]!;
const many = (rnd: Random, set: string, n: number) => Array.from({ length: n }, () => one(rnd, set)).join('');

export function randomVin(rnd: Random): string {
  const body = pick(rnd, WMIS) + many(rnd, VIN_LETTERS + DIGITS, 5) + '0' + one(rnd, YEARS) + one(rnd, VIN_LETTERS + DIGITS) + many(rnd, DIGITS, 6);
  const vin = body.slice(0, 8) + checkDigit(body)! + body.slice(9);
  if (checkDigit(vin) !== vin[8]) throw new Error(`bad synthetic VIN ${vin}`);
  return vin;
}

/** Text in fixed-width cells, as stamps and label printers set VINs. */
function spaced(ctx: SKRSContext2D, text: string, x: number, y: number, cell: number, font: string): void {
  ctx.font = font;
  [...text].forEach((ch, i) => {
    const w = ctx.measureText(ch).width;
    // wide letters (M, W) are narrowed to keep a gap to their neighbours, as stamps do
    const squeeze = Math.min(1, (0.82 * cell) / w);
    ctx.save();
    ctx.translate(x + i * cell + (cell - w * squeeze) / 2, y);
    ctx.scale(squeeze, 1);
    ctx.fillText(ch, 0, 0);
    ctx.restore();
  });
}

/** Where the code is printed on a sticker and a windshield tag: left edge, baseline, cell and font size in px. */
export const VIN_LINES = {
  sticker: { x: 24, baseline: 170, cell: 33.5, size: 36 },
  windshield: { x: 34, baseline: 92, cell: 33.6, size: 36 },
} as const;

function sticker(rnd: Random, vin: string): Canvas {
  const c = createCanvas(620, 260);
  const ctx = c.getContext('2d');
  ctx.fillStyle = pick(rnd, ['#fbfbf8', '#f2f0e6', '#e9eef3']);
  ctx.fillRect(0, 0, 620, 260);
  ctx.fillStyle = '#151515';
  ctx.font = `22px ${FAMILY_BOLD}`;
  ctx.fillText(pick(rnd, ['车辆识别代号 VIN', 'VIN', '车架号 VIN']), 24, 40);
  ctx.font = `18px ${FAMILY}`;
  ctx.fillText(`制造年月：20${10 + Math.floor(rnd() * 14)}年${1 + Math.floor(rnd() * 12)}月`, 24, 226);
  ctx.fillText(`整车型号：${many(rnd, 'ABCDHJKLMSTVWX', 2)}${many(rnd, DIGITS, 4)}${one(rnd, 'ABCDE')}`, 330, 226);
  for (let x = 24; x < 596; ) {
    const w = 1 + Math.floor(rnd() * 4);
    ctx.fillRect(x, 60, w, 56);
    x += w + 1 + Math.floor(rnd() * 4);
  }
  const at = VIN_LINES.sticker;
  spaced(ctx, vin, at.x, at.baseline, at.cell, `bold ${at.size}px ${FAMILY_BOLD}`);
  return c;
}

/** The 5×7 dot matrix dot-peen markers stamp VINs with (rows top to bottom, 5 bits each). */
const MATRIX: Record<string, string> = {
  0: '0e 11 13 15 19 11 0e', 1: '04 0c 04 04 04 04 0e', 2: '0e 11 01 02 04 08 1f', 3: '1f 02 04 02 01 11 0e',
  4: '02 06 0a 12 1f 02 02', 5: '1f 10 1e 01 01 11 0e', 6: '06 08 10 1e 11 11 0e', 7: '1f 01 02 04 08 08 08',
  8: '0e 11 11 0e 11 11 0e', 9: '0e 11 11 0f 01 02 0c', A: '0e 11 11 11 1f 11 11', B: '1e 11 11 1e 11 11 1e',
  C: '0e 11 10 10 10 11 0e', D: '1c 12 11 11 11 12 1c', E: '1f 10 10 1e 10 10 1f', F: '1f 10 10 1e 10 10 10',
  G: '0e 11 10 17 11 11 0f', H: '11 11 11 1f 11 11 11', J: '07 02 02 02 02 12 0c', K: '11 12 14 18 14 12 11',
  L: '10 10 10 10 10 10 1f', M: '11 1b 15 15 11 11 11', N: '11 11 19 15 13 11 11', P: '1e 11 11 1e 10 10 10',
  R: '1e 11 11 1e 14 12 11', S: '0f 10 10 0e 01 01 1e', T: '1f 04 04 04 04 04 04', U: '11 11 11 11 11 11 0e',
  V: '11 11 11 11 11 0a 04', W: '11 11 11 15 15 15 0a', X: '11 11 0a 04 0a 11 11', Y: '11 11 11 0a 04 04 04',
  Z: '1f 01 02 04 08 10 1f',
};

/** Text as a dot-peen marker stamps it: one dot per set cell of the 5×7 matrix. */
function dotPeen(ctx: SKRSContext2D, vin: string, x: number, baseline: number, cell: number, colour: string): void {
  const pitch = cell / 6.2, radius = pitch * 0.44;
  ctx.fillStyle = colour;
  [...vin].forEach((ch, i) => {
    MATRIX[ch]!.split(' ').forEach((row, r) => {
      const bits = parseInt(row, 16);
      for (let c = 0; c < 5; c++) {
        if (!(bits & (16 >> c))) continue;
        ctx.beginPath();
        ctx.arc(x + i * cell + (c + 0.6) * pitch, baseline - (6.5 - r) * pitch * 1.2, radius, 0, Math.PI * 2);
        ctx.fill();
      }
    });
  });
}

function metal(rnd: Random, vin: string, dots: boolean): Canvas {
  const c = createCanvas(900, 220);
  const ctx = c.getContext('2d');
  const base = 110 + Math.floor(rnd() * 80);
  const light = ctx.createLinearGradient(0, 0, 900, 220 * rnd());
  light.addColorStop(0, `rgb(${base - 25},${base - 22},${base - 20})`);
  light.addColorStop(0.3 + rnd() * 0.4, `rgb(${base + 30},${base + 32},${base + 34})`);
  light.addColorStop(1, `rgb(${base - 15},${base - 12},${base - 10})`);
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, 900, 220);
  // brushed metal: faint horizontal streaks; a few scratches and stains
  for (let y = 0; y < 220; y += 2) {
    ctx.fillStyle = `rgba(${rnd() < 0.5 ? '255,255,255' : '0,0,0'},${(rnd() * 0.08).toFixed(3)})`;
    ctx.fillRect(0, y, 900, 2);
  }
  ctx.strokeStyle = 'rgba(230,230,230,0.35)';
  for (let i = 0; i < 6; i++) {
    ctx.beginPath();
    ctx.moveTo(rnd() * 900, rnd() * 220);
    ctx.lineTo(rnd() * 900, rnd() * 220);
    ctx.stroke();
  }
  for (let i = 0; i < 4; i++) {
    ctx.fillStyle = `rgba(110,70,40,${(rnd() * 0.25).toFixed(2)})`;
    ctx.beginPath();
    ctx.ellipse(rnd() * 900, rnd() * 220, 20 + rnd() * 60, 10 + rnd() * 30, rnd() * 3, 0, Math.PI * 2);
    ctx.fill();
  }
  const font = `${70 + Math.floor(rnd() * 10)}px ${pick(rnd, [FAMILY, FAMILY_BOLD])}`;
  const cell = 49 + rnd() * 3;
  const x = (900 - cell * 17) / 2;
  const depth = 45 + Math.floor(rnd() * 50);
  const cut = `rgb(${base - depth},${base - depth},${base - depth + 4})`;
  if (dots) {
    dotPeen(ctx, vin, x, 150, cell, cut);
  } else {
    // an engraved groove: light rim on the lower right, dark cut, under a raking light
    ctx.fillStyle = 'rgba(255,255,255,0.5)';
    spaced(ctx, vin, x + 2, 145, cell, font);
    ctx.fillStyle = cut;
    spaced(ctx, vin, x, 143, cell, font);
  }
  if (rnd() < 0.5) {
    ctx.fillStyle = cut;
    ctx.font = `40px ${FAMILY_BOLD}`;
    ctx.fillText('*', x - 40, 140);
    ctx.fillText('*', x + cell * 17 + 8, 140);
  }
  return c;
}

function windshield(rnd: Random, vin: string): Canvas {
  const c = createCanvas(640, 150);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#1d1f22';
  ctx.fillRect(0, 0, 640, 150);
  ctx.fillStyle = '#e8e8e2';
  ctx.fillRect(20, 30, 600, 90);
  ctx.fillStyle = '#111111';
  const at = VIN_LINES.windshield;
  spaced(ctx, vin, at.x, at.baseline, at.cell, `${at.size}px ${FAMILY_BOLD}`);
  // the windshield: a greenish tint and a sky reflection across it
  const g = ctx.createLinearGradient(0, 0, 640, 150);
  g.addColorStop(0, 'rgba(120,160,150,0.25)');
  g.addColorStop(0.5, `rgba(255,255,255,${(0.1 + rnd() * 0.25).toFixed(2)})`);
  g.addColorStop(1, 'rgba(60,90,80,0.2)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 640, 150);
  return c;
}

/** The object a VIN is on, unplaced: a sticker, a metal plate or a windshield tag. */
export function vinObject(rnd: Random, variant: Exclude<VinVariant, 'document'>, vin: string, dots = false): Canvas {
  return variant === 'sticker' ? sticker(rnd, vin) : variant === 'metal' ? metal(rnd, vin, dots) : windshield(rnd, vin);
}

/**
 * The object photographed: placed on a 1280×800 background, `fill.least` to `fill.least +
 * fill.range` of its width,
 * tilted in perspective (`tilt` times the usual) and degraded (blur, light, noise) when
 * `photo`, upright and clean otherwise.
 */
export function photographed(object: Canvas, rnd: Random, photo: boolean, tilt = 1, fill = { least: 0.55, range: 0.3 }): Canvas {
  const W = 1280, H = 800;
  const scene = createCanvas(W, H);
  const ctx = scene.getContext('2d');
  ctx.fillStyle = pick(rnd, ['#5b5e63', '#2e3033', '#7a6a58', '#a9acb0', '#1b2a3a']);
  ctx.fillRect(0, 0, W, H);
  const scale = (W * (fill.least + rnd() * fill.range)) / object.width;
  const w = object.width * scale, h = object.height * scale;
  const angle = photo ? ((rnd() - 0.5) * 16 * Math.PI) / 180 : 0;
  const persp = photo ? (rnd() - 0.5) * 0.2 * tilt : 0;
  const shear = photo ? (rnd() - 0.5) * 0.2 * tilt : 0;
  const cx = W / 2 + (rnd() - 0.5) * 80, cy = H / 2 + (rnd() - 0.5) * 80;
  const corners = [
    { x: -w / 2, y: (-h / 2) * (1 - persp) },
    { x: w / 2, y: (-h / 2) * (1 + persp) },
    { x: w / 2, y: (h / 2) * (1 + persp) },
    { x: -w / 2, y: (h / 2) * (1 - persp) },
  ].map(({ x, y }) => {
    const sx = x + shear * y;
    return { x: cx + sx * Math.cos(angle) - y * Math.sin(angle), y: cy + sx * Math.sin(angle) + y * Math.cos(angle) };
  });
  paste(ctx, object, corners, 4);
  return photo ? degrade(scene, rnd, 1.2) : scene;
}

export interface VinImage {
  name: string;
  variant: VinVariant;
  bytes: Uint8Array;
  vin: string;
}

export interface VinOptions {
  seed: number;
  variant?: VinVariant;
  /** tilt, perspective, blur, noise, light; documents become one of the page renderer's photo-like variants */
  photo?: boolean;
  /** metal plates: stamped with a dot-peen 5×7 matrix instead of engraved strokes (default: one in five) */
  dotPeen?: boolean;
  /** print this code instead of a random valid VIN (error cases: a wrong check digit) */
  vin?: string;
}

export async function renderVin(options: VinOptions): Promise<VinImage> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(options.seed);
  const variant = options.variant ?? pick(rnd, VIN_VARIANTS);
  const photo = options.photo ?? rnd() < 0.6;
  const random = randomVin(rnd);
  const vin = options.vin ?? random;
  const name = `vin-${variant}${photo ? '-photo' : ''}-${options.seed}`;
  if (variant === 'document') {
    const label = pick(rnd, ['车辆识别代号/车架号码', '车辆识别代号', '车架号', 'VIN']);
    const rows = [
      pick(rnd, ['机动车销售统一发票', '机动车登记证书', '车辆出厂合格证']),
      `车辆类型  ${pick(rnd, ['小型轿车', '小型普通客车', '轻型厢式货车'])}  厂牌型号  ${many(rnd, 'ABCDHJKLMSTVWX', 2)}${many(rnd, DIGITS, 4)}`,
      `${label}  ${vin}`,
      `发动机号码  ${many(rnd, 'ABCDEFGHJKLMNPRSTUVWXYZ', 1)}${many(rnd, DIGITS, 7)}`,
      `合格证号  W${many(rnd, DIGITS, 13)}`,
      `价税合计  ¥${100000 + Math.floor(rnd() * 200000)}.00`,
    ];
    const page = await renderDocument({ seed: options.seed, variant: photo ? pick(rnd, ['skew', 'blur', 'jpeg', 'noisy', 'photo', 'rot180'] as const) : 'clean', rows });
    return { name, variant, bytes: page.bytes, vin };
  }
  const dots = options.dotPeen ?? rnd() < 0.2;
  const out = photographed(vinObject(rnd, variant, vin, dots), rnd, photo);
  const bytes = await out.encode('jpeg', photo ? 60 + Math.floor(rnd() * 30) : 92);
  const label = variant === 'metal' && dots ? name.replace('metal', 'metal-dotpeen') : name;
  return { name: label, variant, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), vin };
}
