import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { PaddleOcrService, type OrtModule } from 'paddleocr';
import { decodeImage } from '../../../src/ocr/image/decode';
import { modelFiles, sessionOptions } from '../../../src/ocr/models';
import type { Engine } from './types';

/*
 * The `paddleocr` npm package (1.2.0) on the same PP-OCRv4 files. Its PP-OCRv5 preset has
 * PP-OCRv4's detection settings (960 px max side, 0.3/0.6/1.5); the dictionary is the v4
 * key file plus the space class; the mobile 0°/180° classifier is configured with its own
 * input size (48×192) and (p − 127.5)/127.5 normalisation. Images are decoded by the same
 * decoder as ours (paddleocr takes raw pixels), and that time is counted.
 * `sameSessions` opens its sessions with our options (2 intra-op threads, no spinning),
 * so the pipelines are compared apart from ONNX Runtime settings; without it paddleocr
 * runs as shipped (ONNX Runtime defaults).
 */

const withOurOptions = {
  Tensor: ort.Tensor,
  InferenceSession: {
    create: (model: ArrayBuffer) => ort.InferenceSession.create(new Uint8Array(model), sessionOptions()),
  },
} as unknown as OrtModule;

const buffer = async (path: string) => {
  const b = await readFile(path);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

export async function createEngine(sameSessions = false): Promise<Engine> {
  const keys = (await readFile(modelFiles.keys, 'utf8')).split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  const service = await PaddleOcrService.createInstance({
    ort: sameSessions ? withOurOptions : (ort as unknown as OrtModule),
    modelPreset: 'PP-OCRv5',
    detection: { modelBuffer: await buffer(modelFiles.det) },
    recognition: { modelBuffer: await buffer(modelFiles.rec), charactersDictionary: ['', ...keys, ' '] },
    textlineOrientation: {
      modelBuffer: await buffer(modelFiles.cls),
      imageHeight: 48,
      imageWidth: 192,
      mean: [127.5, 127.5, 127.5],
      stdDeviation: [1 / 127.5, 1 / 127.5, 1 / 127.5],
      threshold: 0.9,
    },
  });
  return {
    name: sameSessions ? 'paddleocr 1.2.0, our session options' : 'paddleocr 1.2.0 (same model files)',
    async read(bytes) {
      const image = await decodeImage(bytes);
      const results = await service.recognize({ width: image.width, height: image.height, data: image.data });
      return results.filter((r) => r.confidence >= 0.5 && r.text.trim() !== '').map((r) => r.text.trim());
    },
    async close() {},
  };
}
