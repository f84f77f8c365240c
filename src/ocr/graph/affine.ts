import { ints, int, type Graph } from './graph';
import { scalarOperand } from './operands';
import type { NodeProto } from './proto';

/*
 * PP-LCNetV3 (the PP-OCRv4 recogniser) follows its convolutions and activations with
 * learnable affine blocks, y = s·x + c with scalar s and c: two more passes over the tensor
 * each. Where a convolution is next to one the block is folded into its weights, the same
 * function in one op:
 *   after any convolution:       W' = s·W,  b' = s·b + c
 *   before a 1×1 convolution:    W' = s·W,  b' = b + c·ΣW (over the inputs of each output)
 * Only exact folds are made: before a padded convolution the border would see c where the
 * model sees 0, so those blocks are not folded. They become a 1×1 depthwise convolution instead
 * (affineAsDepthwise): ONNX Runtime runs convolutions in its blocked channel layout (NCHWc)
 * but element-wise ops with a scalar in plain NCHW, so each block cost four passes over the
 * tensor (out of the blocked layout, Mul, Add, back in) where the convolution makes one.
 */

interface Affine {
  scale: number;
  shift: number;
  nodes: NodeProto[];
}

/** Mul/Add by scalars from `value` onwards, while each step feeds only the next. */
function affineAfter(graph: Graph, value: string): Affine & { out: string } {
  const found: Affine & { out: string } = { scale: 1, shift: 0, nodes: [], out: value };
  while (graph.private(found.out)) {
    const next = graph.consumers(found.out)[0]!;
    const k = scalarOperand(graph, next, found.out);
    if (k === undefined || (next.op_type !== 'Mul' && next.op_type !== 'Add')) break;
    if (next.op_type === 'Mul') {
      found.scale *= k;
      found.shift *= k;
    } else found.shift += k;
    found.nodes.push(next);
    found.out = next.output[0]!;
  }
  return found;
}

/**
 * Mul/Add by scalars that end in `value`, walking back while each feeds only the next.
 * `asOneOp`: the block is to become one op that multiplies then adds, under `value`'s name:
 * `value` may have other readers, and only a scale then a shift is taken (one op's multiply-add
 * rounds as they do; a shift then a scale, or two scales, would round otherwise).
 */
function affineBefore(graph: Graph, value: string, asOneOp = false): Affine & { source: string } {
  const found: Affine & { source: string } = { scale: 1, shift: 0, nodes: [], source: value };
  const walks = (v: string) => graph.private(v) || (asOneOp && v === value);
  for (let node = graph.producer(value); node && walks(found.source); node = graph.producer(found.source)) {
    const x = node.input.find((i) => graph.scalar(i) === undefined);
    const k = x === undefined ? undefined : scalarOperand(graph, node, x);
    if (x === undefined || k === undefined || (node.op_type !== 'Mul' && node.op_type !== 'Add')) break;
    // walking back: a shift may only come first, and nothing before a scale
    const last = found.nodes[found.nodes.length - 1];
    if (asOneOp && last && (last.op_type === 'Mul' || node.op_type === 'Add')) break;
    // what follows computes scale·(this node's output) + shift
    if (node.op_type === 'Mul') found.scale *= k;
    else found.shift += found.scale * k;
    found.nodes.push(node);
    found.source = x;
  }
  return found;
}

function weights(graph: Graph, conv: NodeProto) {
  const w = graph.constant(conv.input[1]!);
  if (!w || w.dims.length !== 4) return undefined;
  const outputs = w.dims[0]!;
  const b = conv.input[2] ? graph.constant(conv.input[2]) : { dims: [outputs], data: new Float32Array(outputs) };
  return b && b.data.length === outputs ? { w, b, outputs, perOutput: w.data.length / outputs } : undefined;
}

function withWeights(graph: Graph, conv: NodeProto, w: Float32Array, wDims: number[], b: Float32Array, input: string, output: string): NodeProto {
  const wName = graph.addConstant(conv.input[1]!, wDims, w);
  const bName = graph.addConstant(conv.input[2] ?? `${conv.input[1]}_bias`, [b.length], b);
  return { ...conv, input: [input, wName, bName], output: [output] };
}

