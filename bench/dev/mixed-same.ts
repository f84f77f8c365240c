import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadQrDecoder } from '../../src/ocr/qr/decode';
import { findBodies } from '../../src/ocr/documents/mixed/body';
import { readRegion } from '../../src/ocr/documents/mixed/read';
import { findRegions } from '../../src/ocr/documents/mixed/regions';
import { rereadSmallPrint } from '../../src/ocr/documents/mixed/small-print';
import { decodeImage } from '../../src/ocr/image/decode';
import { recognize } from '../../src/ocr/pipeline';
import { prepareThread, threadSettings } from '../../src/ocr/runtime/thread-setup';

/*
 * Everything 2582-25 computes on each image, to show that a change to how it computes leaves
 * its output as it was: the whole image's lines, the regions found, the lines after the small
 * print is read again with the scale each was seen at, the regions found again, the documents found by their head alone (body.ts), and each
 * region's Data and remarks, in the order of mixed.ts's extract (this thread set up as a pool
 * worker, as mixed-task.ts does), every number as JSON writes it (to the last bit). Run it in
 * two checkouts and compare the files (`cmp`). Runs the models.
 *   npx tsx bench/dev/mixed-same.ts <out.json> <image or directory>... [--only <regular expression>]
 */

const args = process.argv.slice(2);
const out = args.shift()!;
const at = args.indexOf('--only');
const only = new RegExp(at >= 0 ? args.splice(at, 2)[1]! : '.');
const files = args.flatMap((p) => (statSync(p).isDirectory() ? readdirSync(p).filter((n) => n.endsWith('.jpg') && only.test(n)).sort().map((n) => `${p}/${n}`) : [p]));

await Promise.all([prepareThread(threadSettings()), loadQrDecoder()]);
const result: Record<string, unknown> = {};
for (const file of files) {
  const image = await decodeImage(new Uint8Array(readFileSync(file)));
  const first = (await recognize(image, { minConfidence: 0 })).lines;
  const confident = (lines: typeof first) => lines.filter((l) => l.confidence >= 0.5);
  const regions = findRegions(image, confident(first));
  const again = await rereadSmallPrint(image, first, regions);
  const regrouped = again.lines !== first ? findRegions(image, confident(again.lines)) : regions;
  const bodies = await findBodies(image, { ...again, regions: regrouped });
  const read = await Promise.all(bodies.regions.map((region) => readRegion(image, region, bodies.lines, bodies.seenAt)));
  result[file.split('/').pop()!] = {
    first,
    regions,
    again: again.lines === first ? 'same' : again.lines.map((l) => ({ ...l, seenAt: again.seenAt.get(l) })),
    regrouped: regrouped === regions ? 'same' : regrouped,
    bodies: bodies.regions === regrouped ? 'same' : { regions: bodies.regions, lines: bodies.lines.map((l) => ({ ...l, seenAt: bodies.seenAt.get(l) })) },
    read,
  };
  console.log(file, first.length, 'lines', regrouped.length, 'regions');
}
writeFileSync(out, JSON.stringify(result, null, 1));
process.exit(0);
