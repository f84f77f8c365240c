import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { findRegions } from '../../src/ocr/documents/mixed/regions';
import { rereadSmallPrint, smallPrintAreas } from '../../src/ocr/documents/mixed/small-print';
import { decodeImage } from '../../src/ocr/image/decode';
import { recognize } from '../../src/ocr/pipeline';

/*
 * The lines 2582-25 groups and hands on after reading a sheet's small print again
 * (mixed/small-print.ts), to compare two checkouts: for each stored sheet of
 * bench/dev/mixed-dump.ts whose name matches and that has areas of small print, the whole image
 * read, its regions, the areas, and the lines after the small print is read again (text, place,
 * the scale each was seen at), with the CPU of that reading, written to <out> as JSON. Run it in
 * each checkout (a copy in a baseline worktree of main) and compare the two files. Runs the models.
 *   npx tsx bench/dev/mixed-areas.ts <dir> <out.json> [name filter, a regular expression]
 */

const [dir, out] = [process.argv[2]!, process.argv[3]!];
const only = new RegExp(process.argv[4] ?? '.');
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const sheets: Record<string, { areas: unknown; cpu: number; lines: string[] }> = {};
for (const f of readdirSync(dir).filter((n) => n.endsWith('.jpg') && only.test(n)).sort()) {
  const image = await decodeImage(new Uint8Array(readFileSync(`${dir}/${f}`)));
  const lines = (await recognize(image, { minConfidence: 0 })).lines;
  const regions = findRegions(image, lines.filter((l) => l.confidence >= 0.5));
  const areas = smallPrintAreas(regions, image);
  if (areas.length === 0) continue;
  const c = cpu();
  const again = await rereadSmallPrint(image, lines, regions);
  sheets[f] = { areas, cpu: Math.round(cpu() - c), lines: again.lines.map((l) => `${l.text} @${l.box.cx},${l.box.cy} ${l.box.w}x${l.box.h} seen ${again.seenAt.get(l)?.toFixed(3)}`) };
  console.log(f, sheets[f]!.lines.length, 'lines', sheets[f]!.cpu, 'ms');
}
writeFileSync(out, JSON.stringify(sheets, null, 1));
process.exit(0);
