import type { Graph } from './graph';
import type { NodeProto } from './proto';

/** For a two-input node fed by `x` and a one-element constant: that constant, else undefined. */
export function scalarOperand(graph: Graph, node: NodeProto, x: string): number | undefined {
  if (node.input.length !== 2) return undefined;
  const [a, b] = node.input as [string, string];
  if (a === x) return graph.scalar(b);
  if (b === x) return graph.scalar(a);
  return undefined;
}

/** For a two-input node of which one input is the constant `k`: the other input. */
export function inputBeside(graph: Graph, node: NodeProto, k: number): string | undefined {
  if (node.input.length !== 2) return undefined;
  const [a, b] = node.input as [string, string];
  if (graph.scalar(b) === k && graph.scalar(a) === undefined) return a;
  if (graph.scalar(a) === k && graph.scalar(b) === undefined) return b;
  return undefined;
}
