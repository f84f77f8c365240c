import { affineAsDepthwise, foldAffineAfterConv, foldAffineBeforeConv } from './affine';
import { addBestClass } from './best-class';
import { Graph } from './graph';
import { fuseHardSwish } from './hardswish';
import { decodeModel, encodeModel } from './proto';
import { quantizeConvs, type Calibration } from './quantize';

export type { Calibration, ConvRanges } from './quantize';

/*
 * The PP-OCR models as exported are written op by op: hard-swish as four element-wise ops,
 * learnable affine blocks as two more after most convolutions. ONNX Runtime fuses none of
 * these, and on CPU those passes over the tensors cost as much as the convolutions (the
 * recogniser: 43% of its time in Add/Mul/Div/Clip). The rewrites compute the same functions
 * in fewer ops (outputs agree to ~1e-6), and the scalar blocks that cannot be folded as ops
 * ONNX Runtime keeps in its blocked layout (the same outputs to the bit); sessions open on the
 * rewritten bytes (models.ts). The recogniser also gets each step's best class and its
 * probability as outputs of their own (best-class.ts), all a line read without alternatives needs.
 * Given a calibration, the convolutions it lists then run in 8 bits (quantize.ts): not the
 * same outputs, but the same readings on the benches' documents (docs/ocr.md).
 */

export interface Rewritten {
  bytes: Uint8Array;
  /** How many places each rewrite changed. */
  counts: { hardSwish: number; affineAfterConv: number; affineBeforeConv: number; affineAsDepthwise: number; quantizedConvs: number; bestClass: number };
}

export function rewriteModel(bytes: Uint8Array, calibration?: Calibration): Rewritten {
  const model = decodeModel(bytes);
  const graph = new Graph(model.graph);
  const hardSwish = fuseHardSwish(graph);
  const affineAfterConv = foldAffineAfterConv(graph);
  const affineBeforeConv = foldAffineBeforeConv(graph);
  const depthwise = affineAsDepthwise(graph);
  const quantizedConvs = calibration ? quantizeConvs(model, graph, calibration) : 0;
  const bestClass = addBestClass(model, graph);
  return { bytes: encodeModel(model), counts: { hardSwish, affineAfterConv, affineBeforeConv, affineAsDepthwise: depthwise, quantizedConvs, bestClass } };
}
