import { ints, type Graph } from './graph';
import { INT64, toNumber, type ModelProto, type NodeProto } from './proto';

/*
 * The recogniser and classifier are exported at opset 9; the 8-bit convolution ONNX Runtime
 * fuses (QLinearConv) exists from opset 10. Of the ops these models use only Slice changed
 * between 9 and 10 (its starts, ends and axes became inputs), so that is the one rewrite;
 * a model holding an op whose meaning changed in ways not rewritten here stays at its opset
 * and is not quantized.
 */

/** Ops whose opset-10 form differs from their opset-9 form other than Slice's. */
const CHANGED_AT_10 = new Set(['TopK', 'Upsample', 'Dropout']);

/** Raises the default-domain opset to at least 10; false when the model cannot be. */
export function raiseToOpset10(model: ModelProto, graph: Graph): boolean {
  const entry = model.opset_import.find((o) => !o.domain);
  if (!entry) return false;
  if (toNumber(entry.version) >= 10) return true;
  if (graph.nodes.some((n) => CHANGED_AT_10.has(n.op_type))) return false;
  const replace = new Map<NodeProto, NodeProto[]>();
  for (const slice of graph.nodes) {
    if (slice.op_type !== 'Slice') continue;
    const [starts, ends, axes] = [ints(slice, 'starts'), ints(slice, 'ends'), ints(slice, 'axes')];
    if (!starts || !ends) return false;
    const name = slice.name ?? slice.output[0]!;
    const operand = (what: string, values: number[]) => graph.addTensor(`${name}_${what}`, [values.length], INT64, BigInt64Array.from(values, BigInt));
    const input = [slice.input[0]!, operand('starts', starts), operand('ends', ends)];
    if (axes) input.push(operand('axes', axes));
    replace.set(slice, [{ ...slice, input, attribute: [] }]);
  }
  entry.version = 10;
  graph.edit(replace, new Set());
  return true;
}
