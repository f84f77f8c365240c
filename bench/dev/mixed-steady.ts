import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadQrDecoder } from '../../src/ocr/qr/decode';
import { RecHelper } from '../../src/ocr/runtime/rec-helpers';
import { runTask } from '../../src/ocr/runtime/run-task';
import { prepareThread, threadSettings } from '../../src/ocr/runtime/thread-setup';

/*
 * 2582-25's answer (runTask's Data and remarks) on each image of a directory, with the timing
 * made adversarial, to show that the answer does not depend on it: run it plainly and with the
 * settings below, then compare the files (`cmp`). What takes turns in a task is who reads which
 * line (this thread or a recognition helper), the order replies come back in, and sheets read
 * at once on one thread; the load of the machine only moves these (two `node -e 'for(;;){}'`
 * beside it make it busy). Runs the models.
 *   npx tsx bench/dev/mixed-steady.ts <out.json> <directory> [regular expression of names]
 *   JITTER=<seed>: each helper reply held back 0–JITTER_MS ms (default 30), pseudo-random
 *   REC_THREADS=<n>: this thread and n − 1 helpers (default as a pool worker: every core, at most 4)
 *   TOGETHER=<n>: n images' tasks at once on this thread, their awaits interleaved (default 1)
 */

const [out, dir, pattern = '.'] = process.argv.slice(2);
let seed = Number(process.env.JITTER ?? 0) >>> 0;
const heldMs = Number(process.env.JITTER_MS ?? 30);
const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
if (seed) {
  for (const name of ['read', 'detect', 'warp'] as const) {
    const send = RecHelper.prototype[name] as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(RecHelper.prototype, name, {
      value: async function (this: RecHelper, ...args: unknown[]) {
        const reply = await send.apply(this, args);
        await new Promise((resolve) => setTimeout(resolve, next() * heldMs));
        return reply;
      },
    });
  }
}
const recThreads = process.env.REC_THREADS ? Number(process.env.REC_THREADS) : undefined;
await Promise.all([prepareThread(threadSettings(recThreads ? { recThreads } : {})), loadQrDecoder()]);
const names = readdirSync(dir!).filter((n) => n.endsWith('.jpg') && new RegExp(pattern).test(n)).sort();
const together = Math.max(1, Number(process.env.TOGETHER ?? 1));
const answers = new Map<string, unknown>();
for (let i = 0; i < names.length; i += together) {
  await Promise.all(
    names.slice(i, i + together).map(async (name) => {
      const started = performance.now();
      answers.set(name, await runTask({ kind: 'mixed', bytes: new Uint8Array(readFileSync(`${dir}/${name}`)), options: {} }));
      console.log(name, Math.round(performance.now() - started), 'ms');
    }),
  );
}
// in the names' order, whichever finished first
writeFileSync(out!, JSON.stringify(Object.fromEntries(names.map((n) => [n, answers.get(n)])), null, 1));
process.exit(0);
