import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { LoadedExtension } from '../test/e2e/support/chromium';
import { buildExtension, buildExtensionAt } from '../test/e2e/support/build';
import { hasChromium, launchWithExtension } from '../test/e2e/support/chromium';
import { configure } from '../test/e2e/support/extension';
import { html, startSite } from '../test/e2e/support/pages';
import { startTestGateway } from '../test/support/gateway';
import { type Observed, type Stages, clickAndWait, gatewayLog, pageStagesOf, popupAsWindow, popupObserver, stageNames, stagesOf } from './support/latency';
import { median } from './support/stats';

/*
 * npm run bench:extension — issue 22: from the menu click on an image to its fields visible in the
 * popup, in headless Chromium with the built extension (the e2e build, which records stage marks)
 * against real gateways this script starts and stops. Per document (a plate photo, a VIN photo, a
 * VAT invoice image, a 12 MP phone photo of 3.7 MB, a 20 MB photo) the median and the worst of
 * BENCH_RUNS (5) clicks, broken into stages, on two kinds of image host:
 *   - one the gateway fetches (its IMAGE_FETCH_ALLOW names the test site, as a public host);
 *   - one it will not fetch (loopback, refused by default): the bytes are read in the page.
 * Then the first recognition after a browser start (BENCH_COLD (3) starts of a configured
 * profile, the service worker fresh), and the popup's first paint over all of them.
 *   EXT_BASELINE=<git ref>: the same, with the extension as built from that ref, in the same run.
 * The settings are the defaults (the popup opens on the result, a notification is shown).
 * The machine is shared: the load is printed with the figures.
 */

if (!hasChromium) {
  console.error('bench:extension needs /usr/bin/chromium (apt-get install -y chromium)');
  process.exit(1);
}

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const COLD = Number(process.env.BENCH_COLD ?? 3);
const baselineRef = process.env.EXT_BASELINE;
const corpus = path.resolve(import.meta.dirname, '../../shared/corpus');
if (!fs.existsSync(corpus)) {
  console.error(`bench:extension needs the shared corpus at ${corpus}`);
  process.exit(1);
}
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

/** A phone-like photo of the plate: scaled up, with sensor grain, as JPEG (cached between runs). */
async function photo(width: number, height: number, quality: number, grain: number): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `bench-extension-${width}x${height}-q${quality}-g${grain}.jpg`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const src = path.join(corpus, 'plate/ccpd_base_01.jpg');
  const { data } = await sharp(src).resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let seed = 12345;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const v = data[i]! + ((seed >>> 16) % (2 * grain + 1)) - grain;
    data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  const bytes = await sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
  fs.writeFileSync(file, bytes);
  return bytes;
}

interface Doc {
  name: string;
  docId: string;
  file: string;
  type: string;
  bytes: Buffer;
  runs: number;
}

const allDocs: Doc[] = [
  { name: 'plate', docId: 'plate', file: 'plate.jpg', type: 'image/jpeg', bytes: fs.readFileSync(path.join(corpus, 'plate/ccpd_base_01.jpg')), runs: RUNS },
  { name: 'VIN', docId: 'vin', file: 'vin.jpg', type: 'image/jpeg', bytes: fs.readFileSync(path.join(corpus, 'vin/vin_engraved_01.jpg')), runs: RUNS },
  { name: 'VAT image', docId: 'vat', file: 'vat.png', type: 'image/png', bytes: fs.readFileSync(path.join(corpus, 'vat_invoice/vat_electronic_image_01.png')), runs: RUNS },
  { name: '12 MP photo (plate)', docId: 'plate', file: 'photo12.jpg', type: 'image/jpeg', bytes: await photo(4032, 3024, 95, 8), runs: Math.min(RUNS, 3) },
  { name: '20 MB photo (plate)', docId: 'plate', file: 'photo20.jpg', type: 'image/jpeg', bytes: await photo(8000, 6000, 96, 11), runs: Math.min(RUNS, 3) },
];
// BENCH_DOCS=plate,VIN: only the documents whose names start so
const docs = allDocs.filter((d) => !process.env.BENCH_DOCS || process.env.BENCH_DOCS.split(',').some((p) => d.name.startsWith(p)));
const hostKinds = (process.env.BENCH_HOSTS ?? 'fetching,refusing').split(',') as HostKind[];

