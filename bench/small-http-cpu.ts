import { readFileSync, readdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerChineseFont } from '../test/support/synth/index';
import { smallImages } from './support/small';
import { seed, sqliteBackend, startRole } from './support/deployment';

/*
 * The gateway's CPU time per call on each small image, from /proc (every thread of the
 * gateway process: the HTTP thread, the pool's workers and their recognition helpers, ONNX
 * Runtime's threads), with the HTTP thread apart: what a call costs whatever else the machine
 * runs. `npx tsx bench/small-http-cpu.ts` (N=10 calls per image after 3 untimed; ONLY=<part of a name> for some).
 */

registerChineseFont();
const N = Number(process.env.N ?? 10);
const ticks = (path: string) => {
  const f = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // ms at 100 Hz
};
const backend = sqliteBackend('');
const data = await seed(backend.databaseUrl);
const gateway = await startRole('gateway', 'gateway', backend);
const threads = () => new Map(readdirSync(`/proc/${gateway.pid}/task`).map((t) => [t, ticks(`/proc/${gateway.pid}/task/${t}/stat`)]));
try {
  const dir = mkdtempSync(join(tmpdir(), 'httpcpu-'));
  const only = process.env.ONLY;
  for (const image of (await smallImages(dir)).filter((i) => !only || i.name.includes(only))) {
    const body = `ImageURL=${encodeURIComponent(`data:${image.mime};base64,${readFileSync(image.path).toString('base64')}`)}&ds_id=local&MinHeight=0`;
    const call = async () => {
      const res = await fetch(`${gateway.url}/${image.point}?appKey=${data.appKey}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      return res.json();
    };
    for (let i = 0; i < 3; i++) await call();
    const before = threads();
    const t = performance.now();
    for (let i = 0; i < N; i++) await call();
    const wall = (performance.now() - t) / N;
    const after = threads();
    let main = 0, rest = 0;
    const per: string[] = [];
    for (const [tid, v] of after) {
      const d = (v - (before.get(tid) ?? 0)) / N;
      if (tid === String(gateway.pid)) main += d; else rest += d;
      if (d >= 1) per.push(`${tid === String(gateway.pid) ? 'main' : tid}:${d.toFixed(0)}`);
    }
    console.log(`${image.name}: wall ${wall.toFixed(0)} ms, gateway CPU per call ${(main + rest).toFixed(1)} ms (main thread ${main.toFixed(1)}, others ${rest.toFixed(1)}) [${per.join(' ')}]`);
  }
} finally {
  await gateway.stop();
  await backend.drop();
}
