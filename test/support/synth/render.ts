import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY, FAMILY_BOLD, registerChineseFont } from './fonts';
import { documentLine, documentTitle, pick, seeded, type Random } from './text';

/*
 * Renders a document-like page with known text, then degrades it the way real input is
 * degraded: turned pages, small print, sensor noise, blur, JPEG artefacts, big phone
 * photos. Ground truth is the list of text segments in reading order; segments of one
 * line are drawn two characters apart so each is one detector box.
 */

export type Variant = 'clean' | 'small' | 'skew' | 'rot90' | 'rot180' | 'rot270' | 'noisy' | 'jpeg' | 'blur' | 'photo';

export interface SynthOptions {
  seed: number;
  variant: Variant;
  /** Body font size in pixels before any scaling. */
  fontSize?: number;
  lineCount?: number;
  /** Page width in pixels before any scaling. */
  width?: number;
  /** Fixed text instead of generated lines: the first row is the title. */
  rows?: string[];
}

export interface SynthImage {
  name: string;
  variant: Variant;
  format: 'png' | 'jpeg';
  bytes: Uint8Array;
  width: number;
  height: number;
  /** Text segments in reading order. */
  lines: string[];
}

const INK = ['#111111', '#1a1a40', '#202020', '#3a1010'];

function drawPage(rnd: Random, width: number, fontSize: number, rows: string[]): { canvas: Canvas; lines: string[] } {
  const lineCount = rows.length - 1;
  const lineGap = Math.round(fontSize * 1.9);
  const margin = Math.round(fontSize * 2);
  const height = margin * 2 + Math.round(fontSize * 1.5) + lineGap * lineCount + fontSize;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const shade = 235 + Math.floor(rnd() * 20);
  ctx.fillStyle = `rgb(${shade},${shade},${shade - Math.floor(rnd() * 8)})`;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = '#888888';
  ctx.lineWidth = Math.max(1, fontSize / 16);
  ctx.strokeRect(margin / 2, margin / 2, width - margin, height - margin);
  ctx.fillStyle = pick(rnd, INK);
  ctx.textBaseline = 'top';

  const lines: string[] = [];
  ctx.font = `${Math.round(fontSize * 1.4)}px ${FAMILY_BOLD}`;
  const title = rows[0]!;
  ctx.fillText(title, (width - ctx.measureText(title).width) / 2, margin);
  lines.push(title);

  ctx.font = `${fontSize}px ${FAMILY}`;
  let y = margin + Math.round(fontSize * 1.5) + lineGap - fontSize;
  for (const row of rows.slice(1)) {
    let x = margin + Math.floor(rnd() * fontSize);
    for (const segment of row.split(/ {2,}/)) {
      if (x + ctx.measureText(segment).width > width - margin) break;
      ctx.fillText(segment, x, y);
      lines.push(segment);
      x += ctx.measureText(segment).width + fontSize * 2;
    }
    y += lineGap;
  }
  return { canvas, lines };
}

/** The page turned by `degrees` (clockwise) on a canvas grown to hold it. */
function turned(src: Canvas, degrees: number, background = '#ffffff'): Canvas {
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

function addNoise(ctx: SKRSContext2D, width: number, height: number, rnd: Random, sigma: number): void {
  const img = ctx.getImageData(0, 0, width, height);
  for (let i = 0; i < img.data.length; i += 4) {
    // Box–Muller, one normal draw shared by the three channels (luminance noise)
    const n = Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd()) * sigma;
    for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c]! + n));
  }
  ctx.putImageData(img, 0, 0);
}

function blurred(src: Canvas, radius: number): Canvas {
  const out = createCanvas(src.width, src.height);
  const ctx = out.getContext('2d');
  ctx.filter = `blur(${radius}px)`;
  ctx.drawImage(src, 0, 0);
  return out;
}

/** A 4000×3000 phone photo: the page slightly turned on a desk, uneven light. */
function photo(page: Canvas, rnd: Random): Canvas {
  const out = createCanvas(4000, 3000);
  const ctx = out.getContext('2d');
  ctx.fillStyle = '#6b5a48';
  ctx.fillRect(0, 0, 4000, 3000);
  const tilted = turned(page, (rnd() - 0.5) * 6, '#6b5a48');
  const scale = Math.min(3400 / tilted.width, 2600 / tilted.height);
  const w = tilted.width * scale, h = tilted.height * scale;
  ctx.drawImage(tilted, (4000 - w) / 2, (3000 - h) / 2, w, h);
  const light = ctx.createLinearGradient(0, 0, 4000, 3000);
  light.addColorStop(0, 'rgba(255,255,255,0.12)');
  light.addColorStop(1, 'rgba(0,0,0,0.25)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, 4000, 3000);
  return out;
}

export async function renderDocument(options: SynthOptions): Promise<SynthImage> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(options.seed);
  const v = options.variant;
  const fontSize = options.fontSize ?? (v === 'small' ? 13 : v === 'photo' ? 40 : 22 + Math.floor(rnd() * 8));
  const width = options.width ?? (v === 'small' ? 640 : v === 'photo' ? 1900 : 900);
  const rows = options.rows ?? [documentTitle(rnd), ...Array.from({ length: options.lineCount ?? 10 }, () => documentLine(rnd))];
  const { canvas: page, lines } = drawPage(rnd, width, fontSize, rows);

  let out: Canvas = page;
  if (v === 'skew') out = turned(page, (rnd() < 0.5 ? -1 : 1) * (2 + rnd() * 6));
  if (v === 'rot90') out = turned(page, 90);
  if (v === 'rot180') out = turned(page, 180);
  if (v === 'rot270') out = turned(page, 270);
  if (v === 'blur') out = blurred(page, 1.1);
  if (v === 'photo') out = photo(page, rnd);
  if (v === 'noisy') addNoise(out.getContext('2d'), out.width, out.height, rnd, 28);
  // sensor noise is what makes a real 12 MP photo a 3 MB JPEG
  if (v === 'photo') addNoise(out.getContext('2d'), out.width, out.height, rnd, 7);

  const jpeg = v === 'jpeg' || v === 'photo';
  const bytes = jpeg ? await out.encode('jpeg', v === 'jpeg' ? 30 : 90) : await out.encode('png');
  return {
    name: `synth-${v}-${options.seed}`,
    variant: v,
    format: jpeg ? 'jpeg' : 'png',
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    width: out.width,
    height: out.height,
    lines,
  };
}
