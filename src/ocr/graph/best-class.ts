import { int, type Graph } from './graph';
import { INT32, type ModelProto, type NodeProto } from './proto';

/*
 * The recogniser's output is a softmax over 6625 classes at every step: about 1 MB a 320 px
 * line, copied out of ONNX Runtime into a new buffer for each line (a sheet of eight reads
 * about 550), of which greedy CTC decoding (rec/ctc.ts) keeps each step's best class and its
 * probability. Those two are added as outputs of their own, ArgMax and ReduceMax over the
 * classes: a line read without competing characters fetches them alone, and the full output
 * is never copied. ArgMax gives the first of equal maxima, as the decoder's scan does, and
 * ReduceMax the maximum itself, so the text and confidence are the same to the bit; the
 * buffers no longer made spare the garbage collector about half a millisecond a line.
 */

/** The outputs added: each step's best class (int32) and its probability (float). */
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
  const nodes: NodeProto[] = [
    { op_type: 'ArgMax', input: [probs.name], output: [best], attribute: [{ name: 'axis', type: 2, i: 2 }, { name: 'keepdims', type: 2, i: 0 }] },
    { op_type: 'Cast', input: [best], output: [BEST_CLASS], attribute: [{ name: 'to', type: 2, i: INT32 }] },
    { op_type: 'ReduceMax', input: [probs.name], output: [BEST_P], attribute: [{ name: 'axes', type: 7, ints: [2] }, { name: 'keepdims', type: 2, i: 0 }] },
  ];
  model.graph.node.push(...nodes);
  const steps = { dim: dims.slice(0, 2) };
  (output as unknown[]).push({ name: BEST_CLASS, type: { tensor_type: { elem_type: INT32, shape: steps } } }, { name: BEST_P, type: { tensor_type: { elem_type: 1, shape: steps } } });
  graph.reindex();
  return 1;
}
