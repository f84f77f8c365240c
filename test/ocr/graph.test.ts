import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import * as det from '../../src/ocr/det/index';
import { affineAsDepthwise, foldAffineAfterConv, foldAffineBeforeConv } from '../../src/ocr/graph/affine';
import { Graph } from '../../src/ocr/graph/graph';
import { fuseHardSwish } from '../../src/ocr/graph/hardswish';
import { rewriteModel, type Calibration } from '../../src/ocr/graph/index';
import { decodeModel, encodeModel, toNumber, type NodeProto } from '../../src/ocr/graph/proto';
import { decodeImage } from '../../src/ocr/image/decode';
import { cropLine, fillTensor, LINE_HEIGHT } from '../../src/ocr/line';
import { defaultModelForm, getDictionary, modelBytes, modelFiles } from '../../src/ocr/models';
import { BEST_CLASS, BEST_P } from '../../src/ocr/graph/best-class';
import { ctcBest, ctcGreedy } from '../../src/ocr/rec/ctc';
import { renderDocument } from '../support/synth/index';
import { hasFont } from './fixtures';

/*
 * The models rewritten into fewer ops (src/ocr/graph/) compute what the exported ones do:
 * small graphs built here for each rewrite and for the cases it must leave alone, and the
 * three PP-OCR models on a real page and real lines.
 */

const options: InferenceSession.SessionOptions = { intraOpNumThreads: 1, graphOptimizationLevel: 'all' };

// the engine runs 8-bit convolutions only on CPUs with 8-bit dot products (models.ts)
const eightBit = defaultModelForm() === 'quantized';
if (!eightBit) console.warn('graph.test: this CPU has no VNNI, the engine runs in float here; 8-bit outputs not compared');

type Init = { name: string; dims: number[]; data: number[] };

/** A one-input, one-output float model: x [1, C, H, W] → y. */
function model(nodes: NodeProto[], inits: Init[], shape: number[], opset = 13): Uint8Array {
  const tensorType = (dims: number[]) => ({ tensor_type: { elem_type: 1, shape: { dim: dims.map((d) => ({ dim_value: d })) } } });
  return encodeModel({
    ir_version: 8,
    opset_import: [{ domain: '', version: opset }],
    graph: {
      name: 'g',
      node: nodes,
      initializer: inits.map((i) => ({ name: i.name, dims: i.dims, data_type: 1, raw_data: new Uint8Array(Float32Array.from(i.data).buffer) })),
      input: [{ name: 'x', type: tensorType(shape) }],
      output: [{ name: 'y', type: { tensor_type: { elem_type: 1 } } }],
    },
  } as never);
}

const node = (op_type: string, input: string[], output: string[], attribute: NodeProto['attribute'] = []): NodeProto => ({ op_type, input, output, attribute });
const ints = (name: string, values: number[]) => ({ name, type: 7, ints: values });
const float = (name: string, f: number) => ({ name, type: 1, f });
const scalar = (name: string, v: number): Init => ({ name, dims: [1], data: [v] });
const random = (n: number, seed: number) => Array.from({ length: n }, (_, i) => Math.sin(seed * 7919 + i * 104729) * 0.5);

async function run(session: InferenceSession, input: Tensor): Promise<Float32Array> {
  return (await session.run({ [session.inputNames[0]!]: input }))[session.outputNames[0]!]!.data as Float32Array;
}

const outputs = async (bytes: Uint8Array, input: Tensor) => run(await InferenceSession.create(bytes, options), input);

