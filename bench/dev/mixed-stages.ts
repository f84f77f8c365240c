import { readFileSync } from 'node:fs';
import { readRegion } from '../../src/ocr/documents/mixed/read';
import { seenWell } from '../../src/ocr/documents/mixed/region';
import { findRegions } from '../../src/ocr/documents/mixed/regions';
import { detectorScale, rereadSmallPrint } from '../../src/ocr/documents/mixed/small-print';
import { decodeImage } from '../../src/ocr/image/decode';
import { recognize } from '../../src/ocr/pipeline';

/*
 * Where 2582-25's time goes on one image, stage by stage and region by region, one after
 * another (wall and process CPU ms; the recognition threads are in this process). FRESH=1:
 * every region read again from its crop, as before lines were handed on.
 *   npx tsx bench/dev/mixed-stages.ts <image>
 */

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
async function stage<T>(name: string, f: () => Promise<T> | T): Promise<T> {
  const w = performance.now(), c = cpu();
  const r = await f();
  console.log(`${name.padEnd(40)} wall ${(performance.now() - w).toFixed(0).padStart(6)} ms  cpu ${(cpu() - c).toFixed(0).padStart(6)} ms`);
  return r;
}
const bytes = new Uint8Array(readFileSync(process.argv[2]!));
const image = await stage('decode', () => decodeImage(bytes));
await stage('warm-up recognize (models load)', () => recognize({ ...image, width: 64, height: 64, data: new Uint8Array(64 * 64 * 3).fill(255) }));
const { lines, timings } = await stage('recognize whole image', () => recognize(image, { minConfidence: 0 }));
console.log('  ', JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)]))), lines.length, 'lines');
const confident = (ls: typeof lines) => ls.filter((l) => l.confidence >= 0.5);
let regions = await stage('find regions', () => findRegions(image, confident(lines)));
const again = await stage('small print detected again', () => rereadSmallPrint(image, lines, regions));
if (again.lines !== lines) regions = await stage('find regions again', () => findRegions(image, confident(again.lines)));
const scaleOf = (l: (typeof lines)[number]) => again.seenAt.get(l) ?? detectorScale(image);
for (const [i, region] of regions.entries()) {
  const r = await stage(`region ${i} ${Math.round(region.width)}x${Math.round(region.height)} lines reused: ${seenWell(region, scaleOf)}`, () => readRegion(image, region, process.env.FRESH ? undefined : again.lines, again.seenAt));
  console.log('   ', r.document.Type, JSON.stringify(r.document.Data).slice(0, 160));
}
process.exit(0);
