import { Tensor, type InferenceSession } from 'onnxruntime-node';
import type { Quad } from '../geometry/quad';
import type { Raster } from '../image/raster';
import { cropLine, fillTensor, LINE_HEIGHT } from '../line';
import { blurred } from './blur';
import { ctcGreedy, type Decoded } from './ctc';

/*
 * One line through the recogniser (PP-OCRv4 rec, SVTR-LCNet): cut 48 px high at its own
 * aspect ratio, tensor width max(320, ceil(48·w/h)) rounded up to the stride. Narrower
 * tensors are faster but lose decimal points and colons (measured: 52.50 → 5250), and
 * batches of equal widths cost as much per line as single runs on CPU (26.6 vs 28.6 ms at
 * 320 px, docs/ocr.md), so each line is its own run. The caller's thread and the
 * recognition helpers (helpers.ts) both read lines through this function.
 */

const MIN_WIDTH = 320;
/** The recogniser's horizontal stride (320 px give 40 steps): a tensor width is a whole number of steps. */
const STRIDE = 8;

export interface LineOptions {
  /** Box-blur radius in pixels of the 48 px crop (blur.ts), 0 for none. */
  blur?: number;
  /** Keep this many competing classes per character (Decoded.chars); 0 keeps none. */
  alternatives?: number;
}

export async function readLine(
  session: InferenceSession,
  dictionary: readonly string[],
  image: Raster,
  quad: Quad,
  options: LineOptions = {},
): Promise<Decoded> {
  let line = cropLine(image, quad);
  if (options.blur) line = blurred(line, options.blur);
  const width = Math.max(MIN_WIDTH, Math.ceil(line.width / STRIDE) * STRIDE);
  const data = new Float32Array(3 * LINE_HEIGHT * width);
  fillTensor(data, 0, line, width);
  const result = await session.run({ [session.inputNames[0]!]: new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]) });
  const out = result[session.outputNames[0]!]!;
  const [, steps, classes] = out.dims as [number, number, number];
  if (classes !== dictionary.length) throw new Error(`recognizer has ${classes} classes, dictionary ${dictionary.length}`);
  return ctcGreedy(out.data as Float32Array, steps, classes, dictionary, options.alternatives ?? 0);
}
