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
 * model sees 0, so those blocks stay.
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

/** Mul/Add by scalars that end in `value`, walking back while each feeds only the next. */
function affineBefore(graph: Graph, value: string): Affine & { source: string } {
  const found: Affine & { source: string } = { scale: 1, shift: 0, nodes: [], source: value };
  for (let node = graph.producer(value); node && graph.private(found.source); node = graph.producer(found.source)) {
    const x = node.input.find((i) => graph.scalar(i) === undefined);
    const k = x === undefined ? undefined : scalarOperand(graph, node, x);
    if (x === undefined || k === undefined || (node.op_type !== 'Mul' && node.op_type !== 'Add')) break;
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
