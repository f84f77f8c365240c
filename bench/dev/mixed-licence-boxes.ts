import { readFileSync, readdirSync } from 'node:fs';
import { classify } from '../../src/ocr/documents/mixed/classify';
import { viewOf } from '../../src/ocr/documents/mixed/read';
import { cropRegion, linesInCrop, seenWell } from '../../src/ocr/documents/mixed/region';
import { readSheet } from '../../src/ocr/documents/mixed/sheet';
import { detectorScale } from '../../src/ocr/documents/mixed/small-print';
import { withoutRedInk } from '../../src/ocr/documents/license/card';
import { decodeImage } from '../../src/ocr/image/decode';
import { recognize, type OcrLine } from '../../src/ocr/pipeline';
import { prepareThread, threadSettings } from '../../src/ocr/runtime/thread-setup';

/*
 * Whether a licence's crop read afresh (license/card.ts readCard: the crop without its red ink,
 * detected and read) could take the sheet's readings of its lines: for every licence region whose
 * lines are handed on (mixed/read.ts), each fresh line against the sheet's line nearest to it (the
 * largest corner distance, over the four ways round, over the fresh line's height), whether their
 * texts and confidences agree, and how many of its pixels the red-ink removal changed. One JSON
 * row a fresh line. Runs the models.
 *   npx tsx bench/dev/mixed-licence-boxes.ts <dir> [<file name regular expression>] > rows.jsonl
 */

await prepareThread(threadSettings());
const dir = process.argv[2]!;
const filter = new RegExp(process.argv[3] ?? '.');
const d = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
const gap = (a: OcrLine, b: OcrLine) => Math.min(...[0, 1, 2, 3].map((k) => Math.max(...a.quad.map((p, j) => d(p, b.quad[(j + k) % 4]!)))));
for (const f of readdirSync(dir).filter((f) => f.endsWith('.jpg') && filter.test(f))) {
  const truth = JSON.parse(readFileSync(`${dir}/${f.replace('.jpg', '.json')}`, 'utf8'));
  if (!truth.documents.some((x: { type: string }) => /license/.test(x.type))) continue;
  const image = await decodeImage(new Uint8Array(readFileSync(`${dir}/${f}`)));
  const { lines, seenAt, regions } = await readSheet(image);
  for (const region of regions) {
    const c = classify(viewOf(region));
    if (!/license/.test(c.type)) continue;
    const handed = seenWell(region, (l) => seenAt.get(l) ?? detectorScale(image));
    if (!handed) { console.log(f, c.type, 'not handed'); continue; }
    const crop = await cropRegion(image, region, 1);
    const known = linesInCrop(region, lines);
    const red = withoutRedInk(crop);
    const fresh = (await recognize(red, { minConfidence: 0.3 })).lines;
    for (const l of fresh) {
      let best: OcrLine | undefined, bg = Infinity;
      for (const k of known) { const g = gap(l, k); if (g < bg) [best, bg] = [k, g]; }
      let changed = 0;
      for (let y = l.rect.top; y < l.rect.top + l.rect.height; y++) for (let x = l.rect.left; x < l.rect.left + l.rect.width; x++) { const i = (y * crop.width + x) * 3; if (crop.data[i + 1] !== red.data[i + 1] || crop.data[i + 2] !== red.data[i + 2]) changed++; }
      console.log(JSON.stringify({ f, t: c.type, rel: +(bg / l.box.h).toFixed(3), h: l.box.h, same: best?.text === l.text, conf: +l.confidence.toFixed(3), kconf: +(best?.confidence ?? 0).toFixed(3), dconf: +((best?.confidence ?? 0) - l.confidence).toFixed(4), red: changed, text: l.text, ktext: best?.text }));
    }
  }
}
process.exit(0);
