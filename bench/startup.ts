import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Backend, benchImage, chooseBackend } from './support/deployment';
import { cpuTime } from './support/load';
import { rssMiB } from './support/mixed';
import { repoRoot, startProcess } from './support/processes';
import { median } from './support/stats';

/*
 * npm run bench:startup — how long a process takes to be of use, and what it holds then: a
 * gateway (`node --import tsx src/gateway/main.ts`, npm start without the extension check, on
 * its own SQLite file) from spawn to ready (threads warm) and to its first recognition answered;
 * a recognition worker (`npm run worker`'s entry, on PostgreSQL and Redis) from spawn to ready.
 * Both with the default threads (one per core). RSS is read once the process is ready (the
 * gateway's after its first answer), peak RSS is the kernel's high-water mark. The CPU time the
 * process used until ready (all its threads) moves less with the machine's other load than the
 * wall-clock times do.
 *
 * Each run is made with an empty model cache (OCR_MODEL_CACHE: the models rewritten at start
 * and stored) and with the cache that run filled (the rewritten models loaded), alternating, so
 * both see the same machine; and, when given, by another checkout as its code starts (e.g. one
 * from before the model cache, whose every thread rewrote the models at each start).
 *   STARTUP_RUNS=3         runs per role and case
 *   STARTUP_BASELINE=DIR   a checkout (with node_modules) measured alternately as the baseline
 */

