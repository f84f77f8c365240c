import { recognize } from '../../../src/ocr/pipeline';
import { configureSessions, warmUp } from '../../../src/ocr/models';
import type { Engine } from './types';

/**
 * Our pipeline in-process, as one pool worker runs it: ONNX Runtime with 2 intra-op
 * threads (one worker on 2 cores), or 1 (the pool's default of two workers on 2 cores).
 */
export async function createEngine(intraOpThreads = 2): Promise<Engine> {
  configureSessions({ intraOpThreads });
  await warmUp();
  return {
    name: intraOpThreads === 2 ? 'ours (det→cls→rec, PP-OCRv4)' : `ours, ${intraOpThreads} intra-op thread`,
    async read(bytes) {
      return (await recognize(bytes)).lines.map((l) => l.text);
    },
    async close() {},
  };
}
