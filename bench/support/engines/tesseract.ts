import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createWorker, OEM } from 'tesseract.js';
import type { Engine } from './types';

/* tesseract.js 7 with chi_sim best_int from @tesseract.js-data/chi_sim (LSTM engine, page segmentation auto). */
export async function createEngine(): Promise<Engine> {
  const data = createRequire(import.meta.url)('@tesseract.js-data/chi_sim') as { langPath: string };
  const worker = await createWorker('chi_sim', OEM.LSTM_ONLY, {
    langPath: join(data.langPath, '..', '4.0.0_best_int'),
    gzip: true,
    cacheMethod: 'none',
  });
  return {
    name: 'tesseract.js 7 + chi_sim best_int',
    async read(bytes) {
      const { data: result } = await worker.recognize(Buffer.from(bytes));
      return result.text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
    },
    async close() {
      await worker.terminate();
    },
  };
}
