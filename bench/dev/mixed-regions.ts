import { readdirSync, readFileSync } from 'node:fs';
import { classify } from '../../src/ocr/documents/mixed/classify';
import { viewOf } from '../../src/ocr/documents/mixed/read';
import { findRegions } from '../../src/ocr/documents/mixed/regions';
import { decodeImage } from '../../src/ocr/image/decode';
import type { OcrLine } from '../../src/ocr/pipeline';

/*
 * Scores mixed/regions.ts and the classifier on sheets stored by bench/dev/mixed-dump.ts (no
 * models): recall, documents found exactly once, region precision and type accuracy, with each
 * extra region and each wrong or missed document listed (V=1: every sheet).
 *   npx tsx bench/dev/mixed-regions.ts <dir>
 * Lines below the confidence whole-image reading keeps (0.5) are left out as 2582-25 does.
 */

const dir = process.argv[2]!;
const verbose = process.env.V === '1';
let docs = 0, found = 0, regions = 0, holding = 0, typed = 0, once = 0;
for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
  const s = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
  const image = await decodeImage(new Uint8Array(readFileSync(`${dir}/${f.replace(/json$/, 'jpg')}`)));
  const lines: OcrLine[] = s.lines.filter((l: OcrLine) => l.confidence >= 0.5);
  const rs = findRegions(image, lines);
  const inside = (r: (typeof rs)[number], x: number, y: number) => x >= r.roi.X && x <= r.roi.X + r.roi.W && y >= r.roi.Y && y <= r.roi.Y + r.roi.H;
  const typesOf = rs.map((r) => classify(viewOf(r)).type);
  const bad: string[] = [];
  regions += rs.length;
  rs.forEach((r, k) => {
    const held = s.documents.filter((d: any) => inside(r, d.cx, d.cy));
    if (held.length) holding++;
    else bad.push(`  extra region ${k} ${typesOf[k]} roi ${JSON.stringify(r.roi)} a=${r.angle}: ${r.lines.map((l) => l.text).join(' | ').slice(0, 200)}`);
  });
  for (const d of s.documents) {
    docs++;
    const hits = rs.map((r, k) => k).filter((k) => inside(rs[k]!, d.cx, d.cy));
    if (hits.length) found++;
    if (hits.length === 1) once++;
    const t = hits.map((k) => typesOf[k]);
    if (t[0] === d.type) typed++;
    else bad.push(`  ${d.type} at ${Math.round(d.cx)},${Math.round(d.cy)} a=${Math.round(d.angle)} typed ${t.join(',') || 'none'} ${hits.map((k) => JSON.stringify(classify(viewOf(rs[k]!)).evidence.slice(0, 2)) + ' ' + rs[k]!.lines.map((l) => l.text).join('|').slice(0, 300)).join(' ;; ')}`);
  }
  console.log(`${s.name}: ${s.documents.length} docs, ${rs.length} regions ${bad.length ? 'BAD' : 'ok'}`);
  if (verbose || bad.length) console.log(bad.join('\n'));
}
const pct = (a: number, b: number) => ((100 * a) / b).toFixed(1);
console.log(`docs ${docs} recall ${pct(found, docs)} once ${pct(once, docs)} precision ${pct(holding, regions)} (${regions} regions) type ${pct(typed, docs)}`);
