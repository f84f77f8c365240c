import { mkdirSync, writeFileSync } from 'node:fs';
import { runTask } from '../../src/ocr/runtime/run-task';
import type { MixedDocument } from '../../src/protocol/points/2582-25';
import { composeSheet, sheetPlan } from '../../test/support/synth/documents/mixed-sheet';
import { flattenMixed } from '../../test/support/synth/documents/mixed-fields';

/*
 * One type's fields on the bench's mixed sheets against the same documents read alone, sheet by
 * sheet (the sheets are stored in <dir> for bench/dev/mixed-stages.ts):
 *   npx tsx bench/dev/mixed-vat.ts <dir> <seed> [sheets, default 14] [type, default vat_invoice] [only: sheet seeds, comma-separated]
 */

const [dir, seedArg, countArg, typeArg, onlyArg] = process.argv.slice(2);
const type = typeArg ?? 'vat_invoice';
const only = onlyArg ? new Set(onlyArg.split(',').map(Number)) : undefined;
mkdirSync(dir!, { recursive: true });
let right = 0, alone = 0, all = 0;
for (const plan of sheetPlan(Number(countArg ?? 14), Number(seedArg))) {
  if (only && !only.has(plan.seed)) continue;
  if (!plan.types.includes(type as never)) continue;
  const sheet = await composeSheet(plan);
  writeFileSync(`${dir}/${sheet.name}.jpg`, sheet.bytes);
  const { data } = await runTask({ kind: 'mixed', bytes: sheet.bytes, options: {} });
  const found = (data as { Documents: MixedDocument[] }).Documents;
  const inside = (d: MixedDocument, x: number, y: number) => x >= d.Roi.X && x <= d.Roi.X + d.Roi.W && y >= d.Roi.Y && y <= d.Roi.Y + d.Roi.H;
  for (const doc of sheet.documents.filter((d) => d.type === type)) {
    const hit = found.find((d) => inside(d, doc.cx, doc.cy));
    const got = hit?.Type === type ? flattenMixed(type, hit.Data) : {};
    const one = flattenMixed(type, (await runTask({ kind: type, bytes: doc.bytes, options: {} })).data);
    for (const [k, v] of Object.entries(doc.expected)) {
      all++;
      const ok = String(got[k] ?? '') === String(v), okAlone = String(one[k] ?? '') === String(v);
      right += ok ? 1 : 0;
      alone += okAlone ? 1 : 0;
      if (!ok || !okAlone) console.log(`${sheet.name} doc at ${Math.round(doc.cx)},${Math.round(doc.cy)} a=${doc.angle.toFixed(1)} ${k}: want ${v} sheet ${JSON.stringify(got[k] ?? null)} alone ${JSON.stringify(one[k] ?? null)} (type ${hit?.Type ?? 'none'}, region a=${hit?.Angle})`);
    }
  }
}
console.log(`${type} fields: sheet ${right}/${all} alone ${alone}/${all}`);
process.exit(0);
