import { type InferenceSession, Tensor } from 'onnxruntime-node';
import { classify } from '../cls/index';
import type { Quad } from '../geometry/quad';
import { rotate180, type Raster } from '../image/raster';
import { cropLine, fillTensor, LINE_HEIGHT, withLineTensor } from '../line';
import { getDictionary, getLoneRecSession, getSession } from '../models';
import { blurred } from './blur';
import { BEST_CLASS, BEST_P } from '../graph/best-class';
import { ctcBest, ctcGreedy, type Decoded } from './ctc';

/*
 * One line through the recogniser (PP-OCRv4 rec, SVTR-LCNet): cut 48 px high at its own
 * aspect ratio and padded on the right. PaddleOCR pads every line to 320 px; the padding is
 * context the model was trained with (lines cut tight lose decimal points and colons:
 * 52.50 → 5250, and 0.4 points of corpus accuracy), but a short line needs only some of
 * it: 160 px keep every bench:documents figure (96 px lost a corpus plate, 皖A999J3 read
 * 皖A99933, and a table cell) and save recognition time on pages of short lines (the taxi
 * sheets, docs/ocr.md). Batches of equal widths cost as much per line as single runs on
 * CPU, so each line is its own run. The caller's thread and the recognition helpers
 * (runtime/rec-helpers.ts) both read lines through this function, and classify them first when asked
 * (the line is cut once for both).
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
  /**
   * Width of the cut line relative to its own aspect (1 as it stands): text squeezed or
   * widened by a careless resize reads at its usual shape again.
   */
  stretch?: number;
  /** Keep this many competing classes per character (Decoded.chars); 0 keeps none. */
  alternatives?: number;
  /** Ask the 0°/180° classifier first and read the line turned over when it says so. */
  classify?: boolean;
}

export interface ReadLine extends Decoded {
  /** The classifier found the line upside down and it was read turned 180°. */
  turned: boolean;
  /** Time the classifier took, 0 when not asked. */
  clsMs: number;
}

/** `alone`: no other line is being read meanwhile, so the line may use every core (models.ts getLoneRecSession). */
export async function readLine(image: Raster, quad: Quad, options: LineOptions = {}, alone = false): Promise<ReadLine> {
  const session = await (alone ? getLoneRecSession() : getSession('rec'));
  const dictionary = getDictionary();
  let line = cropLine(image, quad, Infinity, options.stretch);
  const cls = options.classify ? await classify(image, quad, line) : undefined;
  // the quad's 180° turn cuts exactly these pixels in reverse order (warpQuad samples the
  // same points), so the line is turned rather than cut again
  if (cls?.turned) line = rotate180(line);
  if (options.blur) line = blurred(line, options.blur);
  const width = tensorWidth(line.width);
  const alternatives = options.alternatives ?? 0;
  const decoded = await withLineTensor(width, (data) => {
    fillTensor(data, 0, line, width);
    const input = { [session.inputNames[0]!]: new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]) };
    // each step's best class alone where the model gives it (the rewritten recogniser) and no
    // competing characters are asked for: about 1 MB a line less copied out (graph/best-class.ts)
    return alternatives === 0 && session.outputNames.includes(BEST_CLASS) ? bestOnly(session, input, dictionary) : everyClass(session, input, dictionary, alternatives);
  });
  return { ...decoded, turned: cls?.turned ?? false, clsMs: cls?.ms ?? 0 };
}

async function bestOnly(session: InferenceSession, input: InferenceSession.FeedsType, dictionary: string[]): Promise<Decoded> {
  const out = await session.run(input, [BEST_CLASS, BEST_P]);
  return ctcBest(out[BEST_CLASS]!.data as Int32Array, out[BEST_P]!.data as Float32Array, dictionary);
}

async function everyClass(session: InferenceSession, input: InferenceSession.FeedsType, dictionary: string[], alternatives: number): Promise<Decoded> {
  const out = (await session.run(input, [session.outputNames[0]!]))[session.outputNames[0]!]!;
  const [, steps, classes] = out.dims as [number, number, number];
  if (classes !== dictionary.length) throw new Error(`recognizer has ${classes} classes, dictionary ${dictionary.length}`);
  return ctcGreedy(out.data as Float32Array, steps, classes, dictionary, alternatives);
}
