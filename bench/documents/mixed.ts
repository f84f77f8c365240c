import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runTask } from '../../src/ocr/runtime/run-task';
import type { MixedDocument } from '../../src/protocol/points/2582-25';
import { composeSheet, type Piece, sheetPlan } from '../../test/support/synth/documents/mixed-sheet';
import { flattenMixed } from '../../test/support/synth/documents/mixed-fields';
import { median } from '../support/stats';
import type { FieldValue } from './types';

/*
 * bench:documents' mixed set (2582-25): sheets of 2 to 8 documents of mixed types built from
 * each type's generator (turned, touching, on a sheet, a desk, a cluttered desk) and the
 * corpus photo of eight taxi invoices. Per sheet: regions found against documents pasted
 * (recall: a document whose centre lies in a region; precision: regions holding a document),
 * type accuracy, key fields right in the sheet against the same documents read alone by their
 * own point, and latency per sheet (and for sheets of eight) with the CPU it took (all of this
 * process's threads: on a busy machine CPU says more than wall time). BENCH_MIXED sheets (default 14).
 */

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

interface Tally {
  sheets: number;
  docs: number;
  found: number;
  regions: number;
  regionsHolding: number;
  typeRight: number;
  fields: number;
  fieldsRight: number;
  fieldsAlone: number;
  fieldsAloneRight: number;
  ms: number[];
  ms8: number[];
  /** CPU of this process (every thread: the recognition helpers and the models run in it) per sheet */
  cpu: number[];
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const same = (a: FieldValue | undefined, b: FieldValue) => (typeof b === 'number' ? Number(a) === b : String(a ?? '') === b);
const kindOf = (type: string) => type;

async function readAlone(piece: Piece): Promise<Record<string, FieldValue>> {
  const { data } = await runTask({ kind: kindOf(piece.type), bytes: piece.bytes, options: {} });
  return flattenMixed(piece.type, data);
}

export async function mixedBench(count: number, seed: number, failures: string[]): Promise<string> {
  const t: Tally = { sheets: 0, docs: 0, found: 0, regions: 0, regionsHolding: 0, typeRight: 0, fields: 0, fieldsRight: 0, fieldsAlone: 0, fieldsAloneRight: 0, ms: [], ms8: [], cpu: [] };
  for (const plan of sheetPlan(count, seed)) {
    const sheet = await composeSheet(plan);
    const started = performance.now(), cpu = cpuMs();
    const { data } = await runTask({ kind: 'mixed', bytes: sheet.bytes, options: {} });
    const ms = performance.now() - started;
    t.cpu.push(cpuMs() - cpu);
    const found = (data as { Documents: MixedDocument[] }).Documents;
    t.sheets++;
    t.ms.push(ms);
    if (sheet.documents.length === 8) t.ms8.push(ms);
    t.regions += found.length;
    const inside = (d: MixedDocument, x: number, y: number) => x >= d.Roi.X && x <= d.Roi.X + d.Roi.W && y >= d.Roi.Y && y <= d.Roi.Y + d.Roi.H;
    for (const d of found) {
      if (sheet.documents.some((doc) => inside(d, doc.cx, doc.cy))) t.regionsHolding++;
      // named, so that a run that differs from the last says where (precision counts these)
      else failures.push(`mixed ${sheet.name}: a region typed ${d.Type} at ${d.Roi.X},${d.Roi.Y} ${d.Roi.W}x${d.Roi.H} holds no document`);
    }
    for (const doc of sheet.documents) {
      t.docs++;
      const alone = await readAlone(doc);
      const hit = found.find((d) => inside(d, doc.cx, doc.cy));
      if (hit) t.found++;
      else failures.push(`mixed ${sheet.name}: ${doc.type} at ${Math.round(doc.cx)},${Math.round(doc.cy)} not found`);
      if (hit?.Type === doc.type) t.typeRight++;
      else if (hit) failures.push(`mixed ${sheet.name}: ${doc.type} typed ${hit.Type}`);
      const got = hit?.Type === doc.type ? flattenMixed(doc.type, hit.Data) : {};
      for (const [k, v] of Object.entries(doc.expected)) {
        t.fields++;
        t.fieldsAlone++;
        if (same(got[k], v)) t.fieldsRight++;
        else failures.push(`mixed ${sheet.name} ${doc.type} ${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(got[k] ?? null)}`);
        if (same(alone[k], v)) t.fieldsAloneRight++;
      }
    }
  }
  const rows = [row('synthetic sheets', t)];
  const photo = `${corpusDir}taxi_invoice/taxi_invoices_multi_photo_01.jpg`;
  if (existsSync(photo)) rows.push(row('corpus photo of 8 taxi invoices', await eightTaxis(photo, failures)));
  const head = ['mixed set', 'sheets', 'docs', 'recall', 'precision', 'type right', 'fields in sheet', 'fields alone', 'median ms/sheet', 'worst ms', 'median ms, sheets of 8', 'median CPU ms/sheet'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [fmt(head), fmt(widths.map((w) => '-'.repeat(w))), ...rows.map(fmt)].join('\n');
}

/** The corpus photo: eight taxi invoices, four numbers read by eye (its manifest). */
async function eightTaxis(path: string, failures: string[]): Promise<Tally> {
  const started = performance.now(), cpu = cpuMs();
  const { data } = await runTask({ kind: 'mixed', bytes: new Uint8Array(readFileSync(path)), options: {} });
  const ms = performance.now() - started;
  const used = cpuMs() - cpu;
  const found = (data as { Documents: MixedDocument[] }).Documents;
  const taxis = found.filter((d) => d.Type === 'taxi_invoice');
  const numbers = taxis.map((d) => flattenMixed('taxi_invoice', d.Data).InvoiceNo);
  const known = ['21095475', '07219977', '15237650', '12199866'];
  const right = known.filter((n) => numbers.includes(n)).length;
  if (taxis.length !== 8) failures.push(`mixed corpus photo: ${taxis.length} taxi invoices of 8 (${found.map((d) => d.Type).join(',')})`);
  return {
    sheets: 1, docs: 8, found: Math.min(8, taxis.length), regions: found.length, regionsHolding: Math.min(8, taxis.length), typeRight: Math.min(8, taxis.length),
    fields: known.length, fieldsRight: right, fieldsAlone: 0, fieldsAloneRight: 0, ms: [ms], ms8: [ms], cpu: [used],
  };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

function row(name: string, t: Tally): string[] {
  return [
    name, String(t.sheets), String(t.docs), pct(t.found, t.docs), pct(t.regionsHolding, t.regions), pct(t.typeRight, t.docs),
    pct(t.fieldsRight, t.fields), pct(t.fieldsAloneRight, t.fieldsAlone), median(t.ms).toFixed(0), Math.max(0, ...t.ms).toFixed(0), t.ms8.length ? median(t.ms8).toFixed(0) : '-', median(t.cpu).toFixed(0),
  ];
}