const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const BASELINE = process.env.STARTUP_BASELINE ? path.resolve(process.env.STARTUP_BASELINE) : undefined;
const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const peakMiB = (pid: number) => Number(/^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

interface Sample {
  readyMs: number;
  /** CPU time of the process (all its threads) until ready: less moved by other load than wall time */
  cpuMs: number;
  answerMs?: number;
  rss: number;
  peak: number;
}

/** What a run starts: this checkout with an empty or a filled model cache, or the baseline checkout. */
type Case = 'empty cache' | 'filled cache' | 'baseline';

async function gateway(root: string, databaseUrl: string, cacheDir: string, appKey: string, body: string): Promise<Sample> {
  // the first answer is timed to its end: on a crowded machine it can pass the 5 s budget (-3)
  const env = { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', FIRST_RUN_DEMO: 'false', OCR_MODEL_CACHE: cacheDir, RECOGNITION_TIMEOUT_SECONDS: '120' };
  const started = performance.now();
  const child = await startProcess('src/gateway/main.ts', env, /"url":"(http:[^"]+)","recognition":"ready","msg":"gateway ready"/, root);
  const readyMs = performance.now() - started;
  const cpuMs = cpuTime(child.proc.pid!)! / 1000;
  try {
    const res = await fetch(`${child.url}/2582-11?appKey=${appKey}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const answer = (await res.json()) as { gateway_res_code: number };
    if (answer.gateway_res_code !== 0) throw new Error(`the first recognition answered ${JSON.stringify(answer)}`);
    const answerMs = performance.now() - started;
    return { readyMs, cpuMs, answerMs, rss: rssMiB(child.proc.pid!)!, peak: peakMiB(child.proc.pid!) };
  } finally {
    await child.stop();
  }
}

/** `npm run worker`'s entry in a checkout (a baseline may be from before it moved: src/gateway/jobs/). */
function workerEntry(root: string): string {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const entry = /^tsx (\S+)$/.exec(scripts.worker ?? '')?.[1];
  if (!entry) throw new Error(`no "worker": "tsx <file>" script in ${root}/package.json`);
  return entry;
}

async function worker(root: string, backend: Backend, cacheDir: string): Promise<Sample> {
  // the worker runs its default threads (one per core), not the gateways' RECOGNITION_WORKERS=0
  const { RECOGNITION_WORKERS: _, ...shared } = backend.env;
  const env = { ...shared, HOST: '127.0.0.1', METRICS_PORT: '0', LOG_LEVEL: 'info', OCR_MODEL_CACHE: cacheDir };
  const started = performance.now();
  const child = await startProcess(workerEntry(root), env, /"url":"(http:[^"]+)"[^]*"msg":"recognition ready"/, root);
  const readyMs = performance.now() - started;
  try {
    return { readyMs, cpuMs: cpuTime(child.proc.pid!)! / 1000, rss: rssMiB(child.proc.pid!)!, peak: peakMiB(child.proc.pid!) };
  } finally {
    await child.stop();
  }
}

function row(label: string, samples: Sample[]): string {
  const m = (pick: (s: Sample) => number | undefined) => {
    const values = samples.map(pick).filter((v): v is number => v !== undefined);
    return values.length ? Math.round(median(values)).toLocaleString('en') : '–';
  };
  return `| ${label} | ${m((s) => s.readyMs)} | ${m((s) => s.cpuMs)} | ${m((s) => s.answerMs)} | ${m((s) => s.rss)} | ${m((s) => s.peak)} |`;
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
/**
 * A checkout's own storage: its gateway's SQLite file with an application, and its worker's
 * backend, each migrated by that checkout's code (a baseline may lack later migrations and
 * refuses a database that has them).
 */
async function storageOf(root: string, tag: string): Promise<{ databaseUrl: string; appKey: string; backend: Backend }> {
  const code = (file: string) => import(pathToFileURL(path.join(root, 'src/gateway/store', file)).href);
  const { openStorage } = (await code('db.ts')) as typeof import('../src/gateway/store/db');
  const { applicationsRepo } = (await code('applications.ts')) as typeof import('../src/gateway/store/applications');
  const databaseUrl = path.join(scratch, `gateway${tag}.db`);
  const storage = await openStorage(databaseUrl);
  const { appKey } = await applicationsRepo(storage.db).create('startup');
  await storage.close();
  const backend = await chooseBackend(tag);
  if (backend.shared) await (await openStorage(backend.databaseUrl)).close();
  return { databaseUrl, appKey, backend };
}

const ours = await storageOf(repoRoot, '');
const theirs = BASELINE ? await storageOf(BASELINE, 'b') : undefined;
const backend = ours.backend;
try {
  const image = await benchImage();
  const body = `ImageURL=${encodeURIComponent(`data:${image.mime};base64,${image.bytes.toString('base64')}`)}&ds_id=local&MinHeight=0`;

  console.log(`# bench:startup, ${new Date().toISOString()}`);
  console.log(`${os.cpus().length} cores, node ${process.version}; recognition image: ${image.describe}; load average before: ${loadavg()}`);
  const results = new Map<string, Sample[]>();
  const add = (key: string, s: Sample) => results.set(key, [...(results.get(key) ?? []), s]);
  const cases: Case[] = BASELINE ? ['baseline', 'empty cache', 'filled cache'] : ['empty cache', 'filled cache'];
  for (let run = 1; run <= RUNS; run++) {
    for (const what of cases) {
      const root = what === 'baseline' ? BASELINE! : repoRoot;
      const dir = path.join(scratch, what === 'baseline' ? 'baseline-models' : `models-${run}`);
      // an empty cache for each start of its case (the baseline's too, if it has one)
      const empty = () => what !== 'filled cache' && fs.rmSync(dir, { recursive: true, force: true });
      const label = what === 'baseline' ? `baseline (${path.basename(BASELINE!)})` : what;
      empty();
      process.stderr.write(`run ${run}, ${label}: gateway ...\n`);
      const own = what === 'baseline' ? theirs! : ours;
      add(`gateway, ${label}`, await gateway(root, own.databaseUrl, dir, own.appKey, body));
      if (!own.backend.shared) continue;
      empty();
      process.stderr.write(`run ${run}, ${label}: worker ...\n`);
      add(`worker, ${label}`, await worker(root, own.backend, dir));
    }
  }
  console.log(`\nmedians of ${RUNS} runs; worker on ${backend.shared ? backend.describe.split(';')[0] : 'nothing (PostgreSQL or Redis unreachable): not measured'}\n`);
  console.log('| process | spawn → ready, ms | CPU until ready, ms | spawn → first recognition answered, ms | RSS when ready, MiB | peak RSS, MiB |');
  console.log('|---|---|---|---|---|---|');
  for (const [label, samples] of results) console.log(row(label, samples));
  console.log(`\nload average after: ${loadavg()}`);
} finally {
  await backend.drop();
  await theirs?.backend.drop();
  fs.rmSync(scratch, { recursive: true, force: true });
}
