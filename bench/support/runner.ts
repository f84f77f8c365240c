import { readFileSync } from 'node:fs';
import type { Engine } from './engines/types';

/*
 * One engine in its own process (so its peak memory is its own), driven over IPC by
 * bench/ocr.ts one image at a time: the engines take turns on each image, so a change
 * in machine load hits all of them alike.
 */

export type RunnerRequest = { id: string; path: string } | { done: true };
export type RunnerReply =
  | { ready: true; name: string; loadMs: number }
  | { id: string; lines: string[]; ms: number; cpuMs: number }
  | { id: string; error: string; ms: number; cpuMs: number }
  | { done: true; maxRssMb: number };

const engines: Record<string, () => Promise<{ createEngine(): Promise<Engine> }>> = {
  ours: () => import('./engines/ours'),
  'ours-1t': async () => {
    const { createEngine } = await import('./engines/ours');
    return { createEngine: () => createEngine({ intraOpThreads: 1, recThreads: 1 }, ', 1 thread') };
  },
  'ours-alone': async () => {
    const { createEngine } = await import('./engines/ours');
    return { createEngine: () => createEngine({ recThreads: 1 }, ', lines read by the worker alone') };
  },
  'ours-exported': async () => {
    const { createEngine } = await import('./engines/ours');
    return { createEngine: () => createEngine({ modelForm: 'exported' }, ', models as exported (not rewritten)') };
  },
  'ours-float': async () => {
    const { createEngine } = await import('./engines/ours');
    return { createEngine: () => createEngine({ modelForm: 'float' }, ', models rewritten but all float (no 8-bit convolutions)') };
  },
  paddleocr: () => import('./engines/paddleocr'),
  'paddleocr-same': async () => {
    const { createEngine } = await import('./engines/paddleocr');
    return { createEngine: () => createEngine(true) };
  },
  tesseract: () => import('./engines/tesseract'),
};

const send = (reply: RunnerReply) => process.send!(reply);

const which = process.argv[2] ?? '';
const load = engines[which];
if (!load) throw new Error(`unknown engine ${which}`);
const started = performance.now();
const engine = await (await load()).createEngine();
send({ ready: true, name: engine.name, loadMs: performance.now() - started });

process.on('message', async (request: RunnerRequest) => {
  if ('done' in request) {
    await engine.close();
    send({ done: true, maxRssMb: process.resourceUsage().maxRSS / 1024 });
    process.disconnect();
    return;
  }
  const bytes = new Uint8Array(readFileSync(request.path));
  // CPU time of the whole process (all its threads) is what the work costs on an idle
  // machine; wall time also pays for whatever else the machine is running
  const t = performance.now();
  const cpu = process.cpuUsage();
  const cpuMs = () => {
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1000;
  };
  try {
    const lines = await engine.read(bytes);
    send({ id: request.id, lines, ms: performance.now() - t, cpuMs: cpuMs() });
  } catch (err) {
    send({ id: request.id, error: (err as Error).message, ms: performance.now() - t, cpuMs: cpuMs() });
  }
});
