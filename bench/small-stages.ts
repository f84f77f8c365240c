import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InferenceSession } from 'onnxruntime-node';
import { registerChineseFont } from '../test/support/synth/index';
import { smallImages } from './support/small';
import { decodeImage } from '../src/ocr/image/decode';
import * as det from '../src/ocr/det/index';
import { recognize } from '../src/ocr/pipeline';
import { runTask } from '../src/ocr/runtime/run-task';
import { getLoneRecSession, getSession } from '../src/ocr/models';
import { prepareThread, threadSettings } from '../src/ocr/runtime/thread-setup';
import { median } from './support/stats';

/*
 * Where a small image's time goes, in CPU time (process.cpuUsage: all threads of this process),
 * so the breakdown holds on a loaded machine where wall times do not: decode, detection at the
 * size the pipeline picks, the whole pipeline with and without the 0°/180° classifier, and the
 * access point's extractor with the inferences it ran per model on this thread (a line a
 * recognition helper reads is in the CPU total, not in the per-model count). Run as a pool worker would
 * (recognition helpers, the recogniser one thread each). `npx tsx bench/small-stages.ts`
 * (N=7 repeats, medians; ONLY=<part of a name> for some images); bench/small-http-cpu.ts gives the gateway's share.
 */

registerChineseFont();
await prepareThread(threadSettings());
const N = Number(process.env.N ?? 7);
const names = new Map<InferenceSession, string>();
names.set(await getLoneRecSession(), 'rec (every core)');
for (const m of ['det', 'cls', 'rec'] as const) names.set(await getSession(m), m);
const counts = new Map<string, { n: number; cpu: number }>();
const proto = Object.getPrototypeOf(await getSession('det'));
const orig = proto.run;
proto.run = async function (this: InferenceSession, ...args: unknown[]) {
  const name = names.get(this) ?? '?';
  const c0 = process.cpuUsage();
  const r = await orig.apply(this, args);
  const u = process.cpuUsage(c0);
  const e = counts.get(name) ?? { n: 0, cpu: 0 };
  e.n++; e.cpu += (u.user + u.system) / 1000;
  counts.set(name, e);
  return r;
};
const cpu = async (f: () => Promise<unknown>) => {
  const rows: number[] = [], walls: number[] = [];
  let out: unknown;
  for (let i = 0; i < N; i++) {
    const c0 = process.cpuUsage(), t = performance.now();
    out = await f();
    const u = process.cpuUsage(c0);
    rows.push((u.user + u.system) / 1000); walls.push(performance.now() - t);
  }
  return { cpu: median(rows), wall: median(walls), out };
};
const kinds: Record<string, string> = { '2582-11': 'general', '2582-20': 'plate', '2582-18': 'vin' };
const dir = mkdtempSync(join(tmpdir(), 'stages-'));
const only = process.env.ONLY;
for (const image of (await smallImages(dir)).filter((i) => !only || i.name.includes(only))) {
  const bytes = new Uint8Array(readFileSync(image.path));
  const raster = await decodeImage(bytes);
  const d = await cpu(() => decodeImage(bytes));
  const dt = await cpu(() => det.run({ image: raster }));
  const rc = await cpu(() => recognize(raster));
  const rn = await cpu(() => recognize(raster, { useCls: false }));
  counts.clear();
  const task = await cpu(() => runTask({ kind: kinds[image.point]!, bytes, options: {} }));
  const per = [...counts].map(([k, v]) => `${k} ${(v.n / N).toFixed(1)}× ${(v.cpu / N).toFixed(1)}ms`).join(', ');
  console.log(`${image.name} (${raster.width}×${raster.height}): decode ${d.cpu.toFixed(1)} | det ${dt.cpu.toFixed(1)} (${(dt.out as det.DetOutput).boxes.length} boxes, map ${(dt.out as det.DetOutput).mapWidth}×${(dt.out as det.DetOutput).mapHeight}) | recognize ${rc.cpu.toFixed(1)} nocls ${rn.cpu.toFixed(1)} | task ${task.cpu.toFixed(1)} cpu ${task.wall.toFixed(1)} wall; inferences/task: ${per}`);
  console.log('   ', JSON.stringify((task.out as { data: unknown }).data).slice(0, 200));
}
