import { mkdirSync, writeFileSync } from 'node:fs';
import { findRegions } from '../../src/ocr/documents/mixed/regions';
import { rereadSmallPrint } from '../../src/ocr/documents/mixed/small-print';
import { decodeImage } from '../../src/ocr/image/decode';
import { recognize } from '../../src/ocr/pipeline';
import { composeSheet, sheetPlan } from '../../test/support/synth/documents/mixed-sheet';

/*
 * Region finding for 2582-25 without the models in the loop: reads each bench sheet's lines
 * once (every line, confidence kept), with its small print read again as 2582-25 reads it
 * (small-print.ts: the lines its second finding of regions sees), and stores the sheet and those
 * lines, so that bench/dev/mixed-regions.ts scores changes to mixed/regions.ts in seconds as the
 * bench would (seeds 1 and 2: its precision and type right were the bench's).
 *   npx tsx bench/dev/mixed-dump.ts <dir> [seeds, default 1] [sheets per seed, default 14]
 */

const out = process.argv[2]!;
const seeds = (process.argv[3] ?? '1').split(',').map(Number);
const count = Number(process.argv[4] ?? 14);
mkdirSync(out, { recursive: true });
for (const seed of seeds) {
  for (const plan of sheetPlan(count, seed)) {
    const sheet = await composeSheet(plan);
    const image = await decodeImage(sheet.bytes);
    const r = await recognize(image, { minConfidence: 0 });
    const again = await rereadSmallPrint(image, r.lines, findRegions(image, r.lines.filter((l) => l.confidence >= 0.5)));
    writeFileSync(`${out}/${sheet.name}.jpg`, sheet.bytes);
    writeFileSync(`${out}/${sheet.name}.json`, JSON.stringify({ name: sheet.name, width: sheet.width, height: sheet.height, documents: sheet.documents.map(({ bytes, ...d }) => d), lines: again.lines, timings: r.timings }));
    console.log(sheet.name, r.lines.length, Math.round(r.timings.total));
  }
}