const site = await startSite();
for (const d of docs) {
  site.route(`/${d.file}`, { type: d.type, body: d.bytes });
  site.route(`/${d.file}.html`, html(`<img src="/${d.file}" style="max-width:600px">`));
}
// recognition threads as on this machine (one per core); the gateway's own log times each request
const logs = { fetching: gatewayLog(), refusing: gatewayLog() };
const gateways = {
  fetching: await startTestGateway({ IMAGE_FETCH_ALLOW: '127.0.0.1', RECOGNITION_WORKERS: String(os.cpus().length), LOG_LEVEL: 'info' }, { logStream: logs.fetching.stream }),
  refusing: await startTestGateway({ RECOGNITION_WORKERS: String(os.cpus().length), LOG_LEVEL: 'info' }, { logStream: logs.refusing.stream }),
};
type HostKind = keyof typeof gateways;
const tokens = {} as Record<HostKind, string>;
for (const kind of Object.keys(gateways) as HostKind[]) {
  const gw = gateways[kind];
  tokens[kind] = await gw.createToken((await gw.createApp('bench-extension')).appid, { permissions: ['2582-*'] });
  // the models load on first use: one recognition of each type before anything is timed
  for (const d of allDocs.slice(0, 3)) {
    await fetch(`${gw.url}/${d.docId === 'vin' ? '2582-18' : d.docId === 'vat' ? '2582-22' : '2582-24'}`, {
      method: 'POST',
      headers: { 'gateway-access-token': tokens[kind] },
      body: new URLSearchParams({ [d.docId === 'vat' ? 'FileURL' : 'ImageURL']: `data:${d.type};base64,${d.bytes.toString('base64')}`, ds_id: 'local', ...(d.docId === 'vat' ? { FileType: "png" } : {}) }),
    });
  }
}

interface Result {
  rows: Map<string, Observed[]>;
  cold: Observed[];
  failed: string[];
}

