import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { pick, type Random } from '../text';

/*
 * Small pieces of paper (tickets, taxi receipts) photographed on a desk: a desk surface,
 * a true perspective paste of the paper (homography, several samples per pixel, like a
 * lens shrinking it), then the camera's light fall-off, blur, sensor noise and JPEG.
 * Shared by the train-ticket and taxi-invoice generators.
 */

export interface Pt {
  x: number;
  y: number;
}

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

/** Coefficients mapping destination points onto source points (8-parameter homography). */
function homography(from: Pt[], to: Pt[]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!, { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -x * u, -y * u, u]);
    a.push([0, 0, 0, x, y, 1, -x * v, -y * v, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    const row = a[c]!, d = row[c]!;
    for (let k = c; k < 9; k++) row[k]! /= d;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      for (let k = c; k < 9; k++) a[r]![k]! -= f * row[k]!;
    }
  }
  return a.map((row) => row[8]!);
}

/** Draws `src` into the quadrilateral `to` (TL TR BR BL) of `ctx`. */
export function paste(ctx: SKRSContext2D, src: Canvas, to: Pt[]): void {
  const w = src.width, h = src.height;
  const m = homography(to, [{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: h }, { x: 0, y: h }]);
  const s = src.getContext('2d').getImageData(0, 0, w, h).data;
  const x0 = Math.max(0, Math.floor(Math.min(...to.map((p) => p.x)))), x1 = Math.min(ctx.canvas.width, Math.ceil(Math.max(...to.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...to.map((p) => p.y)))), y1 = Math.min(ctx.canvas.height, Math.ceil(Math.max(...to.map((p) => p.y))));
  if (x1 <= x0 || y1 <= y0) return;
  const dst = ctx.getImageData(x0, y0, x1 - x0, y1 - y0);
  const n = Math.max(1, Math.min(3, Math.round(Math.sqrt((w * h) / Math.max(1, (x1 - x0) * (y1 - y0))))));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      let r = 0, g = 0, b = 0, hit = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const px = x + (sx + 0.5) / n, py = y + (sy + 0.5) / n;
          const d = m[6]! * px + m[7]! * py + 1;
          const u = Math.floor((m[0]! * px + m[1]! * py + m[2]!) / d), v = Math.floor((m[3]! * px + m[4]! * py + m[5]!) / d);
          if (u < 0 || v < 0 || u >= w || v >= h) continue;
          const i = (v * w + u) * 4;
          r += s[i]!;
          g += s[i + 1]!;
          b += s[i + 2]!;
          hit++;
        }
      }
      if (hit === 0) continue;
      const o = ((y - y0) * (x1 - x0) + (x - x0)) * 4, a = hit / (n * n);
      dst.data[o] = dst.data[o]! * (1 - a) + r / (n * n);
      dst.data[o + 1] = dst.data[o + 1]! * (1 - a) + g / (n * n);
      dst.data[o + 2] = dst.data[o + 2]! * (1 - a) + b / (n * n);
    }
  }
  ctx.putImageData(dst, x0, y0);
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
