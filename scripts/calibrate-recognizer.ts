import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { documentBenches } from '../bench/documents/index';
import { Graph, int } from '../src/ocr/graph/graph';
import { decodeModel, encodeModel, FLOAT } from '../src/ocr/graph/proto';
import type { ConvRanges } from '../src/ocr/graph/quantize';
import { decodeImage } from '../src/ocr/image/decode';
import { sniffFormat } from '../src/ocr/image/sniff';
import { cropLine, fillTensor, LINE_HEIGHT } from '../src/ocr/line';
import { calibrationFiles, configureSessions, modelBytes, modelFiles, type CalibrationFile } from '../src/ocr/models';
import { recognize } from '../src/ocr/pipeline';
import { tensorWidth } from '../src/ocr/rec/read';

/*
 * npm run calibrate — measures the activation ranges of the recogniser's widest 1×1
 * convolutions and writes src/ocr/graph/calibration/rec.json, which turns them into 8-bit
 * convolutions at run time (src/ocr/graph/quantize.ts). Run it again when the model file
 * changes (models.ts falls back to float when the SHA-256 differs).
 *
 * The lines are the benches' synthetic documents of every type (bench/documents), at seeds
 * the bench does not use so bench:documents stays a held-out measure, cut and padded as
 * the pipeline reads them. Only the last stage's 1×1 convolutions doing at least MIN_MACS
 * multiply-adds on a line are listed: smaller ones save less time than their quantize and
 * dequantize passes cost, and the stage before loses readings (MIN_OUTPUTS).
 *   CALIBRATE_CASES (per type and seed, default 6), CALIBRATE_SEEDS (default 7,8)
 */

/** Multiply-adds a convolution must do on a 320 px line to be worth 8 bits. */
const MIN_MACS = 40e6;
/**
 * Only the last stage (480 channels, 3–6 rows high): its 240-channel stage at twice the
 * resolution does as much work, but in 8 bits it cost a corpus reading (taxi_invoice_04's
 * dot-matrix amount 78.00 read 78.08) for 8% less time on the 12 MP photo.
 */
const MIN_OUTPUTS = 480;
const cases = Number(process.env.CALIBRATE_CASES ?? 6);
const seeds = (process.env.CALIBRATE_SEEDS ?? '7,8').split(',').map(Number);

// the lines are found by the float pipeline, as the ranges are measured on the float model
configureSessions({ intraOpThreads: 2, modelForm: 'float' });

const model = decodeModel(await modelBytes('rec', 'float'));
const graph = new Graph(model.graph);
const pointwise = graph.nodes.filter((node) => {
  const w = node.op_type === 'Conv' ? graph.constant(node.input[1]!) : undefined;
  return w !== undefined && (int(node, 'group') ?? 1) === 1 && w.dims[2] === 1 && w.dims[3] === 1;
});
// every candidate's input and output become outputs of the graph, to be read per line
for (const name of new Set(pointwise.flatMap((c) => [c.input[0]!, c.output[0]!]))) model.graph.output.push({ name, type: { tensor_type: { elem_type: FLOAT } } } as never);
const session = await InferenceSession.create(encodeModel(model), { intraOpNumThreads: 2, graphOptimizationLevel: 'all' });
// the work each does on a 320 px line: weights × output positions (squeeze-and-excitation
// convolutions, on one position, do almost none however many weights they have)
const probe = await session.run({ [session.inputNames[0]!]: new Tensor('float32', new Float32Array(3 * LINE_HEIGHT * 320), [1, 3, LINE_HEIGHT, 320]) });
const convs = pointwise.filter((c) => {
  const [outputs, inputs] = graph.constant(c.input[1]!)!.dims as [number, number];
  const [, , h, w] = probe[c.output[0]!]!.dims as [number, number, number, number];
  return outputs >= MIN_OUTPUTS && outputs * inputs * h * w >= MIN_MACS;
});
const watched = [...new Set(convs.flatMap((c) => [c.input[0]!, c.output[0]!]))];

const ranges = new Map<string, [number, number]>(watched.map((name) => [name, [Infinity, -Infinity]]));
let lines = 0;
for (const bench of documentBenches) {
  for (const seed of seeds) {
    for (const c of await bench.synthetic(cases, seed)) {
      if (sniffFormat(c.bytes) === 'pdf') continue;
      const image = await decodeImage(c.bytes);
      for (const line of (await recognize(image, { minConfidence: 0 })).lines) {
        const crop = cropLine(image, line.quad);
        const width = tensorWidth(crop.width);
        const data = new Float32Array(3 * LINE_HEIGHT * width);
        fillTensor(data, 0, crop, width);
        const out = await session.run({ [session.inputNames[0]!]: new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]) }, watched);
        for (const name of watched) {
          const range = ranges.get(name)!;
          for (const v of out[name]!.data as Float32Array) {
            if (v < range[0]) range[0] = v;
            if (v > range[1]) range[1] = v;
          }
        }
        lines++;
      }
    }
  }
  console.log(`${bench.type}: ${lines} lines so far`);
}

const round = (v: number) => Number(v.toPrecision(6));
const file: CalibrationFile = {
  model: modelFiles.rec.split(/[\\/]/).pop()!,
  sha256: createHash('sha256').update(readFileSync(modelFiles.rec)).digest('hex'),
  convs: Object.fromEntries(
    convs.map((c): [string, ConvRanges] => [c.output[0]!, { input: ranges.get(c.input[0]!)!.map(round) as [number, number], output: ranges.get(c.output[0]!)!.map(round) as [number, number] }]),
  ),
};
const target = fileURLToPath(calibrationFiles.rec!);
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`);
console.log(`${convs.length} convolutions calibrated on ${lines} lines: ${target}`);
process.exit(0);
