import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerChineseFont } from '../test/support/synth/index';
import { corpusItems, syntheticItems, type BenchItem } from './support/dataset';
import { report, type EngineRun } from './support/report';
import type { RunnerReply, RunnerRequest } from './support/runner';
import { measureSmall, smallImages, smallTable } from './support/small';

/*
 * npm run bench:ocr — our pipeline against `paddleocr` (same PP-OCRv4 files) and
 * tesseract.js on the same images in one run: the synthetic set rendered here and the
 * corpus in ../shared/corpus. Each engine runs in its own process; they take turns
 * image by image. Options: --engines=ours,ours-float,paddleocr,paddleocr-same,tesseract --seeds=4
 * --no-corpus (paddleocr-same: paddleocr with our ONNX Runtime session options).
 * Then small images through HTTP against paddleocr in its own process (support/small.ts;
 * --no-small skips it, --only-small runs it alone).
 */

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const engineKeys = arg('engines', 'ours,ours-float,paddleocr,paddleocr-same,tesseract').split(',');
const seeds = Number(arg('seeds', '4'));

interface Runner {
  child: ChildProcess;
  next(): Promise<RunnerReply>;
  send(request: RunnerRequest): void;
}

function startRunner(key: string): Runner {
  const child = fork(fileURLToPath(new URL('./support/runner.ts', import.meta.url)), [key], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const queue: RunnerReply[] = [];
  const waiting: ((r: RunnerReply) => void)[] = [];
  child.on('message', (m: RunnerReply) => (waiting.length ? waiting.shift()!(m) : queue.push(m)));
  child.on('exit', (code) => {
    if (code) for (const w of waiting.splice(0)) w({ id: '?', error: `runner exited with ${code}`, ms: NaN, cpuMs: NaN });
  });
  return {
    child,
    next: () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    send: (request) => child.send(request),
  };
}

if (!registerChineseFont()) throw new Error('no Simplified Chinese font for the synthetic set (npm i -D @embedpdf/fonts-sc)');
const dir = mkdtempSync(join(tmpdir(), 'ocr-bench-'));
try {
  if (!process.argv.includes('--only-small')) await engines();
  if (!process.argv.includes('--no-small')) await small();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function small(): Promise<void> {
  const paddle = startRunner('paddleocr');
  const ready = await paddle.next();
  if (!('ready' in ready)) throw new Error(`paddleocr did not start: ${JSON.stringify(ready)}`);
  const read = async (path: string) => {
    paddle.send({ id: path, path });
    const reply = await paddle.next();
    if (!('id' in reply) || 'error' in reply) throw new Error(`paddleocr: ${JSON.stringify(reply)}`);
    return { ms: reply.ms, cpuMs: reply.cpuMs, lines: 'lines' in reply ? reply.lines : [] };
  };
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  try {
    const images = await smallImages(dir);
    const before = load();
    const rows = await measureSmall(images, read, paddle.child.pid!);
    console.log(`\nsmall images: ours through HTTP (gateway as npm start runs it) against ${ready.name} in its own process; load average ${before} before, ${load()} after\n`);
    console.log(smallTable(rows));
  } finally {
    paddle.send({ done: true });
    await paddle.next();
  }
}

async function engines(): Promise<void> {
  const items: BenchItem[] = [...(await syntheticItems(dir, seeds)), ...(process.argv.includes('--no-corpus') ? [] : corpusItems())];
  console.log(`${items.length} images (${items.filter((i) => i.set === 'corpus').length} from the corpus); engines: ${engineKeys.join(', ')}`);

  const runners = engineKeys.map((key) => ({ key, runner: startRunner(key) }));
  const runs: EngineRun[] = [];
  for (const { key, runner } of runners) {
    const ready = await runner.next();
    if (!('ready' in ready)) throw new Error(`${key} did not start: ${JSON.stringify(ready)}`);
    runs.push({ key, name: ready.name, loadMs: ready.loadMs, maxRssMb: NaN, results: new Map() });
  }
  // one untimed read each, so lazy initialisation is not charged to the first image
  for (const { runner } of runners) {
    runner.send({ id: 'warm-up', path: items[0]!.path });
    await runner.next();
  }
  for (const [n, item] of items.entries()) {
    const cells: string[] = [];
    for (const [i, { runner }] of runners.entries()) {
      runner.send({ id: item.id, path: item.path });
      const reply = await runner.next();
      if ('id' in reply) {
        runs[i]!.results.set(item.id, {
          lines: 'lines' in reply ? reply.lines : [],
          ms: reply.ms,
          cpuMs: reply.cpuMs,
          ...('error' in reply ? { error: reply.error } : {}),
        });
        cells.push(`${runs[i]!.key} ${Math.round(reply.ms)} ms${'error' in reply ? ` ERROR ${reply.error}` : ''}`);
      }
    }
    console.log(`[${n + 1}/${items.length}] ${item.id} (${Math.round(item.bytes / 1024)} KB): ${cells.join(', ')}`);
  }
  for (const [i, { runner }] of runners.entries()) {
    runner.send({ done: true });
    const done = await runner.next();
    if ('maxRssMb' in done) runs[i]!.maxRssMb = done.maxRssMb;
  }
  console.log(`\nload average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
  console.log(report(runs, items));
}
