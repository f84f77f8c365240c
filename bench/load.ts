import os from 'node:os';
import type autocannon from 'autocannon';
import { type Backend, type Proc, type Seed, benchImage, chooseBackend, seed, startRole } from './support/deployment';
import { cpuTime } from './support/load';
import { type Stream, type StreamResult, answeredBetween, answeredByCode, codesLine, drive, machineCpu, rssMiB, streamTable } from './support/mixed';

/*
 * npm run bench:load — issue 7, item 4: mixed traffic (postal 1917-1/-2, token management
 * 2141-*, recognition) at a fixed concurrency for a fixed time against 1 and then 2 gateway
 * processes; OCR throughput with 1 and then 2 worker processes; the memory of every process at
 * the start and the end of a soak run. Every server is a process of its own; the load generator
 * (autocannon) runs in this one, on the same machine, so it takes its share of the cores.
 *
 * Options (environment), defaults take about 4 minutes:
 *   LOAD_SECONDS=20                 each mixed-traffic phase
 *   LOAD_CONNECTIONS=32             connections of the postal + token management stream
 *   LOAD_RECOGNITION_CONNECTIONS=2  connections of the recognition stream (synchronous 2582-11; 0: none)
 *   LOAD_OCR_SECONDS=20             each OCR throughput phase (2 connections per worker thread)
 *   LOAD_SOAK_SECONDS=60            the soak run (after a warm-up of a sixth of it, at most 30 s)
 *   LOAD_RSS_BOUND_MIB=64           allowed RSS growth of each process over the soak
 *   LOAD_POSTGRES_URL, LOAD_REDIS_URL  the services (a scratch database and key prefix are used)
 * e.g. LOAD_SECONDS=60 LOAD_SOAK_SECONDS=1800 npm run bench:load for a half-hour soak.
 */

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = num('LOAD_SECONDS', 20);
const CONNECTIONS = num('LOAD_CONNECTIONS', 32);
const RECOGNITION_CONNECTIONS = num('LOAD_RECOGNITION_CONNECTIONS', 2);
const OCR_SECONDS = num('LOAD_OCR_SECONDS', 20);
const SOAK_SECONDS = num('LOAD_SOAK_SECONDS', 60);
const RSS_BOUND = num('LOAD_RSS_BOUND_MIB', 64);
const WARMUP = 5;
const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const q = (v: string) => encodeURIComponent(v);
let serial = 0;

/**
 * One connection's cycle of 33 requests, as a front office might call: 24 postal lookups and 2 job
 * reads with the token, 3 token queries with the appKey, and one token's whole life (create,
 * query, extend, delete: 3 writes, 9% of the cycle).
 */
function apiStream(s: Seed, jobId: string): Stream {
  const token = { 'gateway-access-token': s.token };
  const app = `appKey=${s.appKey}`;
  const mine = (path: (oc: string) => string): autocannon.Request => ({
    method: 'GET',
    setupRequest: (req, ctx) => ({ ...req, path: path((ctx as { oc: string }).oc) }),
  });
  const postal: autocannon.Request[] = [
    { method: 'GET', path: '/1917-1?code=100089', headers: token },
    { method: 'GET', path: `/1917-2?province=${q('北京')}&area=${q('海淀')}`, headers: token },
    { method: 'GET', path: '/1917-1?code=200120&page=2', headers: token },
    { method: 'GET', path: `/1917-2?area=${q('朝阳区')}`, headers: token },
  ];
  const readJob: autocannon.Request = { method: 'POST', path: '/2582-16', headers: { ...token, ...form }, body: `JobId=${jobId}&ds_id=local` };
  const queryOne: autocannon.Request = { method: 'GET', path: `/2141-4?${app}&out_code=load` };
  return {
    name: 'postal + token management',
    connections: CONNECTIONS,
    requests: [
      ...postal,
      ...postal,
      readJob,
      queryOne,
      ...postal,
      ...postal,
      {
        method: 'GET',
        setupRequest: (req, ctx) => {
          const oc = `lc-${process.pid}-${++serial}`;
          (ctx as { oc: string }).oc = oc;
          return { ...req, path: `/2141-1?${app}&out_code=${oc}&permission_list=1917-*` };
        },
      },
      mine((oc) => `/2141-4?${app}&out_code=${oc}`),
      mine((oc) => `/2141-3?${app}&out_code=${oc}&expires_in=3600`),
      ...postal,
      readJob,
      queryOne,
      { method: 'GET', path: `/2141-5?${app}&out_code=load` },
      ...postal,
      mine((oc) => `/2141-2?${app}&out_code=${oc}`),
    ],
  };
}

