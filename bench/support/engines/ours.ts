import { recognize } from '../../../src/ocr/pipeline';
import type { WorkerSettings } from '../../../src/ocr/runtime/task';
import { prepareThread, threadSettings } from '../../../src/ocr/runtime/thread-setup';
import type { Engine } from './types';

/**
 * Our pipeline in-process, set up as one pool worker of the gateway on this machine
 * (src/ocr/runtime/thread-setup.ts): by default ONNX Runtime on every core and the lines read by the
 * worker and its recognition helpers; `given` overrides that (1 intra-op thread and no
 * helpers is the layout before 22 November 2026).
 */
export async function createEngine(given: Partial<WorkerSettings> = {}, label = ''): Promise<Engine> {
  const settings = threadSettings(given);
  await prepareThread(settings);
  return {
    name: `ours (det→cls→rec, PP-OCRv4)${label}`,
    async read(bytes) {
      return (await recognize(bytes)).lines.map((l) => l.text);
    },
    async close() {},
  };
}
