import { Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import { throwIfCancelled } from '../runtime/cancel';
import type { Point, Quad } from '../geometry/quad';
import { orderCorners } from '../geometry/quad';
import type { Raster } from '../image/raster';
import { getSession } from '../models';
import { detectOnHelper } from '../runtime/det-helper';
import { dbBoxes, defaultDbParams, type DbParams } from './db';
import { chooseDetSide, isStrip } from './side';
import { stripLine } from './strip';

/*
 * Text detection: PP-OCRv4 DB model on the image scaled so its longest side is `side`
 * (each side a multiple of 32) and framed by a replicated border, because DB misses
 * text that touches the image edge (single-line crops). Boxes come back in the raster's
 * pixel frame.
 */

export interface DetInput {
  image: Raster;
  /** Longest side the model sees, before the border; by default chooseDetSide(). */
  side?: number;
  db?: Partial<DbParams>;
}

const BORDER = 16;

export interface DetBox {
  quad: Quad;
  /** DB's mean probability inside the box; 1 for a clean strip's line, which its ink places (strip.ts) */
  score: number;
}

export interface DetOutput {
  boxes: DetBox[];
  /** Size the detector actually ran at; 0 × 0 when a clean strip's ink placed its line (strip.ts). */
  mapWidth: number;
  mapHeight: number;
  ms: number;
}

// ImageNet mean/std applied to B, G, R planes in that order (PaddleOCR reads BGR with OpenCV)
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

export function detSize(width: number, height: number, side: number): { width: number; height: number } {
  const ratio = side / Math.max(width, height);
  const snap = (v: number) => Math.max(32, Math.round((v * ratio) / 32) * 32);
  return { width: snap(width), height: snap(height) };
}

async function framed(image: Raster, width: number, height: number): Promise<Uint8Array> {
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  let pipeline = sharp(image.data, { raw });
  if (width !== image.width || height !== image.height) pipeline = pipeline.resize(width, height, { fit: 'fill' });
  const buf = await pipeline
    .extend({ top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, extendWith: 'copy' })
    .raw()
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

function toTensor(rgb: Uint8Array, width: number, height: number): Tensor {
  const plane = width * height;
  const out = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const src = 2 - c; // B, G, R
    const scale = 1 / (255 * STD[c]!), offset = MEAN[c]! / STD[c]!;
    const base = c * plane;
    for (let i = 0; i < plane; i++) out[base + i] = rgb[i * 3 + src]! * scale - offset;
  }
  return new Tensor('float32', out, [1, 3, height, width]);
}

function toImage(p: Point, sx: number, sy: number, width: number, height: number): Point {
  return { x: Math.min(width, Math.max(0, (p.x - BORDER) * sx)), y: Math.min(height, Math.max(0, (p.y - BORDER) * sy)) };
}

/** What the model finds on the image seen at `size` (detSize), in the raster's pixels. */
export type Detection = Omit<DetOutput, 'ms'>;

/**
 * The detector on this thread: the image scaled to `size`, framed, through the model, its map
 * made into boxes. A recognition helper runs the same for its owner (runtime/det-helper.ts).
 */
export async function detectHere(image: Raster, size: { width: number; height: number }, db: DbParams): Promise<Detection> {
  const pixels = await framed(image, size.width, size.height);
  const mapWidth = size.width + 2 * BORDER, mapHeight = size.height + 2 * BORDER;
  const session = await getSession('det');
  const result = await session.run({ [session.inputNames[0]!]: toTensor(pixels, mapWidth, mapHeight) });
  const prob = result[session.outputNames[0]!]!.data as Float32Array;
  const sx = image.width / size.width, sy = image.height / size.height;
  const boxes: DetBox[] = [];
  for (const box of dbBoxes(prob, mapWidth, mapHeight, db)) {
    const quad = orderCorners(box.quad.map((p) => toImage(p, sx, sy, image.width, image.height)));
    const w = Math.hypot(quad[1].x - quad[0].x, quad[1].y - quad[0].y);
    const h = Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y);
    if (w <= 3 || h <= 3) continue;
    boxes.push({ quad, score: box.score });
  }
  return { boxes, mapWidth, mapHeight };
}

export async function run(input: DetInput): Promise<DetOutput> {
  throwIfCancelled();
  const started = performance.now();
  const { image } = input;
  // a horizontal strip at the default size: a clean one's line is where its ink is
  if (input.side === undefined && image.width > image.height && isStrip(image.width, image.height)) {
    const quad = stripLine(image);
    if (quad) return { boxes: [{ quad, score: 1 }], mapWidth: 0, mapHeight: 0, ms: performance.now() - started };
  }
  const size = detSize(image.width, image.height, input.side ?? chooseDetSide(image.width, image.height));
  const db = { ...defaultDbParams, ...input.db };
  // on a recognition helper when this thread has one: this thread meanwhile hands out and reads the lines already found
  const found = (await detectOnHelper(image, size, db)) ?? (await detectHere(image, size, db));
  return { ...found, ms: performance.now() - started };
}
