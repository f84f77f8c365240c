import { int, type Graph } from './graph';
import { INT32, INT64, toNumber, type ModelProto, type NodeProto } from './proto';

/*
 * The recogniser's output is a softmax over 6625 classes at every step: about 1 MB a 320 px
 * line, copied out of ONNX Runtime into a new buffer for each line (a sheet of eight reads
 * about 550), of which greedy CTC decoding (rec/ctc.ts) keeps each step's best class and its
 * probability. Those two are added as outputs of their own, by one TopK of 1 over the classes:
 * a line read without competing characters fetches them alone, and the full output is never
 * copied. TopK puts the first of equal maxima first (ONNX's TopK), as the decoder's scan keeps
 * it, and gives the maximum itself, so the text and confidence are the same to the bit; the
 * buffers no longer made spare the garbage collector about half a millisecond a line. (ArgMax
 * and ReduceMax give the same, in two passes over the classes where TopK makes one: ONNX
 * Runtime's ArgMax took 3 % of a line's inference.)
 */

/** The outputs added: each step's best class (int32) and its probability (float), [1, steps, 1]. */
export const BEST_CLASS = 'ctc_best_class';
export const BEST_P = 'ctc_best_p';

/**
 * Adds them to a model whose one output is a softmax over the last of three axes (steps ×
 * classes: the recogniser; the classifier's is [1, 2] and the detector's a sigmoid map).
 * Returns 1 when added, 0 otherwise.
 */
export function addBestClass(model: ModelProto, graph: Graph): number {
  const output = model.graph.output;
  if (output.length !== 1) return 0;
  const probs = output[0] as { name: string; type?: { tensor_type?: { shape?: { dim?: unknown[] } } } };
  const dims = probs.type?.tensor_type?.shape?.dim;
  const softmax = graph.producer(probs.name);
  if (!dims || dims.length !== 3 || softmax?.op_type !== 'Softmax' || ![2, -1].includes(int(softmax, 'axis') ?? -1)) return 0;
  const best = `${BEST_CLASS}__int64`;
  // TopK's k is an attribute up to opset 9 (the float recogniser's), an input from 10 (the 8-bit one's, opset.ts)
  const opset = toNumber(model.opset_import.find((o) => !o.domain)?.version ?? 0);
  const k = opset >= 10 ? [graph.addTensor('ctc_best_k', [1], INT64, BigInt64Array.of(1n))] : [];
  const nodes: NodeProto[] = [
    { op_type: 'TopK', input: [probs.name, ...k], output: [BEST_P, best], attribute: [{ name: 'axis', type: 2, i: 2 }, ...(opset >= 10 ? [] : [{ name: 'k', type: 2, i: 1 }])] },
    { op_type: 'Cast', input: [best], output: [BEST_CLASS], attribute: [{ name: 'to', type: 2, i: INT32 }] },
  ];
  model.graph.node.push(...nodes);
  const steps = { dim: [...dims.slice(0, 2), { dim_value: 1 }] };
  (output as unknown[]).push({ name: BEST_CLASS, type: { tensor_type: { elem_type: INT32, shape: steps } } }, { name: BEST_P, type: { tensor_type: { elem_type: 1, shape: steps } } });
  graph.reindex();
  return 1;
}
