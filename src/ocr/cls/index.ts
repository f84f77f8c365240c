import { Tensor } from 'onnxruntime-node';
import { throwIfCancelled } from '../cancel';
import type { Quad } from '../geometry/quad';
import type { Raster } from '../image/raster';
import { cropLine, fillTensor, LINE_HEIGHT } from '../line';
import { getSession } from '../models';

/*
 * 0°/180° text-line classifier (ch_ppocr_mobile_v2.0_cls): [N, 3, 48, 192] in, [N, 2] =
 * [P(0°), P(180°)] out. A line is turned only when P(180°) > 0.9, PaddleOCR's cls_thresh;
 * it is what reads upside-down pages.
 */

const WIDTH = 192;
const BATCH = 8;

export interface ClsInput {
  image: Raster;
  /** Lines in their current reading frame (tall crops already turned). */
  quads: Quad[];
  threshold?: number;
}

export interface ClsOutput {
  /** True where the line reads upside down and must be turned 180°. */
  flip: boolean[];
  /** P(180°) per line. */
  p180: number[];
  ms: number;
}

export async function run(input: ClsInput): Promise<ClsOutput> {
  const started = performance.now();
  const threshold = input.threshold ?? 0.9;
  const session = await getSession('cls');
  const p180: number[] = [];
  for (let start = 0; start < input.quads.length; start += BATCH) {
    throwIfCancelled();
    const batch = input.quads.slice(start, start + BATCH);
    const data = new Float32Array(batch.length * 3 * LINE_HEIGHT * WIDTH);
    batch.forEach((q, i) => fillTensor(data, i, cropLine(input.image, q, WIDTH), WIDTH));
    const feeds = { [session.inputNames[0]!]: new Tensor('float32', data, [batch.length, 3, LINE_HEIGHT, WIDTH]) };
    const out = (await session.run(feeds))[session.outputNames[0]!]!.data as Float32Array;
    for (let i = 0; i < batch.length; i++) p180.push(out[i * 2 + 1]!);
  }
  return { flip: p180.map((p) => p > threshold), p180, ms: performance.now() - started };
}