async function measure(label: string, extDir: string): Promise<Result> {
  const rows = new Map<string, Observed[]>();
  const failed: string[] = [];
  const ext = await launchWithExtension(extDir);
  await ext.context.addInitScript(popupObserver);
  await popupAsWindow(ext);
  const page = await ext.context.newPage();
  try {
    for (const kind of hostKinds) {
      await configure(ext, gateways[kind].url, tokens[kind], {});
      for (const d of docs) {
        await page.goto(`${site.origin}/${d.file}.html`);
        await page.waitForFunction(() => [...document.images].every((i) => i.complete));
        const list: Observed[] = [];
        for (let i = 0; i < d.runs; i++) {
          const o = await clickAndWait(ext, page, d.docId, `${site.origin}/${d.file}`, logs[kind]);
          if (o.popup.error) failed.push(`${label}: ${d.name} on a host the gateway ${kind === 'fetching' ? 'fetches' : 'refuses'}: ${o.popup.message ?? ''}`);
          list.push(o);
        }
        rows.set(`${kind}|${d.name}`, list);
        process.stderr.write(`${label} ${kind} ${d.name}: ${list.map((o) => Math.round(stagesOf(o).total)).join(' ')} ms (load ${load()})\n`);
      }
    }
  } finally {
    await ext.close();
  }
  // the first recognition after the browser starts, on a profile configured before it closed
  const cold: Observed[] = [];
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-extension-profile-'));
  const plate = allDocs[0]!;
  try {
    let ext: LoadedExtension = await launchWithExtension(extDir, { profile });
    await configure(ext, gateways.fetching.url, tokens.fetching, {});
    await ext.close();
    for (let i = 0; i < COLD; i++) {
      ext = await launchWithExtension(extDir, { profile });
      await ext.context.addInitScript(popupObserver);
      await popupAsWindow(ext);
      const tab = await ext.context.newPage();
      await tab.goto(`${site.origin}/${plate.file}.html`);
      cold.push(await clickAndWait(ext, tab, plate.docId, `${site.origin}/${plate.file}`, logs.fetching));
      await ext.close();
    }
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
  process.stderr.write(`${label} cold: ${cold.map((o) => Math.round(stagesOf(o).total)).join(' ')} ms (load ${load()})\n`);
  return { rows, cold, failed };
}

const f = (v: number) => (Number.isNaN(v) ? '–' : String(Math.round(v)));
const worst = (v: number[]) => (v.some((x) => !Number.isNaN(x)) ? Math.max(...v.filter((x) => !Number.isNaN(x))) : NaN);
function cells(list: Observed[]): string {
  const s: Stages[] = list.map(stagesOf);
  const col = (k: keyof Stages) => s.map((x) => x[k]).filter((v) => !Number.isNaN(v));
  const stage = stageNames.map((n) => f(median(col(n)))).join(' | ');
  return `**${f(median(col('total')))}** / ${f(worst(col('total')))} | ${stage}`;
}

try {
  const current = await measure('current', buildExtension());
  const baseline = baselineRef ? await measure(`baseline ${baselineRef}`, buildExtensionAt(baselineRef)) : undefined;
  console.log(`\nbench:extension — menu click → fields visible in the popup, ms (median / worst of ${RUNS}, 3 for the large photos; stages are medians); load ${load()} on ${os.cpus().length} cores`);
  console.log(`| build | image host | document | total median / worst | ${stageNames.join(' | ')} |`);
  console.log(`|---|---|---|---|${stageNames.map(() => '---').join('|')}|`);
  const builds: [string, Result][] = [['current', current], ...(baseline ? ([[`baseline ${baselineRef}`, baseline]] as [string, Result][]) : [])];
  for (const d of docs) {
    for (const kind of hostKinds) {
      for (const [name, r] of builds) {
        console.log(`| ${name} | ${kind === 'fetching' ? 'fetched by the gateway' : 'not fetched (loopback)'} | ${d.name} | ${cells(r.rows.get(`${kind}|${d.name}`) ?? [])} |`);
      }
    }
  }
  for (const [name, r] of COLD > 0 ? builds : []) console.log(`| ${name} | fetched by the gateway | plate, first after browser start (${COLD} starts) | ${cells(r.cold)} |`);
  console.log('\nreading a large image in the page (median ms: fetch, decode, encode), where the build marks it:');
  for (const [name, r] of builds) {
    for (const d of docs.filter((x) => x.bytes.length > 3e6)) {
      for (const kind of hostKinds) {
        const p = (r.rows.get(`${kind}|${d.name}`) ?? []).map(pageStagesOf);
        const m = (k: 'fetch' | 'decode' | 'encode') => f(median(p.map((x) => x[k]).filter((v) => !Number.isNaN(v))));
        console.log(`  ${name}, ${d.name} (${(d.bytes.length / 1e6).toFixed(1)} MB), ${kind}: fetch ${m('fetch')}, decode ${m('decode')}, encode ${m('encode')}`);
      }
    }
    const paints = [...r.rows.values(), r.cold].flat().map((o) => o.popup.firstPaint - o.popup.start);
    console.log(`popup first paint, ${name}: median ${f(median(paints))} / worst ${f(worst(paints))} ms over ${paints.length} openings`);
    for (const x of r.failed) console.log(`FAILED (the popup showed an error): ${x}`);
  }
} finally {
  await gateways.fetching.stop();
  await gateways.refusing.stop();
  await site.close();
}
