import type { Graph } from './graph';
import { raiseToOpset10 } from './opset';
import { FLOAT, INT32, INT8, UINT8, type ModelProto, type NodeProto } from './proto';

/*
 * 8-bit convolutions where they pay. ONNX Runtime runs a convolution between
 * DequantizeLinear inputs and a QuantizeLinear output as one QLinearConv, on the CPU's
 * integer dot-product instructions: the recogniser's widest 1×1 convolutions (480 → 480
 * channels) take a quarter of their float time. Each quantized convolution costs a
 * quantize and a dequantize pass over its input and output, and in the earlier stages 8
 * bits cost readings, so only the convolutions listed in a calibration file
 * (graph/calibration/, written by scripts/calibrate-recognizer.ts, which says which and
 * why) are changed, with the activation ranges measured there:
 *   weights   int8, symmetric, one scale per output channel (max |w| / 127)
 *   bias      int32 at scale input scale × weight scale, as QLinearConv adds it
 *   input, output  uint8 over the measured range widened to hold 0
 * The Q/DQ nodes are ONNX Runtime's com.microsoft ones, which take a per-channel axis from
 * opset 10 on (the standard ones from 13); the model is raised to opset 10 (opset.ts),
 * where QLinearConv, what they fuse into, exists.
 */

export interface ConvRanges {
  /** Smallest and largest value the convolution's input took over the calibration lines. */
  input: [number, number];
  output: [number, number];
}

/** Conv output value name (in the rewritten float model) → its ranges. */
export type Calibration = Record<string, ConvRanges>;

const MS = 'com.microsoft';

interface Activation {
  scale: number;
  zero: number;
}

function activation([low, high]: [number, number]): Activation {
  const min = Math.min(low, 0), max = Math.max(high, 0);
  const scale = max > min ? (max - min) / 255 : 1;
  return { scale, zero: Math.min(255, Math.max(0, Math.round(-min / scale))) };
}

const node = (op_type: string, input: string[], output: string[], axis?: number): NodeProto => ({
  op_type,
  domain: MS,
  input,
  output,
  attribute: axis === undefined ? [] : [{ name: 'axis', type: 2, i: axis }],
});

/** Quantizes the listed convolutions in place; returns how many were changed. */
export function quantizeConvs(model: ModelProto, graph: Graph, calibration: Calibration): number {
  const listed = graph.nodes.some((n) => n.op_type === 'Conv' && calibration[n.output[0]!]);
  if (!listed || !raiseToOpset10(model, graph)) return 0;
  const replace = new Map<NodeProto, NodeProto[]>();
  for (const conv of graph.nodes) {
    const ranges = conv.op_type === 'Conv' ? calibration[conv.output[0]!] : undefined;
    const w = ranges ? graph.constant(conv.input[1]!) : undefined;
    const b = conv.input[2] ? graph.constant(conv.input[2]) : undefined;
    if (!ranges || !w || (conv.input[2] && !b)) continue;
    const [x, y] = [conv.input[0]!, conv.output[0]!];
    const inQ = activation(ranges.input), outQ = activation(ranges.output);
    const channels = w.dims[0]!, perChannel = w.data.length / channels;

    const wScale = new Float32Array(channels);
    const wq = new Int8Array(w.data.length);
    for (let c = 0; c < channels; c++) {
      let max = 0;
      for (let i = c * perChannel; i < (c + 1) * perChannel; i++) max = Math.max(max, Math.abs(w.data[i]!));
      const scale = (wScale[c] = max > 0 ? max / 127 : 1);
      for (let i = c * perChannel; i < (c + 1) * perChannel; i++) wq[i] = Math.max(-127, Math.min(127, Math.round(w.data[i]! / scale)));
    }
    const scalar = (hint: string, v: number) => graph.addTensor(hint, [], FLOAT, Float32Array.of(v));
    const zero = (hint: string, v: number) => graph.addTensor(hint, [], UINT8, Uint8Array.of(v));
    const xScale = scalar(`${x}_scale`, inQ.scale), xZero = zero(`${x}_zero`, inQ.zero);
    const yScale = scalar(`${y}_scale`, outQ.scale), yZero = zero(`${y}_zero`, outQ.zero);
    const [xq, xdq, wdq, yf, yq] = ['x_q', 'x_dq', 'w_dq', 'y_f', 'y_q'].map((s) => graph.newName(`${y}_${s}`)) as [string, string, string, string, string];
    const nodes = [
      node('QuantizeLinear', [x, xScale, xZero], [xq]),
      node('DequantizeLinear', [xq, xScale, xZero], [xdq]),
      node('DequantizeLinear', [graph.addTensor(`${conv.input[1]}_q`, w.dims, INT8, wq), graph.addTensor(`${conv.input[1]}_scale`, [channels], FLOAT, wScale), graph.addTensor(`${conv.input[1]}_zero`, [channels], INT8, new Int8Array(channels))], [wdq], 0),
    ];
    const inputs = [xdq, wdq];
    if (b) {
      const bScale = wScale.map((s) => s * inQ.scale);
      const bq = Int32Array.from(b.data, (v, c) => Math.round(v / bScale[c]!));
      const bdq = graph.newName(`${y}_b_dq`);
      nodes.push(node('DequantizeLinear', [graph.addTensor(`${conv.input[2]}_q`, [channels], INT32, bq), graph.addTensor(`${conv.input[2]}_scale`, [channels], FLOAT, bScale), graph.addTensor(`${conv.input[2]}_zero`, [channels], INT32, new Int32Array(channels))], [bdq], 0));
      inputs.push(bdq);
    }
    nodes.push({ ...conv, input: inputs, output: [yf] }, node('QuantizeLinear', [yf, yScale, yZero], [yq]), node('DequantizeLinear', [yq, yScale, yZero], [y]));
    replace.set(conv, nodes);
  }
  if (replace.size === 0) return 0;
  if (!model.opset_import.some((o) => o.domain === MS)) model.opset_import.push({ domain: MS, version: 1 });
  graph.edit(replace, new Set());
  return replace.size;
}
