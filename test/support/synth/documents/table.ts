import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY, FAMILY_BOLD, registerChineseFont } from '../fonts';
import { pick, seeded, type Random } from '../text';
import { tableSpec, type SynthTableSpec } from './table-content';

/*
 * Synthetic pages with one to three ruled tables (2582-10): column widths and row heights
 * fitted to the content, merged cells, a title above and a note below some tables, rules
 * 1–3 px in black or grey. Degraded like real input: JPEG, sensor noise, blur, a few degrees
 * of skew, quarter and half turns (read with AssureDirection=true), light grey rules, and a
 * phone photo (tilted on a desk, uneven light, 3000 px, JPEG).
 */

export type TableVariant = 'clean' | 'jpeg' | 'noisy' | 'blur' | 'skew' | 'grey' | 'rot90' | 'rot180' | 'rot270' | 'photo';

export const TABLE_VARIANTS: TableVariant[] = ['clean', 'jpeg', 'noisy', 'blur', 'skew', 'grey', 'rot90', 'rot180', 'rot270', 'photo'];

export interface SynthTablePage {
  name: string;
  variant: TableVariant;
  bytes: Uint8Array;
  /** Task options the case is read with. */
  options: { assureDirection: boolean };
  tables: SynthTableSpec[];
}

interface Style {
  font: number;
  pad: number;
  rule: number;
  ink: string;
  ruleInk: string;
  centred: boolean;
}

interface Laid {
  spec: SynthTableSpec;
  xs: number[];
  ys: number[];
}

const lineHeight = (s: Style) => Math.round(s.font * 1.35);

/** Column widths and row heights that fit every cell (a merged cell widens its last column). */
function layout(ctx: SKRSContext2D, spec: SynthTableSpec, s: Style): Laid {
  ctx.font = `${s.font}px ${FAMILY}`;
  const widths = Array.from({ length: spec.cols }, () => 2 * s.font);
  const heights = Array.from({ length: spec.rows }, () => lineHeight(s) + 2 * s.pad);
  const sorted = [...spec.cells].sort((a, b) => a.c1 - a.c0 - (b.c1 - b.c0) || a.r1 - a.r0 - (b.r1 - b.r0));
  for (const cell of sorted) {
    const needW = Math.max(0, ...cell.texts.map((t) => ctx.measureText(t).width)) + 2 * s.pad;
    const needH = Math.max(1, cell.texts.length) * lineHeight(s) + 2 * s.pad;
    const haveW = widths.slice(cell.c0, cell.c1).reduce((a, b) => a + b, 0);
    const haveH = heights.slice(cell.r0, cell.r1).reduce((a, b) => a + b, 0);
    if (needW > haveW) widths[cell.c1 - 1]! += Math.ceil(needW - haveW);
    if (needH > haveH) heights[cell.r1 - 1]! += Math.ceil(needH - haveH);
  }
  const xs = [0], ys = [0];
  for (const w of widths) xs.push(xs[xs.length - 1]! + Math.round(w));
  for (const h of heights) ys.push(ys[ys.length - 1]! + Math.round(h));
  return { spec, xs, ys };
}

function drawTable(ctx: SKRSContext2D, t: Laid, s: Style, ox: number, oy: number): void {
  ctx.strokeStyle = s.ruleInk;
  ctx.lineWidth = s.rule;
  ctx.fillStyle = s.ink;
  ctx.textBaseline = 'middle';
  ctx.font = `${s.font}px ${FAMILY}`;
  for (const cell of t.spec.cells) {
    const x0 = ox + t.xs[cell.c0]!, x1 = ox + t.xs[cell.c1]!, y0 = oy + t.ys[cell.r0]!, y1 = oy + t.ys[cell.r1]!;
    ctx.strokeRect(x0, y0, x1 - x0, y1 - y0);
    const top = (y0 + y1) / 2 - (cell.texts.length * lineHeight(s)) / 2;
    cell.texts.forEach((text, i) => {
      const w = ctx.measureText(text).width;
      const x = s.centred ? (x0 + x1 - w) / 2 : x0 + s.pad;
      ctx.fillText(text, x, top + (i + 0.5) * lineHeight(s));
    });
  }
}

/** The page turned by `degrees` clockwise on a canvas grown to hold it. */
function turned(src: Canvas, degrees: number, background: string): Canvas {
  const rad = (degrees * Math.PI) / 180;
  const w = Math.round(Math.abs(src.width * Math.cos(rad)) + Math.abs(src.height * Math.sin(rad)));
  const h = Math.round(Math.abs(src.width * Math.sin(rad)) + Math.abs(src.height * Math.cos(rad)));
  const out = createCanvas(w, h);
  const ctx = out.getContext('2d');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, w, h);
  ctx.translate(w / 2, h / 2);
  ctx.rotate(rad);
  ctx.drawImage(src, -src.width / 2, -src.height / 2);
  return out;
}

function addNoise(canvas: Canvas, rnd: Random, sigma: number): void {
  const ctx = canvas.getContext('2d');
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < img.data.length; i += 4) {
    const n = Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd()) * sigma;
    for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c]! + n));
  }
  ctx.putImageData(img, 0, 0);
}

