import { mkdirSync, writeFileSync } from 'node:fs';
import type { ModelForm } from '../../src/ocr/models';
import { loadQrDecoder } from '../../src/ocr/qr/decode';
import { runTask } from '../../src/ocr/runtime/run-task';
import { prepareThread, threadSettings } from '../../src/ocr/runtime/thread-setup';
import type { MixedDocument } from '../../src/protocol/points/2582-25';
import { composeSheet, sheetPlan } from '../../test/support/synth/documents/mixed-sheet';
import { flattenMixed } from '../../test/support/synth/documents/mixed-fields';

/*
 * Every type's key fields on the bench's mixed sheets against the same documents read alone, as
 * bench/documents.ts counts them (set up as a pool worker), per type and per seed, each miss
 * listed; the sheets, their truth and what 2582-25 returned stored in <dir> for later analysis:
 *   FORM=float npx tsx bench/dev/mixed-fields.ts <dir> <seeds, comma-separated> [sheets, default 14]
 * FORM (optional) opens the models in that form (models.ts ModelForm) instead of the CPU's default.
 * TYPE (optional, a type of 2582-25: vat_invoice, taxi_invoice, ...) reads only the sheets that hold
 * that type and counts only its documents; ONLY (optional, sheet seeds comma-separated, the
 * thousands in a sheet's name) only those sheets. bench/dev/mixed-digits.ts reads what is stored.
 */

const [dir, seedsArg, countArg] = process.argv.slice(2);
const onlyType = process.env.TYPE;
const onlySheets = process.env.ONLY ? new Set(process.env.ONLY.split(',').map(Number)) : undefined;
await Promise.all([prepareThread(threadSettings({ modelForm: process.env.FORM as ModelForm | undefined })), loadQrDecoder()]);
mkdirSync(dir!, { recursive: true });
const same = (a: unknown, b: string | number) => (typeof b === 'number' ? Number(a) === b : String(a ?? '') === b);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const seed of seedsArg!.split(',').map(Number)) {
  const byType = new Map<string, { all: number; sheet: number; alone: number }>();
  let sheetCpu = 0;
  for (const plan of sheetPlan(Number(countArg ?? 14), seed)) {
    if (onlySheets && !onlySheets.has(plan.seed)) continue;
    if (onlyType && !plan.types.includes(onlyType as never)) continue;
    const sheet = await composeSheet(plan);
    const c = cpu();
    const { data } = await runTask({ kind: 'mixed', bytes: sheet.bytes, options: {} });
    sheetCpu += cpu() - c;
    const found = (data as { Documents: MixedDocument[] }).Documents;
    const inside = (d: MixedDocument, x: number, y: number) => x >= d.Roi.X && x <= d.Roi.X + d.Roi.W && y >= d.Roi.Y && y <= d.Roi.Y + d.Roi.H;
    const docs = [];
    for (const doc of sheet.documents.filter((d) => !onlyType || d.type === onlyType)) {
      const hit = found.find((d) => inside(d, doc.cx, doc.cy));
      const got = hit?.Type === doc.type ? flattenMixed(doc.type, hit.Data) : {};
      const one = flattenMixed(doc.type, (await runTask({ kind: doc.type, bytes: doc.bytes, options: {} })).data);
      const t = byType.get(doc.type) ?? { all: 0, sheet: 0, alone: 0 };
      byType.set(doc.type, t);
      for (const [k, v] of Object.entries(doc.expected)) {
        t.all++;
        const ok = same(got[k], v), okAlone = same(one[k], v);
        t.sheet += ok ? 1 : 0;
        t.alone += okAlone ? 1 : 0;
        if (!ok || !okAlone) console.log(`  ${sheet.name} ${doc.type} at ${Math.round(doc.cx)},${Math.round(doc.cy)} a=${doc.angle.toFixed(1)} ${k}: want ${JSON.stringify(v)} sheet ${JSON.stringify(got[k] ?? null)}${ok ? ' ok' : ''} alone ${JSON.stringify(one[k] ?? null)}${okAlone ? ' ok' : ''} (typed ${hit?.Type ?? 'none'})`);
      }
      const { bytes, ...rest } = doc;
      docs.push({ ...rest, got, alone: one, typed: hit?.Type ?? null });
    }
    writeFileSync(`${dir}/${sheet.name}.jpg`, sheet.bytes);
    writeFileSync(`${dir}/${sheet.name}.json`, JSON.stringify({ name: sheet.name, width: sheet.width, height: sheet.height, documents: docs, found }));
  }
  let all = 0, inSheet = 0, alone = 0;
  for (const [type, t] of [...byType].sort()) {
    all += t.all; inSheet += t.sheet; alone += t.alone;
    console.log(`seed ${seed} ${type}: sheet ${t.sheet}/${t.all} alone ${t.alone}/${t.all}`);
  }
  console.log(`seed ${seed} ALL: sheet ${inSheet}/${all} (${(100 * inSheet / all).toFixed(1)}%) alone ${alone}/${all} (${(100 * alone / all).toFixed(1)}%), sheets' CPU ${Math.round(sheetCpu)} ms`);
}
process.exit(0);
