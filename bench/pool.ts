import { availableParallelism, loadavg } from 'node:os';
import { OcrPool } from '../src/ocr/runtime/pool';
import type { OcrTask } from '../src/ocr/runtime/task';
import { benchPages } from './support/dataset';
import { median } from './support/stats';

/*
 * npm run bench:pool — how the recognition pool should share the cores: worker threads ×
 * ONNX Runtime intra-op threads, and whether a task's lines are read by the worker alone or
 * side by side with its recognition helpers (src/ocr/runtime/rec-helpers.ts). For each layout,
 * through the real pool (worker threads, models warmed): the latency of one document at a
 * time (what a lone synchronous caller waits, against the 5 s budget) and the throughput
 * with 2 callers per worker thread.
 * Synthetic pages only, so it runs anywhere. The named baseline is one intra-op thread per
 * worker (cores ÷ workers, the layout before 22 November 2026).
 *   POOL_SECONDS (each throughput phase, default 30)
 */

const SECONDS = Number(process.env.POOL_SECONDS ?? 30);
const cores = availableParallelism();

// the first document, photo and skewed page of bench:ocr's synthetic set
const pages = [
  { name: '1000 px page, 22 lines', page: await benchPages.document(0) },
  { name: '12 MP photo, 30 lines', page: await benchPages.photo(0) },
  { name: 'small skewed page', page: await benchPages.variant('skew', 0) },
];
const tasks: OcrTask[] = pages.map(({ page }) => ({ kind: 'general', bytes: page.bytes, options: { minHeight: 0, outputProbability: false } }));

const layouts = [
  { name: `baseline: ${cores} workers × 1 intra-op thread`, threads: cores, intraOpThreads: 1, recThreads: 1 },
  { name: `${cores} workers × ${cores} intra-op threads`, threads: cores, intraOpThreads: cores, recThreads: 1 },
  { name: `${cores} workers × ${cores} intra-op threads, lines read by ${cores} threads`, threads: cores, intraOpThreads: cores, recThreads: cores },
  { name: `1 worker × ${cores} intra-op threads`, threads: 1, intraOpThreads: cores, recThreads: 1 },
];

interface Row {
  layout: string;
  latency: number[];
  perSecond: number;
}

const rows: Row[] = [];
for (const layout of layouts) {
  const pool = new OcrPool({ threads: layout.threads, intraOpThreads: layout.intraOpThreads, recThreads: layout.recThreads });
  // warm every worker: models load and take their first run
  await Promise.all(Array.from({ length: layout.threads }, () => pool.run(tasks[2]!)));
  const latency: number[] = [];
  for (const task of tasks) {
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await pool.run(task);
      runs.push(performance.now() - started);
    }
    latency.push(median(runs));
  }
  // throughput: callers each send the next page in turn as soon as their last one is answered
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 2 * layout.threads }, async (_, caller) => {
      for (let i = caller; performance.now() < until; i++) {
        await pool.run(tasks[i % tasks.length]!);
        done++;
      }
    }),
  );
  const perSecond = done / SECONDS;
  await pool.close();
  rows.push({ layout: layout.name, latency, perSecond });
  console.log(`${layout.name}: ${latency.map((ms) => Math.round(ms)).join(' / ')} ms, ${perSecond.toFixed(2)} pages/s`);
}

const base = rows[0]!;
console.log(`\nbench:pool on ${cores} cores, load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`one page at a time (median of 3, ms): ${pages.map((p) => p.name).join(' / ')}; then pages/s with 2 callers per worker\n`);
console.log('| layout | ' + pages.map((p) => p.name).join(' | ') + ' | pages/s |');
console.log('|---|' + pages.map(() => '---|').join('') + '---|');
for (const r of rows) {
  const vs = (ms: number, i: number) => (r === base ? `${Math.round(ms)}` : `${Math.round(ms)} (×${(ms / base.latency[i]!).toFixed(2)})`);
  const tput = r === base ? r.perSecond.toFixed(2) : `${r.perSecond.toFixed(2)} (×${(r.perSecond / base.perSecond).toFixed(2)})`;
  console.log(`| ${r.layout} | ${r.latency.map(vs).join(' | ')} | ${tput} |`);
}
