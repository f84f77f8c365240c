import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';

/*
 * ONNX model files read and written with protobufjs and ONNX's own schema (onnx.proto beside
 * this file), so every field of a model survives a rewrite. The interfaces name only the
 * fields the rewrites (graph/) read or set; field names are the schema's (keepCase).
 */

// parsed on first use: the gateway's main thread imports the engine but never opens a model
let modelType: protobuf.Type | undefined;
const Model = (): protobuf.Type =>
  (modelType ??= protobuf.parse(readFileSync(new URL('./onnx.proto', import.meta.url), 'utf8'), { keepCase: true }).root.lookupType('onnx.ModelProto'));

/** int64 fields decode as Long objects (protobufjs with the long package). */
export type Int64 = number | { toNumber(): number };

export const toNumber = (v: Int64): number => (typeof v === 'number' ? v : v.toNumber());

/** TensorProto.DataType values. */
export const FLOAT = 1;
export const UINT8 = 2;
export const INT8 = 3;
export const INT32 = 6;
export const INT64 = 7;

export interface TensorProto {
  name?: string;
  dims: Int64[];
  data_type?: number;
  raw_data?: Uint8Array;
  float_data?: number[];
}

export interface AttributeProto {
  name: string;
  /** AttributeProto.AttributeType: FLOAT 1, INT 2, TENSOR 4, INTS 7 */
  type?: number;
  f?: number;
  i?: Int64;
  ints?: Int64[];
  t?: TensorProto;
}

export interface NodeProto {
  name?: string;
  op_type: string;
  domain?: string;
  input: string[];
  output: string[];
  attribute: AttributeProto[];
}

export interface GraphProto {
  node: NodeProto[];
  initializer: TensorProto[];
  input: { name: string }[];
  output: { name: string }[];
}

export interface ModelProto {
  graph: GraphProto;
  opset_import: { domain?: string; version: Int64 }[];
}

export function decodeModel(bytes: Uint8Array): ModelProto {
  return Model().decode(bytes) as unknown as ModelProto;
}

export function encodeModel(model: ModelProto): Uint8Array {
  return Model().encode(model as unknown as protobuf.Message).finish();
}
