import { Tensor } from 'onnxruntime-node';
import { throwIfCancelled } from '../cancel';
import type { Quad } from '../geometry/quad';
import type { Raster } from '../image/raster';
import { cropLine, fillTensor, LINE_HEIGHT } from '../line';
import { getDictionary, getSession } from '../models';
import { ctcGreedy, type Decoded } from './ctc';

/*
 * Recognition (PP-OCRv4 rec, SVTR-LCNet): each line 48 px high at its own aspect ratio,
 * tensor width max(320, ceil(48·w/h)) rounded up to the stride. One line per run: padding
 * every line to the widest one doubled document time (OCR-NOTES.md), and batches of equal
 * widths cost as much per line as single runs on CPU (26.6 vs 28.6 ms at 320 px, docs/ocr.md).
 */

const MIN_WIDTH = 320;
/** The recogniser's horizontal stride (320 px give 40 steps): a tensor width is a whole number of steps. */
const STRIDE = 8;

export interface RecInput {
  image: Raster;
  /** Lines in their final reading frame (TL, TR, BR, BL of the text as read). */
  quads: Quad[];
  /** Keep this many competing classes per character (Decoded.chars); 0 (default) keeps none. */
  alternatives?: number;
}

export interface RecOutput {
  lines: Decoded[];
  ms: number;
}

export async function run(input: RecInput): Promise<RecOutput> {
  const started = performance.now();
  const session = await getSession('rec');
  const dictionary = getDictionary();
  const lines: Decoded[] = [];
  for (const quad of input.quads) {
    throwIfCancelled();
    const line = cropLine(input.image, quad);
    const width = Math.max(MIN_WIDTH, Math.ceil(line.width / STRIDE) * STRIDE);
    const data = new Float32Array(3 * LINE_HEIGHT * width);
    fillTensor(data, 0, line, width);
    const result = await session.run({ [session.inputNames[0]!]: new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]) });
    const out = result[session.outputNames[0]!]!;
    const [, steps, classes] = out.dims as [number, number, number];
    if (classes !== dictionary.length) throw new Error(`recognizer has ${classes} classes, dictionary ${dictionary.length}`);
    lines.push(ctcGreedy(out.data as Float32Array, steps, classes, dictionary, input.alternatives ?? 0));
  }
  return { lines, ms: performance.now() - started };
}