/** The page on a desk, tilted a little, 3000 px wide, light falling off to one corner. */
function photo(page: Canvas, rnd: Random): Canvas {
  const out = createCanvas(3000, 2250);
  const ctx = out.getContext('2d');
  ctx.fillStyle = '#5d4e3f';
  ctx.fillRect(0, 0, 3000, 2250);
  const tilted = turned(page, (rnd() - 0.5) * 5, '#5d4e3f');
  const scale = Math.min(2600 / tilted.width, 1950 / tilted.height);
  ctx.drawImage(tilted, (3000 - tilted.width * scale) / 2, (2250 - tilted.height * scale) / 2, tilted.width * scale, tilted.height * scale);
  const light = ctx.createLinearGradient(0, 0, 3000, 2250);
  light.addColorStop(0, 'rgba(255,255,255,0.1)');
  light.addColorStop(1, 'rgba(0,0,0,0.22)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, 3000, 2250);
  addNoise(out, rnd, 6);
  return out;
}

/** `tables`: that many tables on the page instead of one to three (a 2582-25 sheet pastes a page of one). */
export async function renderTablePage(seed: number, variant: TableVariant, tables?: number): Promise<SynthTablePage> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(seed);
  const font = 16 + Math.floor(rnd() * 10);
  const style: Style = {
    font,
    pad: Math.round(font * (0.35 + rnd() * 0.5)),
    rule: pick(rnd, [1, 1, 2, 2, 3]),
    ink: pick(rnd, ['#111111', '#202020', '#1a1a40']),
    ruleInk: variant === 'grey' ? pick(rnd, ['#9a9a9a', '#b0b0b0', '#c4c4c4']) : pick(rnd, ['#000000', '#222222', '#3a3a3a']),
    centred: rnd() < 0.5,
  };
  const drawn = rnd() < 0.6 ? 1 : rnd() < 0.75 ? 2 : 3;
  const count = tables ?? drawn;
  const specs = Array.from({ length: count }, () => tableSpec(rnd));
  const scratch = createCanvas(10, 10).getContext('2d');
  const laid = specs.map((spec) => layout(scratch, spec, style));
  const margin = 3 * font, gap = 4 * lineHeight(style);
  // the page is as wide as its widest table, title or note
  scratch.font = `${Math.round(font * 1.2)}px ${FAMILY_BOLD}`;
  const heads = laid.flatMap((t) => t.spec.head.map((line) => scratch.measureText(line).width));
  scratch.font = `${font}px ${FAMILY}`;
  const tails = laid.flatMap((t) => t.spec.tail.map((line) => scratch.measureText(line).width));
  const width = Math.max(...laid.map((t) => t.xs[t.xs.length - 1]!), ...heads, ...tails) + 2 * margin;
  const textBlock = (lines: string[]) => lines.length * lineHeight(style) * 1.5;
  const height = margin * 2 + laid.reduce((h, t) => h + t.ys[t.ys.length - 1]! + textBlock(t.spec.head) + textBlock(t.spec.tail), 0) + gap * (count - 1);
  const page = createCanvas(Math.round(width), Math.round(height));
  const ctx = page.getContext('2d');
  const shade = 240 + Math.floor(rnd() * 15);
  ctx.fillStyle = `rgb(${shade},${shade},${shade - 3})`;
  ctx.fillRect(0, 0, page.width, page.height);
  let y = margin;
  for (const t of laid) {
    ctx.fillStyle = style.ink;
    ctx.textBaseline = 'top';
    ctx.font = `${Math.round(font * 1.2)}px ${FAMILY_BOLD}`;
    for (const line of t.spec.head) {
      ctx.fillText(line, margin + Math.max(0, (t.xs[t.xs.length - 1]! - ctx.measureText(line).width) / 2), y);
      y += lineHeight(style) * 1.5;
    }
    drawTable(ctx, t, style, margin, Math.round(y));
    y += t.ys[t.ys.length - 1]! + lineHeight(style) * 0.4;
    ctx.textBaseline = 'top';
    ctx.font = `${font}px ${FAMILY}`;
    for (const line of t.spec.tail) {
      ctx.fillText(line, margin, y);
      y += lineHeight(style) * 1.5;
    }
    y += gap;
  }

  const background = '#ffffff';
  let out: Canvas = page;
  if (variant === 'skew') out = turned(page, (rnd() < 0.5 ? -1 : 1) * (1 + rnd() * 3), background);
  if (variant === 'rot90') out = turned(page, 90, background);
  if (variant === 'rot180') out = turned(page, 180, background);
  if (variant === 'rot270') out = turned(page, 270, background);
  if (variant === 'blur') {
    out = createCanvas(page.width, page.height);
    const b = out.getContext('2d');
    b.filter = 'blur(1px)';
    b.drawImage(page, 0, 0);
  }
  if (variant === 'photo') out = photo(page, rnd);
  if (variant === 'noisy') addNoise(out, rnd, 22);
  const jpeg = variant === 'jpeg' || variant === 'photo';
  const encoded = jpeg ? await out.encode('jpeg', variant === 'jpeg' ? 40 : 88) : await out.encode('png');
  return {
    name: `table-${variant}-${seed}`,
    variant,
    bytes: new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength),
    options: { assureDirection: variant.startsWith('rot') || rnd() < 0.3 },
    tables: specs,
  };
}
