import { Tensor } from 'onnxruntime-node';
import type { Quad } from '../../geometry/quad';
import type { Raster } from '../../image/raster';
import { cropLine, fillTensor, LINE_HEIGHT } from '../../line';
import { getDictionary, getSession } from '../../models';
import { ctcGreedy, type Decoded } from '../../rec/ctc';

/*
 * Recognition of chosen quads for taxi invoices, beside the pipeline's rec stage: the
 * meter prints its values in dot-matrix, which the recogniser reads better once the dots
 * are blurred into strokes (measured on the corpus: 38.00 for 3800, 9000115520 for
 * 9800115520). Crops are padded to PaddleOCR's 320 px like the pipeline's rec stage:
 * narrower tensors are faster but lose decimal points and colons (measured: 52.50 → 5250).
 */

export interface ReadOptions {
  /** Box-blur radius in pixels of the 48 px crop (two passes ≈ Gaussian), 0 for none. */
  blur?: number;
  /** Per-character competing classes to keep (ctcGreedy alternatives). */
  alternatives?: number;
}

const MIN_WIDTH = 320;

function blurred(line: Raster, radius: number): Raster {
  const { width: w, height: h } = line;
  let g = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) g[i] = (line.data[i * 3]! + line.data[i * 3 + 1]! + line.data[i * 3 + 2]!) / 3;
  for (let pass = 0; pass < 2; pass++) {
    const across = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0, n = 0;
        for (let x2 = Math.max(0, x - radius); x2 <= Math.min(w - 1, x + radius); x2++, n++) sum += g[y * w + x2]!;
        across[y * w + x] = sum / n;
      }
    }
    const down = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0, n = 0;
        for (let y2 = Math.max(0, y - radius); y2 <= Math.min(h - 1, y + radius); y2++, n++) sum += across[y2 * w + x]!;
        down[y * w + x] = sum / n;
      }
    }
    g = down;
  }
  // blurring greys the dots; stretch back to full contrast
  let lo = 255, hi = 0;
  for (const v of g) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const scale = 255 / Math.max(1, hi - lo);
  const out: Raster = { width: w, height: h, data: new Uint8Array(w * h * 3) };
  for (let i = 0; i < w * h; i++) out.data[i * 3] = out.data[i * 3 + 1] = out.data[i * 3 + 2] = (g[i]! - lo) * scale;
  return out;
}

export async function readQuads(image: Raster, quads: Quad[], options: ReadOptions = {}): Promise<Decoded[]> {
  const session = await getSession('rec');
  const dictionary = getDictionary();
  const out: Decoded[] = [];
  for (const quad of quads) {
    let line = cropLine(image, quad);
    if (options.blur) line = blurred(line, options.blur);
    const width = Math.max(MIN_WIDTH, line.width);
    const data = new Float32Array(3 * LINE_HEIGHT * width);
    fillTensor(data, 0, line, width);
    const result = await session.run({ [session.inputNames[0]!]: new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]) });
    const probs = result[session.outputNames[0]!]!;
    const [, steps, classes] = probs.dims as [number, number, number];
    out.push(ctcGreedy(probs.data as Float32Array, steps, classes, dictionary, options.alternatives ?? 0));
  }
  return out;
}
