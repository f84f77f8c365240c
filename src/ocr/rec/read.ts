import { Tensor } from 'onnxruntime-node';
import type { Quad } from '../geometry/quad';
import type { Raster } from '../image/raster';
import { cropLine, fillTensor, LINE_HEIGHT } from '../line';
import { getDictionary, getSession } from '../models';
import { blurred } from './blur';
import { ctcGreedy, type Decoded } from './ctc';

/*
 * One line through the recogniser (PP-OCRv4 rec, SVTR-LCNet): cut 48 px high at its own
 * aspect ratio and padded on the right. PaddleOCR pads every line to 320 px; the padding is
 * context the model was trained with (lines cut tight lose decimal points and colons:
 * 52.50 → 5250, and 0.4 points of corpus accuracy), but a short line needs only some of
 * it: 160 px keep every bench:documents figure (96 px lost a corpus plate, 皖A999J3 read
 * 皖A99933, and a table cell) and save recognition time on pages of short lines (the taxi
 * sheets, docs/ocr.md). Batches of equal widths cost as much per line as single runs on
 * CPU, so each line is its own run. The caller's thread and the recognition helpers
 * (helpers.ts) both read lines through this function.
 */

/** PaddleOCR's fixed width; wider lines keep their own. */
const MAX_PADDED_WIDTH = 320;
/** Right padding a shorter line gets, in pixels of the 48 px line (half of PaddleOCR's 320). */
const MIN_PADDING = 160;
/** The recogniser's horizontal stride (320 px give 40 steps): a tensor width is a whole number of steps. */
const STRIDE = 8;

export function tensorWidth(lineWidth: number): number {
  const own = Math.ceil(lineWidth / STRIDE) * STRIDE;
  return Math.max(own, Math.min(MAX_PADDED_WIDTH, own + MIN_PADDING));
}

export interface LineOptions {
  /** Box-blur radius in pixels of the 48 px crop (blur.ts), 0 for none. */
  blur?: number;
  /** Keep this many competing classes per character (Decoded.chars); 0 keeps none. */
  alternatives?: number;
}

export async function readLine(image: Raster, quad: Quad, options: LineOptions = {}): Promise<Decoded> {
  const session = await getSession('rec');
  const dictionary = getDictionary();
  let line = cropLine(image, quad);
  if (options.blur) line = blurred(line, options.blur);
  const width = tensorWidth(line.width);
  const data = new Float32Array(3 * LINE_HEIGHT * width);
  fillTensor(data, 0, line, width);
  const result = await session.run({ [session.inputNames[0]!]: new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]) });
  const out = result[session.outputNames[0]!]!;
  const [, steps, classes] = out.dims as [number, number, number];
  if (classes !== dictionary.length) throw new Error(`recognizer has ${classes} classes, dictionary ${dictionary.length}`);
  return ctcGreedy(out.data as Float32Array, steps, classes, dictionary, options.alternatives ?? 0);
}