/** Blocks after convolutions; returns how many were folded. */
export function foldAffineAfterConv(graph: Graph): number {
  const replace = new Map<NodeProto, NodeProto[]>();
  const removed = new Set<NodeProto>();
  for (const conv of graph.nodes) {
    if (conv.op_type !== 'Conv') continue;
    const affine = affineAfter(graph, conv.output[0]!);
    const p = affine.nodes.length > 0 ? weights(graph, conv) : undefined;
    if (!p) continue;
    const w = p.w.data.map((v) => v * affine.scale);
    const b = p.b.data.map((v) => v * affine.scale + affine.shift);
    replace.set(conv, [withWeights(graph, conv, w, p.w.dims, b, conv.input[0]!, affine.out)]);
    for (const node of affine.nodes) removed.add(node);
  }
  graph.edit(replace, removed);
  return replace.size;
}

/** Blocks before 1×1 convolutions without padding; returns how many were folded. */
export function foldAffineBeforeConv(graph: Graph): number {
  const replace = new Map<NodeProto, NodeProto[]>();
  const removed = new Set<NodeProto>();
  for (const conv of graph.nodes) {
    if (conv.op_type !== 'Conv' || (int(conv, 'group') ?? 1) !== 1 || (ints(conv, 'pads') ?? []).some((v) => v !== 0)) continue;
    const p = weights(graph, conv);
    if (!p || p.w.dims[2] !== 1 || p.w.dims[3] !== 1) continue;
    const affine = affineBefore(graph, conv.input[0]!);
    if (affine.nodes.length === 0) continue;
    const w = p.w.data.map((v) => v * affine.scale);
    const b = p.b.data.map((v, o) => {
      let sum = 0;
      for (let i = o * p.perOutput; i < (o + 1) * p.perOutput; i++) sum += p.w.data[i]!;
      return v + affine.shift * sum;
    });
    replace.set(conv, [withWeights(graph, conv, w, p.w.dims, b, affine.source, conv.output[0]!)]);
    for (const node of affine.nodes) removed.add(node);
  }
  graph.edit(replace, removed);
  return replace.size;
}

/**
 * The blocks left before padded convolutions (scale then shift, or either alone) as a 1×1
 * depthwise convolution with weight s and bias c in every channel: one op in ONNX Runtime's
 * blocked layout instead of four passes. Its kernel multiplies, then adds the bias, as the
 * Mul and Add did, so the outputs are the same to the bit (test/ocr/graph.test.ts; affineBefore
 * takes no other steps). The convolution gives the channel count. Returns how many blocks were
 * changed.
 */
export function affineAsDepthwise(graph: Graph): number {
  const replace = new Map<NodeProto, NodeProto[]>();
  const removed = new Set<NodeProto>();
  for (const conv of graph.nodes) {
    const w = conv.op_type === 'Conv' ? graph.constant(conv.input[1]!) : undefined;
    if (!w || w.dims.length !== 4) continue;
    // the block's output keeps its name, so other readers of it (a second convolution) read the
    // same values; its nodes come nearest the convolution first
    const affine = affineBefore(graph, conv.input[0]!, true);
    const [first, ...rest] = [...affine.nodes].reverse();
    if (!first || replace.has(first)) continue;
    const channels = w.dims[1]! * (int(conv, 'group') ?? 1);
    const out = conv.input[0]!;
    const weight = graph.addConstant(`${out}_depthwise_w`, [channels, 1, 1, 1], new Float32Array(channels).fill(affine.scale));
    const bias = graph.addConstant(`${out}_depthwise_b`, [channels], new Float32Array(channels).fill(affine.shift));
    const attribute = [
      { name: 'group', type: 2, i: channels },
      { name: 'kernel_shape', type: 7, ints: [1, 1] },
    ];
    replace.set(first, [{ op_type: 'Conv', input: [affine.source, weight, bias], output: [out], attribute } as NodeProto]);
    for (const node of rest) removed.add(node);
  }
  graph.edit(replace, removed);
  return replace.size;
}
