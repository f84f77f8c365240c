import { attribute, type Graph } from './graph';
import { inputBeside } from './operands';
import type { NodeProto } from './proto';

/*
 * Hard-swish, x·clip(x + 3, 0, 6)/6, as PaddlePaddle's exporter writes it: Add, Clip, Mul and
 * Div, four passes over the tensor, where ONNX Runtime runs each op on its own. It becomes
 * HardSigmoid(x; α = 1/6, β = 0.5)·x, the same function in two passes (ONNX Runtime may even
 * run the HardSigmoid inside the convolution before it). Hard-sigmoid written the same way,
 * clip(x + 3, 0, 6)/6, becomes one HardSigmoid. PP-LCNet (the recogniser) and MobileNetV3
 * (detector, classifier) follow most convolutions with these.
 */

/** Clip's bounds: attributes up to opset 10, inputs from opset 11. */
function clipsTo(graph: Graph, clip: NodeProto, min: number, max: number): boolean {
  const lo = clip.input[1] ? graph.scalar(clip.input[1]) : attribute(clip, 'min')?.f;
  const hi = clip.input[2] ? graph.scalar(clip.input[2]) : attribute(clip, 'max')?.f;
  return lo === min && hi === max;
}

const isDivBy = (graph: Graph, node: NodeProto, x: string, k: number) =>
  node.op_type === 'Div' && node.input[0] === x && node.input[1] !== undefined && graph.scalar(node.input[1]) === k;

const hardSigmoid = (x: string, out: string): NodeProto => ({
  op_type: 'HardSigmoid',
  input: [x],
  output: [out],
  attribute: [
    { name: 'alpha', type: 1, f: 1 / 6 },
    { name: 'beta', type: 1, f: 0.5 },
  ],
});

/** Returns how many were rewritten. */
export function fuseHardSwish(graph: Graph): number {
  const replace = new Map<NodeProto, NodeProto[]>();
  const removed = new Set<NodeProto>();
  for (const clip of graph.nodes) {
    if (clip.op_type !== 'Clip' || !clipsTo(graph, clip, 0, 6)) continue;
    const add = graph.producer(clip.input[0]!);
    if (add?.op_type !== 'Add' || !graph.private(add.output[0]!) || !graph.private(clip.output[0]!)) continue;
    const x = inputBeside(graph, add, 3);
    if (x === undefined) continue;
    const gate = clip.output[0]!;
    const next = graph.consumers(gate)[0]!;
    if (next.op_type === 'Mul' && next.input.includes(x) && next.input.includes(gate) && graph.private(next.output[0]!)) {
      const div = graph.consumers(next.output[0]!)[0]!;
      if (!isDivBy(graph, div, next.output[0]!, 6)) continue;
      const fused = `${gate}__hardsigmoid`;
      replace.set(add, [hardSigmoid(x, fused), { op_type: 'Mul', input: [x, fused], output: [div.output[0]!], attribute: [] }]);
      removed.add(clip).add(next).add(div);
    } else if (isDivBy(graph, next, gate, 6)) {
      replace.set(add, [hardSigmoid(x, next.output[0]!)]);
      removed.add(clip).add(next);
    }
  }
  graph.edit(replace, removed);
  return replace.size;
}