function recognitionBody(image: { bytes: Buffer; mime: string }): string {
  return `ImageURL=${q(`data:${image.mime};base64,${image.bytes.toString('base64')}`)}&ds_id=local&MinHeight=0`;
}

function recognitionStream(s: Seed, body: string, connections: number): Stream {
  return { name: 'recognition 2582-11 (sync)', connections, requests: [{ method: 'POST', path: `/2582-11?appKey=${s.appKey}`, headers: form, body }] };
}

/** Submits one asynchronous recognition and waits until it has finished, for the 2582-16 reads. */
async function finishedJob(url: string, s: Seed, body: string): Promise<string> {
  const post = async (point: string, text: string) =>
    (await (await fetch(`${url}/${point}?appKey=${s.appKey}`, { method: 'POST', headers: form, body: text })).json()) as any;
  const submitted = await post('2582-11', `${body}&Async=true`);
  const id = submitted.gateway_res_body?.RequestId as string;
  if (submitted.gateway_res_code !== 0) throw new Error(`job not accepted: ${JSON.stringify(submitted)}`);
  for (let i = 0; i < 600; i++) {
    const status = (await post('2582-16', `JobId=${id}&ds_id=local`)).gateway_res_body?.Data?.Status;
    if (status === 'PROCESS_SUCCESS') return id;
    if (status && status !== 'QUEUING' && status !== 'PROCESSING') throw new Error(`the first job ended ${status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the first job did not finish within 2 minutes');
}

/** Drives the streams against the gateways and prints what they answered. */
async function phase(title: string, gateways: Proc[], streams: Stream[], seconds: number, workers: Proc[] = []): Promise<StreamResult[]> {
  const urls = gateways.map((g) => g.url);
  process.stderr.write(`${title}: ${seconds} s ...\n`);
  const before = await answeredByCode(urls);
  const cpu = [...gateways, ...workers].map((p) => cpuTime(p.pid) ?? 0);
  const machine = machineCpu();
  const results = await drive(urls, streams, seconds);
  const machineAfter = machineCpu();
  const used = [...gateways, ...workers].map((p, i) => (cpuTime(p.pid) ?? 0) - cpu[i]!);
  const gatewayCpu = used.slice(0, gateways.length).reduce((a, b) => a + b, 0);
  const workerCpu = used.slice(gateways.length).reduce((a, b) => a + b, 0);
  const delta = answeredBetween(before, await answeredByCode(urls));
  console.log(`\n## ${title}\n`);
  console.log(streamTable(results));
  const total = results.reduce((n, r) => n + r.requests, 0);
  const byStatus = new Map<string, number>();
  for (const r of results) for (const [status, n] of Object.entries(r.statuses)) byStatus.set(status, (byStatus.get(status) ?? 0) + n);
  const statuses = [...byStatus].map(([status, n]) => `${status} ×${n}`).join(', ');
  console.log(`all streams: ${(total / seconds).toFixed(1)} req/s; gateway codes: ${codesLine(delta)}; HTTP: ${statuses}`);
  const busy = (machineAfter.busy - machine.busy) / Math.max(1, machineAfter.total - machine.total);
  const images = [...delta].filter(([k]) => k.startsWith('2582-11 ')).reduce((n, [, v]) => n + v, 0);
  const perImage = workers.length ? `, worker CPU: ${Math.round(workerCpu / 1000 / Math.max(1, images))} ms per recognition` : '';
  console.log(`gateway CPU: ${Math.round(gatewayCpu / Math.max(1, total))} µs per request${perImage}; machine CPU busy: ${Math.round(busy * 100)}% of ${os.cpus().length} cores`);
  return results;
}

const backend: Backend = await chooseBackend();
const running: Proc[] = [];
const start = async (role: 'gateway' | 'worker', name: string) => {
  const p = await startRole(role, name, backend);
  running.push(p);
  return p;
};

try {
  const data = await seed(backend.databaseUrl);
  const image = await benchImage();
  const body = recognitionBody(image);
  const workers = backend.shared ? [await start('worker', 'worker 1')] : [];
  const g1 = await start('gateway', 'gateway 1');
  const jobId = await finishedJob(g1.url, data, body);
  const mixed = [apiStream(data, jobId), ...(RECOGNITION_CONNECTIONS > 0 ? [recognitionStream(data, body, RECOGNITION_CONNECTIONS)] : [])];

  console.log(`# bench:load, ${new Date().toISOString()}`);
  console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; load generator in the same machine`);
  console.log(`storage and limits: ${backend.describe}`);
  console.log(`postal data: ${data.postal}; recognition image: ${image.describe}`);

  console.log(`load average before: ${loadavg()}`);

  // each gateway gets a few seconds of the same traffic first, so the figures are not its warm-up
  await drive([g1.url], mixed, WARMUP);
  await phase(`1 gateway, mixed traffic`, [g1], mixed, SECONDS, workers);
  const g2 = await start('gateway', 'gateway 2');
  const gateways = [g1, g2];
  await drive([g2.url], mixed, WARMUP);
  await phase(`2 gateways, mixed traffic`, gateways, mixed, SECONDS, workers);

  // OCR throughput: only recognition, 2 connections per reading thread (one reading, one waiting)
  const ocr: Record<number, number> = {};
  for (const n of [1, 2]) {
    if (backend.shared && workers.length < n) workers.push(await start('worker', `worker ${n}`));
    const targets = backend.shared ? gateways : gateways.slice(0, n);
    const who = backend.shared ? `${n} worker process${n > 1 ? 'es' : ''} (1 thread each)` : `${n} gateway thread${n > 1 ? 's' : ''}`;
    const [r] = await phase(`OCR throughput, ${who}`, targets, [recognitionStream(data, body, 2 * n)], OCR_SECONDS, workers);
    ocr[n] = (r!.requests - r!.non2xx) / OCR_SECONDS;
    console.log(`images/s: ${ocr[n]!.toFixed(2)}`);
  }
  console.log(`\n2 vs 1: ×${(ocr[2]! / ocr[1]!).toFixed(2)} images/s`);

  // soak: every process under mixed traffic; RSS after a warm-up and at the end
  const warmup = Math.min(30, Math.max(5, Math.round(SOAK_SECONDS / 6)));
  process.stderr.write(`soak warm-up: ${warmup} s ...\n`);
  await drive(gateways.map((g) => g.url), mixed, warmup);
  const startRss = new Map(running.map((p) => [p, rssMiB(p.pid)]));
  const peak = new Map(startRss);
  const sampler = setInterval(() => {
    for (const p of running) peak.set(p, Math.max(peak.get(p) ?? 0, rssMiB(p.pid) ?? 0));
  }, 1000);
  const soak = await phase(`soak, ${SOAK_SECONDS} s, 2 gateways + ${backend.shared ? '2 workers' : 'their threads'}`, gateways, mixed, SOAK_SECONDS, workers);
  clearInterval(sampler);
  console.log(`\nRSS per process (MiB), bound: growth over the soak ≤ ${RSS_BOUND} MiB`);
  let held = true;
  for (const p of running) {
    const [a, b] = [startRss.get(p), rssMiB(p.pid)];
    const ok = a !== undefined && b !== undefined && b - a <= RSS_BOUND;
    held &&= ok;
    const mib = (v: number | undefined) => (v === undefined ? '?' : String(Math.round(v)));
    console.log(`  ${p.name.padEnd(10)} start ${mib(a)}  end ${mib(b)}  growth ${mib(a && b && b - a)}  peak ${mib(peak.get(p))}  ${ok ? 'ok' : 'OVER'}`);
  }
  const soakRequests = soak.reduce((n, r) => n + r.requests, 0);
  console.log(`memory bound ${held ? 'held' : 'NOT held'} over ${soakRequests} requests; load average after: ${loadavg()}`);
  process.exitCode = held ? 0 : 1;
} finally {
  await Promise.all(running.map((p) => p.stop()));
  await backend.drop();
}
