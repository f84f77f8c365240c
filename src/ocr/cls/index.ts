import { Tensor } from 'onnxruntime-node';
import type { Quad } from '../geometry/quad';
import type { Raster } from '../image/raster';
import { cropLine, fillTensor, LINE_HEIGHT, withLineTensor } from '../line';
import { getSession } from '../models';

/*
 * 0°/180° text-line classifier (ch_ppocr_mobile_v2.0_cls): [1, 3, 48, 192] in, [1, 2] =
 * [P(0°), P(180°)] out. A line is turned only when P(180°) > 0.9, PaddleOCR's cls_thresh;
 * it is what reads upside-down pages. It runs line by line, on the thread that then reads
 * the line (rec/read.ts), so a dense page's lines are classified on every recognition
 * thread instead of in batches on one: batches of 8 cost as much per line on CPU.
 */

const WIDTH = 192;
const THRESHOLD = 0.9;

export interface ClsOutput {
  /** The line reads upside down (P(180°) above the threshold) and must be turned 180°. */
  turned: boolean;
  ms: number;
}

/**
 * `line` is the quad already cut 48 px high at its own width (line.ts cropLine): a line up
 * to 192 px wide is classified as it is, a longer one is cut again squeezed into 192 px.
 */
export async function classify(image: Raster, quad: Quad, line: Raster): Promise<ClsOutput> {
  const started = performance.now();
  const session = await getSession('cls');
  const input = line.width <= WIDTH ? line : cropLine(image, quad, WIDTH);
  const p180 = await withLineTensor(WIDTH, async (data) => {
    fillTensor(data, 0, input, WIDTH);
    const out = (await session.run({ [session.inputNames[0]!]: new Tensor('float32', data, [1, 3, LINE_HEIGHT, WIDTH]) }))[session.outputNames[0]!]!;
    return (out.data as Float32Array)[1]!;
  });
  return { turned: p180 > THRESHOLD, ms: performance.now() - started };
}
