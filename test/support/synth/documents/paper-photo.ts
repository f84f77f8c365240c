import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Pt } from '../perspective';
import { pick, type Random } from '../text';

/*
 * Small pieces of paper (tickets, taxi receipts) photographed on a desk: a desk surface,
 * a true perspective paste of the paper (homography, several samples per pixel, like a
 * lens shrinking it), then the camera's light fall-off, blur, sensor noise and JPEG.
 * Shared by the train-ticket and taxi-invoice generators.
 */

export { paste, type Pt } from '../perspective';

const DESKS = ['#6b5a48', '#8a7560', '#3f4145', '#b9b4aa', '#2d3b4a', '#7d6a55', '#d9d4c8'];

export function desk(rnd: Random, width: number, height: number): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const base = pick(rnd, DESKS);
  ctx.fillStyle = base;
  ctx.fillRect(0, 0, width, height);
  // wood grain or fabric: faint long strokes
  ctx.globalAlpha = 0.08;
  ctx.strokeStyle = rnd() < 0.5 ? '#000000' : '#ffffff';
  for (let i = 0; i < 60; i++) {
    ctx.lineWidth = 1 + rnd() * 4;
    const y = rnd() * height;
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.bezierCurveTo(width / 3, y + (rnd() - 0.5) * 60, (2 * width) / 3, y + (rnd() - 0.5) * 60, width, y + (rnd() - 0.5) * 40);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  return canvas;
}

/**
 * Corners of a `w`×`h` paper centred at (cx, cy), turned `degrees` clockwise, one side
 * nearer the camera by `keystone` (0.05 is a hand-held phone).
 */
export function placed(cx: number, cy: number, w: number, h: number, degrees: number, keystone: number): Pt[] {
  const rad = (degrees * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
  const base = [
    { x: -w / 2, y: (-h / 2) * (1 - keystone) },
    { x: w / 2, y: (-h / 2) * (1 + keystone) },
    { x: w / 2, y: (h / 2) * (1 + keystone) },
    { x: -w / 2, y: (h / 2) * (1 - keystone) },
  ];
  return base.map(({ x, y }) => ({ x: cx + x * cos - y * sin, y: cy + x * sin + y * cos }));
}

/** Uneven light, lens blur and sensor noise of a phone photo. */
export function camera(src: Canvas, rnd: Random, blur = 0.4 + rnd() * 0.8, sigma = 3 + rnd() * 5): Canvas {
  const out = createCanvas(src.width, src.height);
  const ctx = out.getContext('2d');
  ctx.filter = `blur(${blur.toFixed(2)}px)`;
  ctx.drawImage(src, 0, 0);
  ctx.filter = 'none';
  const light = ctx.createLinearGradient(src.width * rnd(), 0, src.width * rnd(), src.height);
  light.addColorStop(0, `rgba(255,255,245,${(rnd() * 0.15).toFixed(2)})`);
  light.addColorStop(1, `rgba(0,0,0,${(0.05 + rnd() * 0.2).toFixed(2)})`);
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, src.width, src.height);
  const img = ctx.getImageData(0, 0, src.width, src.height);
  for (let i = 0; i < img.data.length; i += 4) {
    const n = Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd()) * sigma;
    for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c]! + n));
  }
  ctx.putImageData(img, 0, 0);
  return out;
}

/** The canvas turned by a multiple of 90° clockwise. */
export function quarterTurn(src: Canvas, quarters: number): Canvas {
  const q = ((quarters % 4) + 4) % 4;
  const out = createCanvas(q % 2 ? src.height : src.width, q % 2 ? src.width : src.height);
  const ctx = out.getContext('2d');
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((q * Math.PI) / 2);
  ctx.drawImage(src, -src.width / 2, -src.height / 2);
  return out;
}

export async function encode(canvas: Canvas, format: 'png' | 'jpeg', quality = 90): Promise<Uint8Array> {
  const bytes = format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', quality);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
