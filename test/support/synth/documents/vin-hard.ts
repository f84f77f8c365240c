import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { registerChineseFont } from '../fonts';
import { pick, seeded, type Random } from '../text';
import { photographed, randomVin, VIN_LINES, vinObject } from './vin';

/*
 * VIN photos as users send them when the easy ones are read (issue 23): a thumbnail of a
 * photo (256×256 stretched, as image sites and datasets resize, or a small one kept in
 * shape), a photo stretched 1.5–2× in one direction by a careless resize, a sticker or tag
 * with a glare band across one or two characters, and a windshield tag photographed from
 * outside through tinted glass at an angle (foreshortened, darkened, a reflection over it).
 */

export type HardVinKind = 'thumbnail' | 'stretched' | 'glare' | 'tinted';
export const HARD_VIN_KINDS: HardVinKind[] = ['thumbnail', 'stretched', 'glare', 'tinted'];

export interface HardVinImage {
  name: string;
  kind: HardVinKind;
  bytes: Uint8Array;
  vin: string;
}

function resized(src: Canvas, width: number, height: number): Canvas {
  const out = createCanvas(Math.round(width), Math.round(height));
  const ctx = out.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(src, 0, 0, out.width, out.height);
  return out;
}

/** A specular highlight centred on character `at` of the printed code, `spread` cells wide. */
function glare(object: Canvas, line: { x: number; baseline: number; cell: number; size: number }, at: number, spread: number, peak: number): void {
  const ctx = object.getContext('2d');
  const cx = line.x + (at + 0.5) * line.cell, cy = line.baseline - line.size * 0.4;
  const rx = spread * line.cell, ry = line.size * 1.3;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(1, ry / rx);
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, rx);
  g.addColorStop(0, `rgba(255,255,252,${peak.toFixed(2)})`);
  g.addColorStop(0.5, `rgba(255,255,250,${(peak * 0.9).toFixed(2)})`);
  g.addColorStop(1, 'rgba(255,255,250,0)');
  ctx.fillStyle = g;
  ctx.fillRect(-rx, -rx, 2 * rx, 2 * rx);
  ctx.restore();
}

/** The tag as seen from outside the car: foreshortened, darkened and tinted by the glass, a reflection across it. */
function behindGlass(rnd: Random, tag: Canvas): Canvas {
  const squeeze = 0.55 + rnd() * 0.3;
  const out = createCanvas(tag.width + 80, Math.round(tag.height * squeeze) + 80);
  const ctx = out.getContext('2d');
  ctx.fillStyle = pick(rnd, ['#15171a', '#23201d', '#2b2f33']);
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(tag, 40, 40, tag.width, tag.height * squeeze);
  // the glass passes 40–70% of the light, greenish or grey
  ctx.fillStyle = pick(rnd, ['rgba(10,40,30,', 'rgba(20,25,30,', 'rgba(30,45,20,']) + (0.3 + rnd() * 0.3).toFixed(2) + ')';
  ctx.fillRect(0, 0, out.width, out.height);
  // a slanted streak of sky reflected in it
  const x0 = rnd() * out.width;
  const g = ctx.createLinearGradient(x0, 0, x0 + out.width * 0.4, out.height);
  g.addColorStop(0, 'rgba(230,240,255,0)');
  g.addColorStop(0.5, `rgba(230,240,255,${(0.15 + rnd() * 0.25).toFixed(2)})`);
  g.addColorStop(1, 'rgba(230,240,255,0)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, out.width, out.height);
  return out;
}

export async function renderHardVin(seed: number, kind: HardVinKind): Promise<HardVinImage> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(seed);
  const vin = randomVin(rnd);
  let name = `vin-${kind}-${seed}`;
  let out: Canvas;
  if (kind === 'glare') {
    const variant = pick(rnd, ['sticker', 'windshield'] as const);
    const object = vinObject(rnd, variant, vin);
    // over one character or between two, never the whole code
    const at = Math.floor(rnd() * 17) + (rnd() < 0.5 ? 0 : 0.5);
    glare(object, VIN_LINES[variant], Math.min(16, at), 0.9 + rnd() * 0.7, 0.84 + rnd() * 0.12);
    out = photographed(object, rnd, true);
    name = `vin-glare-${variant}-${seed}`;
  } else if (kind === 'tinted') {
    out = photographed(behindGlass(rnd, vinObject(rnd, 'windshield', vin)), rnd, true, 2);
  } else {
    const variant = pick(rnd, ['sticker', 'windshield', 'metal'] as const);
    // thumbnails of photos where the code takes less of the frame too (8 px characters)
    const scene = photographed(vinObject(rnd, variant, vin), rnd, rnd() < 0.7, 1, kind === 'thumbnail' ? { least: 0.4, range: 0.45 } : undefined);
    name = `vin-${kind}-${variant}-${seed}`;
    if (kind === 'thumbnail') {
      // half as thumbnails are made for datasets (256×256 whatever the shape), half kept in shape
      const side = 256 + Math.floor(rnd() * 100);
      out = rnd() < 0.5 ? resized(scene, 256, 256) : resized(scene, side, (side * scene.height) / scene.width);
    } else {
      const factor = 1.5 + rnd() * 0.5, wider = rnd() < 0.5;
      const base = 0.45 + rnd() * 0.3;
      out = resized(scene, scene.width * base * (wider ? factor : 1), scene.height * base * (wider ? 1 : factor));
      name += wider ? `-wide${factor.toFixed(1)}` : `-tall${factor.toFixed(1)}`;
    }
  }
  const bytes = await out.encode('jpeg', 70 + Math.floor(rnd() * 20));
  return { name, kind, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), vin };
}
