import { readFileSync } from 'node:fs';
import { cropRegion, enlarged, enlargementFor } from '../../src/ocr/documents/mixed/region';
import { findRegions } from '../../src/ocr/documents/mixed/regions';
import { rereadSmallPrint, smallPrintAreas } from '../../src/ocr/documents/mixed/small-print';
import { warpQuad } from '../../src/ocr/geometry/warp';
import type { Quad } from '../../src/ocr/geometry/quad';
import { decodeImage } from '../../src/ocr/image/decode';
import { recognize } from '../../src/ocr/pipeline';
import { prepareThread, threadSettings } from '../../src/ocr/runtime/thread-setup';
import { warpQuadBanded } from '../../src/ocr/runtime/warp-bands';
/*
 * The crops 2582-25 cuts on one image (its areas of small print enlarged, its regions at scale 1),
 * by this thread alone (warpQuad) and a band a thread with the recognition helpers
 * (runtime/warp-bands.ts), in turns 15 times: wall and this thread's own CPU (from /proc, in
 * 10 ms ticks) of each way. This thread is set up as a pool worker (mixed-task.ts).
 *   npx tsx bench/dev/mixed-crops.ts <image>
 */
await prepareThread(threadSettings());
const image = await decodeImage(new Uint8Array(readFileSync(process.argv[2]!)));
const first = (await recognize(image, { minConfidence: 0 })).lines;
const conf = (ls: typeof first) => ls.filter((l) => l.confidence >= 0.5);
const regions0 = findRegions(image, conf(first));
const areas = smallPrintAreas(regions0, image);
const { lines } = await rereadSmallPrint(image, first, regions0);
const regions = findRegions(image, conf(lines));
const cuts = [...areas.map((box) => {
  const w = box.x1 - box.x0, h = box.y1 - box.y0;
  const { width: W, height: H } = enlarged(w, h, box.unit ? enlargementFor(box.unit) : 1);
  const quad: Quad = [{ x: box.x0, y: box.y0 }, { x: box.x1, y: box.y0 }, { x: box.x1, y: box.y1 }, { x: box.x0, y: box.y1 }];
  return { quad, W, H, w, h };
}), ...regions.map((r) => { const w = Math.max(1, Math.round(r.width)), h = Math.max(1, Math.round(r.height)); return { quad: r.quad, W: w, H: h, w, h }; })];
console.log(cuts.map((c) => `${Math.round(c.w)}x${Math.round(c.h)}->${c.W}x${c.H}`).join(', '));
const mainCpu = () => { const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const res = { alone: { wall: [] as number[], main: 0 }, banded: { wall: [] as number[], main: 0 } };
const N = 15;
for (let i = 0; i < N; i++) {
  let t = performance.now(), m = mainCpu();
  for (const c of cuts.slice(0, areas.length)) warpQuad(image, c.quad, c.W, c.H, c.w, c.h);
  for (const c of cuts.slice(areas.length)) warpQuad(image, c.quad, c.W, c.H, c.w, c.h);
  res.alone.wall.push(performance.now() - t); res.alone.main += mainCpu() - m;
  t = performance.now(); m = mainCpu();
  // as 2582-25 cuts them: the areas side by side, later the regions side by side
  await Promise.all(cuts.slice(0, areas.length).map((c) => warpQuadBanded(image, c.quad, c.W, c.H, c.w, c.h)));
  await Promise.all(regions.map((r) => cropRegion(image, r, 1)));
  res.banded.wall.push(performance.now() - t); res.banded.main += mainCpu() - m;
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!.toFixed(0);
for (const [k, v] of Object.entries(res)) console.log(`${k}: wall median ${med(v.wall)} ms (${v.wall.map((x) => x.toFixed(0)).join(' ')}), this thread's CPU ${(v.main / N).toFixed(0)} ms a sheet`);
process.exit(0);
