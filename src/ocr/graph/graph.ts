import { FLOAT, toNumber, type AttributeProto, type GraphProto, type NodeProto, type TensorProto } from './proto';

/*
 * A model's graph as the rewrites see it: who produces and who consumes each value, the
 * float constants (PaddlePaddle's exporter stores every weight as a Constant node, other
 * exporters as initializers), and edits that keep the node list in topological order.
 */

export interface Constant {
  dims: number[];
  data: Float32Array;
}

export class Graph {
  readonly #graph: GraphProto;
  #producers = new Map<string, NodeProto>();
  #consumers = new Map<string, NodeProto[]>();
  #constants = new Map<string, TensorProto>();
  #outputs: Set<string>;
  #added = 0;

  constructor(graph: GraphProto) {
    this.#graph = graph;
    this.#outputs = new Set(graph.output.map((o) => o.name));
    this.reindex();
  }

  get nodes(): readonly NodeProto[] {
    return this.#graph.node;
  }

  /** Rebuilds the indexes after the node list changed. */
  reindex(): void {
    this.#producers.clear();
    this.#consumers.clear();
    this.#constants.clear();
    for (const tensor of this.#graph.initializer) if (tensor.name) this.#constants.set(tensor.name, tensor);
    for (const node of this.#graph.node) {
      for (const output of node.output) this.#producers.set(output, node);
      for (const input of node.input) {
        const list = this.#consumers.get(input);
        if (list) list.push(node);
        else this.#consumers.set(input, [node]);
      }
      const value = node.op_type === 'Constant' ? node.attribute.find((a) => a.name === 'value')?.t : undefined;
      if (value) this.#constants.set(node.output[0]!, value);
    }
  }

  producer(value: string): NodeProto | undefined {
    return this.#producers.get(value);
  }

  consumers(value: string): NodeProto[] {
    return this.#consumers.get(value) ?? [];
  }

  /** The value feeds exactly one node and is not a graph output: that node may absorb it. */
  private(value: string): boolean {
    return this.consumers(value).length === 1 && !this.#outputs.has(value);
  }

  constant(value: string): Constant | undefined {
    const tensor = this.#constants.get(value);
    if (!tensor || (tensor.data_type ?? FLOAT) !== FLOAT) return undefined;
    const dims = tensor.dims.map(toNumber);
    // a copy: decoded bytes may be a view into a larger buffer (a Node Buffer's slice), unaligned
    const data = tensor.raw_data ? new Float32Array(new Uint8Array(tensor.raw_data).buffer) : Float32Array.from(tensor.float_data ?? []);
    return data.length === dims.reduce((a, b) => a * b, 1) ? { dims, data } : undefined;
  }

  /** A constant of one element (any rank), e.g. a learned scale. */
  scalar(value: string): number | undefined {
    const c = this.constant(value);
    return c && c.data.length === 1 ? c.data[0] : undefined;
  }

  /** A new float initializer; returns its name. */
  addConstant(hint: string, dims: number[], data: Float32Array): string {
    return this.addTensor(hint, dims, FLOAT, data);
  }

  /** A new initializer of any element type (TensorProto.DataType); returns its name. */
  addTensor(hint: string, dims: number[], dataType: number, data: Float32Array | Int8Array | Uint8Array | Int32Array | BigInt64Array): string {
    const name = this.newName(hint);
    const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
    this.#graph.initializer.push({ name, dims, data_type: dataType, raw_data: raw });
    return name;
  }

  /** A value name no node or initializer has. */
  newName(hint: string): string {
    return `${hint}__rewritten${this.#added++}`;
  }

  /**
   * Replaces each key node by its list (in its place, so the order stays topological) and
   * drops the `removed` nodes, then constants nothing reads any more.
   */
  edit(replace: Map<NodeProto, NodeProto[]>, removed: Set<NodeProto>): void {
    this.#graph.node = this.#graph.node.flatMap((node) => (removed.has(node) ? [] : (replace.get(node) ?? [node])));
    const read = new Set(this.#graph.node.flatMap((n) => n.input));
    this.#graph.node = this.#graph.node.filter((n) => n.op_type !== 'Constant' || n.output.some((o) => read.has(o) || this.#outputs.has(o)));
    // an initializer may also be declared as a graph input (older exporters): those stay
    const inputs = new Set(this.#graph.input.map((i) => i.name));
    this.#graph.initializer = this.#graph.initializer.filter((t) => !t.name || read.has(t.name) || inputs.has(t.name));
    this.reindex();
  }
}

export function attribute(node: NodeProto, name: string): AttributeProto | undefined {
  return node.attribute.find((a) => a.name === name);
}

export function ints(node: NodeProto, name: string): number[] | undefined {
  return attribute(node, name)?.ints?.map(toNumber);
}

export function int(node: NodeProto, name: string): number | undefined {
  const a = attribute(node, name);
  return a?.i === undefined ? undefined : toNumber(a.i);
}