function maxDiff(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

const ops = (bytes: Uint8Array) => decodeModel(bytes).graph.node.map((n) => n.op_type);

async function rewritesSame(bytes: Uint8Array, shape: number[]) {
  const input = new Tensor('float32', Float32Array.from(random(shape.reduce((a, b) => a * b, 1), 3).map((v) => v * 12)), shape);
  const rewritten = rewriteModel(bytes);
  expect(maxDiff(await outputs(bytes, input), await outputs(rewritten.bytes, input))).toBeLessThan(1e-5);
  return { ...rewritten, ops: ops(rewritten.bytes) };
}

/** 1×1 conv from 2 to 3 channels, weights W and bias B. */
const conv1x1: Init[] = [{ name: 'W', dims: [3, 2, 1, 1], data: random(6, 1) }, { name: 'B', dims: [3], data: random(3, 2) }];
const conv3x3: Init[] = [{ name: 'W', dims: [3, 2, 3, 3], data: random(54, 1) }, { name: 'B', dims: [3], data: random(3, 2) }];
const hardSwish = (x: string, y: string, opset11: boolean): NodeProto[] => [
  node('Add', [x, 'three'], [`${y}.a`]),
  opset11 ? node('Clip', [`${y}.a`, 'zero', 'six'], [`${y}.c`]) : node('Clip', [`${y}.a`], [`${y}.c`], [float('min', 0), float('max', 6)]),
  node('Mul', [x, `${y}.c`], [`${y}.m`]),
  node('Div', [`${y}.m`, 'six'], [y]),
];
const constants = [scalar('three', 3), scalar('six', 6), { name: 'zero', dims: [], data: [0] }];

describe('model rewrites (src/ocr/graph)', () => {
  it('turns hard-swish written as Add, Clip, Mul, Div into HardSigmoid·x, Clip bounds as attributes (opset 9) or inputs (opset 11)', async () => {
    for (const [opset, asInputs] of [[9, false], [11, true]] as const) {
      const bytes = model(hardSwish('x', 'y', asInputs), constants, [1, 2, 4, 4], opset);
      const { counts, ops } = await rewritesSame(bytes, [1, 2, 4, 4]);
      expect(counts.hardSwish).toBe(1);
      expect(ops).toEqual(['HardSigmoid', 'Mul']);
    }
  });

  it('folds a scale and shift after a convolution into its weights', async () => {
    const bytes = model(
      [node('Conv', ['x', 'W', 'B'], ['c'], [ints('pads', [1, 1, 1, 1])]), node('Mul', ['c', 's'], ['m']), node('Add', ['k', 'm'], ['y'])],
      [...conv3x3, scalar('s', 1.7), scalar('k', -0.4)],
      [1, 2, 5, 5],
    );
    const { counts, ops } = await rewritesSame(bytes, [1, 2, 5, 5]);
    expect(counts.affineAfterConv).toBe(1);
    expect(ops).toEqual(['Conv']);
  });

  it('folds a scale and shift before a 1×1 convolution into its weights', async () => {
    const bytes = model(
      [node('Mul', ['x', 's'], ['m']), node('Add', ['m', 'k'], ['a']), node('Conv', ['a', 'W', 'B'], ['y'])],
      [...conv1x1, scalar('s', 0.6), scalar('k', 0.25)],
      [1, 2, 4, 4],
    );
    const { counts, ops } = await rewritesSame(bytes, [1, 2, 4, 4]);
    expect(counts.affineBeforeConv).toBe(1);
    expect(ops).toEqual(['Conv']);
  });

  it('leaves what it cannot fold exactly: a shift before a padded convolution, a convolution output read twice', async () => {
    // the border of a padded convolution sees 0, not the shift: not folded into it (a
    // depthwise convolution of its own instead, the test below)
    const padded = model(
      [node('Add', ['x', 'k'], ['a']), node('Conv', ['a', 'W', 'B'], ['y'], [ints('pads', [1, 1, 1, 1])])],
      [...conv3x3, scalar('k', 0.5)],
      [1, 2, 4, 4],
    );
    const paddedRewritten = await rewritesSame(padded, [1, 2, 4, 4]);
    expect(paddedRewritten.counts.affineBeforeConv).toBe(0);
    expect(paddedRewritten.ops).toEqual(['Conv', 'Conv']);
    // the convolution's output also feeds the Add: folding the Mul would change it
    const shared = model(
      [node('Conv', ['x', 'W', 'B'], ['c']), node('Mul', ['c', 's'], ['m']), node('Add', ['m', 'c'], ['y'])],
      [...conv1x1, scalar('s', 2)],
      [1, 2, 4, 4],
    );
    expect((await rewritesSame(shared, [1, 2, 4, 4])).ops).toEqual(['Conv', 'Mul', 'Add']);
    // hard-swish whose Clip also feeds something else stays as it is
    const clipShared = model([...hardSwish('x', 'h', false), node('Add', ['h', 'h.c'], ['y'])], constants, [1, 2, 4, 4], 9);
    expect((await rewritesSame(clipShared, [1, 2, 4, 4])).counts.hardSwish).toBe(0);
  });

  it('turns a scale and shift before a padded convolution into a 1×1 depthwise convolution, the same outputs to the bit', async () => {
    // a depthwise 3×3 convolution (2 channels) after s·x + c, as PP-LCNet's blocks before its depthwise stages
    const depthwise: Init[] = [{ name: 'W', dims: [2, 1, 3, 3], data: random(18, 1) }, { name: 'B', dims: [2], data: random(2, 2) }];
    const group = { name: 'group', type: 2, i: 2 };
    const shape = [1, 2, 5, 7];
    const input = new Tensor('float32', Float32Array.from(random(70, 3).map((v) => v * 12)), shape);
    const cases: [NodeProto[], number, string[]][] = [
      [[node('Mul', ['s', 'x'], ['m']), node('Add', ['m', 'k'], ['a'])], 1, ['Conv', 'Conv']],
      [[node('Add', ['x', 'k'], ['a'])], 1, ['Conv', 'Conv']],
      // a shift then a scale rounds otherwise than one convolution would: the shift stays an Add
      [[node('Add', ['x', 'k'], ['m']), node('Mul', ['m', 's'], ['a'])], 1, ['Add', 'Conv', 'Conv']],
      // two scales would round otherwise too: only the second, with its shift, becomes the convolution
      [[node('Mul', ['x', 's'], ['n']), node('Mul', ['n', 's'], ['m']), node('Add', ['m', 'k'], ['a'])], 1, ['Mul', 'Conv', 'Conv']],
    ];
    for (const [block, changed, expected] of cases) {
      const bytes = model([...block, node('Conv', ['a', 'W', 'B'], ['y'], [ints('pads', [1, 1, 1, 1]), group])], [...depthwise, scalar('s', 1.37), scalar('k', -0.61)], shape);
      const rewritten = rewriteModel(bytes);
      expect(rewritten.counts.affineAsDepthwise).toBe(changed);
      expect(ops(rewritten.bytes)).toEqual(expected);
      expect(maxDiff(await outputs(bytes, input), await outputs(rewritten.bytes, input))).toBe(0);
    }
    // a block no convolution reads has no channel count to take: left as it is
    const alone = model([node('Mul', ['x', 's'], ['m']), node('Add', ['m', 'k'], ['y'])], [scalar('s', 2), scalar('k', 1)], shape);
    expect(ops(rewriteModel(alone).bytes)).toEqual(['Mul', 'Add']);
  });

  it("adds a softmax's best class and its probability over the last of three axes as outputs, which decode to the bit as the whole output does", async () => {
    const [steps, classes] = [24, 7];
    const dims = (d: number[]) => ({ dim: d.map((v) => ({ dim_value: v })) });
    const softmaxModel = (axis: number, out: number[], opset = 9) =>
      encodeModel({
        ir_version: 8,
        opset_import: [{ domain: '', version: opset }],
        graph: {
          name: 'g',
          node: [node('Softmax', ['x'], ['y'], [{ name: 'axis', type: 2, i: axis }])],
          initializer: [],
          input: [{ name: 'x', type: { tensor_type: { elem_type: 1, shape: dims([1, steps, classes]) } } }],
          output: [{ name: 'y', type: { tensor_type: { elem_type: 1, shape: dims(out) } } }],
        },
      } as never);
    // one TopK of 1, its k an attribute at opset 9 (the float recogniser) and an input from 10 (the 8-bit one)
    const rewritten = rewriteModel(softmaxModel(2, [1, steps, classes]));
    expect(rewritten.counts.bestClass).toBe(1);
    expect(ops(rewritten.bytes)).toEqual(['Softmax', 'TopK', 'Cast']);
    // a softmax over another axis, or an output of two axes (the classifier's [1, 2]): nothing to add
    expect(rewriteModel(softmaxModel(1, [1, steps, classes])).counts.bestClass).toBe(0);
    // logits with equal maxima (the first is the decoder's), blanks, repeats and near ties
    const logits = Float32Array.from({ length: steps * classes }, (_, i) => {
      const [t, c] = [Math.floor(i / classes), i % classes];
      if (t % 4 === 0) return c === 0 ? 3 : 0;
      if (t % 4 === 1) return c === 2 || c === 5 ? 1.5 : 0;
      return Math.round(Math.sin(t * 7.1 + c * 3.3) * 4) / 2;
    });
    const dictionary = ['', ...'abcdef'];
    for (const opset of [9, 10]) {
      const session = await InferenceSession.create(opset === 9 ? rewritten.bytes : rewriteModel(softmaxModel(2, [1, steps, classes], opset)).bytes, options);
      const out = await session.run({ x: new Tensor('float32', logits, [1, steps, classes]) });
      const probs = out.y!.data as Float32Array;
      const whole = ctcGreedy(probs, steps, classes, dictionary);
      const classOf = out[BEST_CLASS]!.data as Int32Array, pOf = out[BEST_P]!.data as Float32Array;
      // each step's first largest class and that probability itself
      for (let t = 0; t < steps; t++) {
        const row = Array.from(probs.subarray(t * classes, (t + 1) * classes));
        expect(classOf[t]).toBe(row.indexOf(Math.max(...row)));
        expect(Object.is(pOf[t], probs[t * classes + classOf[t]!])).toBe(true);
      }
      const best = ctcBest(classOf, pOf, dictionary);
      expect(best.text).toBe(whole.text);
      expect(Object.is(best.confidence, whole.confidence)).toBe(true);
      expect(whole.text.length).toBeGreaterThan(5);
    }
  });

  it('runs a calibrated convolution in 8 bits, close to its float output, and raises an opset-9 model to 10 (Slice attributes become inputs)', async () => {
    const shape = [1, 8, 4, 6];
    const weights: Init[] = [{ name: 'W', dims: [8, 8, 1, 1], data: random(64, 4) }, { name: 'B', dims: [8], data: random(8, 5) }];
    const slice = node('Slice', ['x'], ['s'], [ints('axes', [3]), ints('starts', [1]), ints('ends', [5])]);
    const bytes = model([slice, node('Conv', ['s', 'W', 'B'], ['y'])], weights, shape, 9);
    const input = new Tensor('float32', Float32Array.from(random(8 * 4 * 6, 3).map((v) => v * 12)), shape);
    const float = await outputs(bytes, input);
    const calibration: Calibration = { y: { input: [-6, 6], output: [Math.min(...float), Math.max(...float)] } };
    const quantized = rewriteModel(bytes, calibration);
    expect(quantized.counts.quantizedConvs).toBe(1);
    const opset = decodeModel(quantized.bytes).opset_import.find((o) => !o.domain)!;
    expect(toNumber(opset.version)).toBe(10);
    expect(ops(quantized.bytes)).toEqual(['Slice', 'QuantizeLinear', 'DequantizeLinear', 'DequantizeLinear', 'DequantizeLinear', 'Conv', 'QuantizeLinear', 'DequantizeLinear']);
    // within a few steps of the output's 8-bit scale, on a CPU the engine runs 8 bits on
    if (eightBit) {
      const step = (calibration.y!.output[1] - calibration.y!.output[0]) / 255;
      const error = maxDiff(float, await outputs(quantized.bytes, input));
      expect(error).toBeGreaterThan(0);
      expect(error).toBeLessThan(4 * step);
    }
    // a convolution the calibration does not list, or a model not raised to opset 10, stays float
    expect(rewriteModel(bytes, { other: calibration.y! }).counts.quantizedConvs).toBe(0);
    const topK = model([node('Conv', ['x', 'W', 'B'], ['y']), node('TopK', ['y'], ['t', 'i'], [{ name: 'k', type: 2, i: 1 }])], weights, shape, 9);
    expect(rewriteModel(topK, calibration).counts.quantizedConvs).toBe(0);
  });

  describe.skipIf(!hasFont)('the PP-OCR models', () => {
    it('read a real page and its lines as the exported models do, in fewer ops', async () => {
      const page = await decodeImage((await renderDocument({ seed: 5, variant: 'clean' })).bytes);
      const quads = (await det.run({ image: page })).boxes.map((b) => b.quad).slice(0, 4);
      expect(quads.length).toBe(4);
      // the detector on the page scaled to 640×480 (nearest pixel), the classifier and recogniser on its lines
      const inputs: Record<'det' | 'cls' | 'rec', Tensor[]> = { det: [], cls: [], rec: [] };
      const [w, h] = [640, 480];
      const detData = new Float32Array(3 * w * h);
      for (let c = 0; c < 3; c++)
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++) {
            const from = (Math.floor((y * page.height) / h) * page.width + Math.floor((x * page.width) / w)) * 3 + 2 - c;
            detData[(c * h + y) * w + x] = (page.data[from]! / 255 - 0.45) / 0.225;
          }
      inputs.det.push(new Tensor('float32', detData, [1, 3, h, w]));
      for (const quad of quads) {
        const line = cropLine(page, quad);
        for (const [name, width] of [['cls', 192], ['rec', 320]] as const) {
          const data = new Float32Array(3 * LINE_HEIGHT * width);
          fillTensor(data, 0, line, width);
          inputs[name].push(new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]));
        }
      }
      for (const name of ['det', 'cls', 'rec'] as const) {
        const bytes = new Uint8Array(readFileSync(modelFiles[name]));
        const rewritten = rewriteModel(bytes);
        expect(rewritten.counts.hardSwish).toBeGreaterThan(0);
        if (name !== 'cls') expect(rewritten.counts.affineAfterConv).toBeGreaterThan(0);
        expect(ops(rewritten.bytes).length).toBeLessThan(ops(bytes).length);
        const [exported, fewer] = [await InferenceSession.create(bytes, options), await InferenceSession.create(rewritten.bytes, options)];
        for (const input of inputs[name]) {
          const [before, after] = [await run(exported, input), await run(fewer, input)];
          expect(maxDiff(before, after), name).toBeLessThan(1e-4);
        }
      }
    });

    it('compute the same outputs to the bit with their scalar blocks as depthwise convolutions, in fewer ops after ONNX Runtime lays them out', async () => {
      const page = await decodeImage((await renderDocument({ seed: 5, variant: 'photo' })).bytes);
      const quads = (await det.run({ image: page })).boxes.map((b) => b.quad).slice(0, 6);
      expect(quads.length).toBe(6);
      const dir = mkdtempSync(join(tmpdir(), 'depthwise-'));
      try {
        for (const name of ['det', 'rec'] as const) {
          // the float rewrites as models.ts makes them, with and without the last step
          const build = (depthwise: boolean) => {
            const m = decodeModel(new Uint8Array(readFileSync(modelFiles[name])));
            const graph = new Graph(m.graph);
            fuseHardSwish(graph);
            foldAffineAfterConv(graph);
            foldAffineBeforeConv(graph);
            const changed = depthwise ? affineAsDepthwise(graph) : 0;
            return { bytes: encodeModel(m), changed };
          };
          const [plain, depthwise] = [build(false), build(true)];
          expect(depthwise.changed).toBeGreaterThanOrEqual(10);
          const laidOut = async (bytes: Uint8Array, file: string) => {
            const optimizedModelFilePath = join(dir, file);
            const session = await InferenceSession.create(bytes, { ...options, optimizedModelFilePath });
            return { session, ops: ops(readFileSync(optimizedModelFilePath)) };
          };
          const [a, b] = [await laidOut(plain.bytes, `${name}-plain.onnx`), await laidOut(depthwise.bytes, `${name}-depthwise.onnx`)];
          // the passes out of and back into the blocked layout are what the rewrite saves
          const reorders = (list: string[]) => list.filter((op) => op.startsWith('Reorder')).length;
          expect(reorders(b.ops)).toBeLessThan(reorders(a.ops));
          const inputs: Tensor[] = [];
          if (name === 'det') {
            const [w, h] = [Math.round(page.width / 32) * 32, Math.round(page.height / 32) * 32];
            inputs.push(new Tensor('float32', Float32Array.from({ length: 3 * w * h }, (_, i) => (page.data[(i % (w * h)) * 3 % page.data.length]! / 255 - 0.45) / 0.225), [1, 3, h, w]));
          } else {
            for (const quad of quads) {
              const line = cropLine(page, quad);
              const width = Math.max(320, Math.ceil(line.width / 8) * 8);
              const data = new Float32Array(3 * LINE_HEIGHT * width);
              fillTensor(data, 0, line, width);
              inputs.push(new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]));
            }
          }
          for (const input of inputs) expect(maxDiff(await run(a.session, input), await run(b.session, input)), name).toBe(0);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("read a page's lines from the recogniser's best classes alone as from its whole output, to the bit", async () => {
      const bytes = await modelBytes('rec');
      const session = await InferenceSession.create(bytes, options);
      expect(session.outputNames).toEqual([expect.any(String), BEST_CLASS, BEST_P]);
      for (const name of ['det', 'cls'] as const) expect(rewriteModel(new Uint8Array(readFileSync(modelFiles[name]))).counts.bestClass).toBe(0);
      const page = await decodeImage((await renderDocument({ seed: 7, variant: 'photo' })).bytes);
      const quads = (await det.run({ image: page })).boxes.map((b) => b.quad);
      expect(quads.length).toBeGreaterThan(5);
      const dictionary = getDictionary();
      for (const quad of quads) {
        const line = cropLine(page, quad);
        const width = Math.max(320, Math.ceil(line.width / 8) * 8);
        const data = new Float32Array(3 * LINE_HEIGHT * width);
        fillTensor(data, 0, line, width);
        const out = await session.run({ [session.inputNames[0]!]: new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]) });
        const probs = out[session.outputNames[0]!]!;
        const whole = ctcGreedy(probs.data as Float32Array, probs.dims[1]!, probs.dims[2]!, dictionary);
        const best = ctcBest(out[BEST_CLASS]!.data as Int32Array, out[BEST_P]!.data as Float32Array, dictionary);
        expect(best.text).toBe(whole.text);
        expect(Object.is(best.confidence, whole.confidence)).toBe(true);
      }
    });

    it.skipIf(!eightBit)("read lines the same with the recogniser's calibrated 8-bit convolutions, which ONNX Runtime runs as QLinearConv", async () => {
      // every convolution of the shipped calibration fused: it is for the installed model file
      // (models.ts checks its SHA-256), and ONNX Runtime took the Q/DQ nodes as written
      const calibration = JSON.parse(readFileSync(new URL('../../src/ocr/graph/calibration/rec.json', import.meta.url), 'utf8'));
      const quantizedBytes = await modelBytes('rec', 'quantized');
      const dir = mkdtempSync(join(tmpdir(), 'rec-optimized-'));
      try {
        const optimizedModelFilePath = join(dir, 'rec.onnx');
        const quantized = await InferenceSession.create(quantizedBytes, { ...options, optimizedModelFilePath });
        expect(ops(readFileSync(optimizedModelFilePath)).filter((op) => op === 'QLinearConv').length).toBe(Object.keys(calibration.convs).length);
        const float = await InferenceSession.create(await modelBytes('rec', 'float'), options);
        const page = await decodeImage((await renderDocument({ seed: 6, variant: 'photo' })).bytes);
        const quads = (await det.run({ image: page })).boxes.map((b) => b.quad);
        expect(quads.length).toBeGreaterThan(5);
        const dictionary = getDictionary();
        const read = async (session: InferenceSession, input: Tensor) => {
          const out = (await session.run({ [session.inputNames[0]!]: input }))[session.outputNames[0]!]!;
          return ctcGreedy(out.data as Float32Array, out.dims[1]!, out.dims[2]!, dictionary).text;
        };
        for (const quad of quads) {
          const line = cropLine(page, quad);
          const width = Math.max(320, Math.ceil(line.width / 8) * 8);
          const data = new Float32Array(3 * LINE_HEIGHT * width);
          fillTensor(data, 0, line, width);
          const input = new Tensor('float32', data, [1, 3, LINE_HEIGHT, width]);
          expect(await read(quantized, input)).toBe(await read(float, input));
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
