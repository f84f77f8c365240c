import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type NewApplication, applicationsRepo } from '../../src/gateway/store/applications';
import { openStorage } from '../../src/gateway/store/db';
import { type NewSubAuth, subAuthsRepo } from '../../src/gateway/store/sub-auths';
import { type Child, startChild } from '../gateway/recognition/processes';

/*
 * The adversarial tests attack a gateway in a process of its own (as `npm start` runs it), so
 * the attacker's thousands of sockets and the gateway do not share an event loop or a file
 * descriptor table, and a crash shows as a dead process.
 */

export interface Target extends Child {
  port: number;
  createApp(): Promise<NewApplication>;
  createToken(appid: number, s?: Partial<NewSubAuth>): Promise<string>;
  close(): Promise<void>;
}

export async function startTarget(env: Record<string, string> = {}): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-adv-'));
  const databaseUrl = path.join(dir, 'gateway.db');
  const child = await startChild('gateway', { DATABASE_URL: databaseUrl, RECOGNITION_WORKERS: '0', ...env });
  const storage = await openStorage(databaseUrl);
  return {
    ...child,
    port: Number(new URL(child.url).port),
    createApp: () => applicationsRepo(storage.db).create('adversarial'),
    async createToken(appid, s = {}) {
      const created = await subAuthsRepo(storage.db).create(appid, {
        outCode: `oc-${Math.random().toString(36).slice(2)}`,
        permissions: ['2582-*', '1917-*'],
        ipWhiteList: [],
        rate: 0,
        concurrency: 0,
        endTime: Date.now() + 3600_000,
        remark: '',
        ...s,
      });
      if (created === 'exists') throw new Error('out_code exists');
      return created.accessToken;
    },
    async close() {
      await child.kill();
      await storage.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RawResult {
  /** everything the server sent before closing */
  text: string;
  /** the socket ended with an error (reset) rather than a close */
  error?: string;
}

/**
 * Sends `data` on a fresh connection and reads until the server closes it (or `ms` pass: then
 * the result says so, a hang detector rather than a threshold).
 */
export function rawExchange(port: number, data: string | Buffer, ms = 20_000): Promise<RawResult> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let error: string | undefined;
    const timer = setTimeout(() => {
      error = `no close within ${ms / 1000} s`;
      socket.destroy();
    }, ms);
    socket.on('data', (c) => (text += c.toString('latin1')));
    socket.on('error', (e) => (error ??= (e as NodeJS.ErrnoException).code ?? e.message));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, ...(error ? { error } : {}) });
    });
    socket.write(data, () => {});
  });
}

/** Status line and the parsed envelope of a raw HTTP answer. */
export function parseAnswer(text: string): { status: number; envelope: any } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  let envelope: any;
  try {
    envelope = JSON.parse(body);
  } catch {
    envelope = undefined;
  }
  return { status, envelope };
}

/**
 * How many times longer than its CPU time a fixed piece of work takes on this machine now: 1 on
 * an idle core, about the load over the cores on a crowded machine (each process gets that share
 * of a core). The gateway's own work in answering stretches the same way.
 */
function stretch(): number {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  let x = 0;
  for (let i = 0; i < 2_000_000; i++) x = (x * 31 + i) % 1_000_003;
  const used = process.cpuUsage(cpu);
  if (x < 0) throw new Error('unreachable');
  return Math.max(1, (performance.now() - wall) / Math.max(0.001, (used.user + used.system) / 1000));
}

/** `probes` /healthz probes one after another with a short pause; their times in ms (and how stretched the machine was). */
async function probe(url: string, probes: number, stretches: number[] = []): Promise<number[]> {
  const probesMs: number[] = [];
  for (let i = 0; i < probes; i++) {
    stretches.push(stretch());
    const started = performance.now();
    const res = await fetch(new URL('/healthz', url), { signal: AbortSignal.timeout(60_000) });
    await res.text();
    probesMs.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
  return probesMs;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * How long /healthz takes to answer while `attack` runs over and over (`parallel` at a time):
 * `probes` probes, one after another with a short pause. The attack starts first and keeps
 * going until the last probe has answered; what the attack calls answered is returned too.
 * The same probes run before the attack and after it (`baselineMs`, their median): what a probe
 * costs on this machine at this moment, loaded or not. Issue 14 asks that the gateway keep
 * answering probes within 100 ms while each of its attacks runs, on a machine of its own: callers
 * compare the median under attack with the baseline plus 100 ms of such a machine's time
 * (`marginMs`: 100 ms stretched as much as work is stretched on this machine during the attack,
 * measured beside each probe). One probe can meet a garbage collection or a scheduling hiccup;
 * a frozen event loop delays every probe by seconds of CPU, which no stretch excuses.
 */
export async function healthDuring<T>(
  url: string,
  attack: () => Promise<T>,
  opts: { parallel?: number; probes?: number } = {},
): Promise<{ probesMs: number[]; medianMs: number; baselineMs: number; baselineProbesMs: number[]; marginMs: number; answers: T[] }> {
  const probes = opts.probes ?? 9;
  const before = await probe(url, probes);
  const answers: T[] = [];
  let running = true;
  const loops = Array.from({ length: opts.parallel ?? 2 }, async () => {
    while (running) answers.push(await attack());
  });
  // let the first attack requests arrive before probing
  await new Promise((r) => setTimeout(r, 300));
  let probesMs: number[];
  const stretches: number[] = [];
  try {
    probesMs = await probe(url, probes, stretches);
  } finally {
    running = false;
    await Promise.all(loops);
  }
  const baselineProbesMs = [...before, ...(await probe(url, probes))];
  const marginMs = PROBE_MARGIN_MS * median(stretches);
  return { probesMs, medianMs: median(probesMs), baselineMs: median(baselineProbesMs), baselineProbesMs, marginMs, answers };
}

/** The 100 ms of issue 14, on top of what a probe costs on this machine without the attack. */
const PROBE_MARGIN_MS = 100;

/** A message that shows both sets of probes and the margin when the comparison fails. */
export function probesSaid(h: { probesMs: number[]; baselineProbesMs: number[]; marginMs: number }): string {
  return `healthz probes under attack: ${h.probesMs.map(Math.round).join(', ')} ms; without: ${h.baselineProbesMs.map(Math.round).join(', ')} ms; margin ${Math.round(h.marginMs)} ms`;
}
