import os from 'node:os';
import { isDocumentKind } from '../src/ocr/documents/index';
import { loadPdfJs } from '../src/ocr/pdf/index';
import { loadQrDecoder } from '../src/ocr/qr/decode';
import { runTask } from '../src/ocr/runtime/run-task';
import { prepareThread, threadSettings } from '../src/ocr/runtime/thread-setup';
import { documentBenches } from './documents/index';
import { mixedBench } from './documents/mixed';
import type { DocumentCase, FieldValue } from './documents/types';
import { median } from './support/stats';

/*
 * npm run bench:documents — per document type, on the corpus, the local development set of real photos (bench/dev) and synthetic documents
 * separately: field-level exact-match accuracy, the share of documents with every field right,
 * median and worst latency; where a type tags its cases (plates: colour/layout and failure
 * category), a row per tag under its source, and the results wrong while sure of themselves. Runs the extractors in this process (one document at a time), set up
 * as one pool worker, so the latency is the engine's, without HTTP or queueing.
 * Then the mixed set (2582-25, bench/documents/mixed.ts): sheets of several documents; BENCH_MIXED sheets (default 14).
 *   BENCH_SYNTHETIC (cases per type, default 30, or the type's defaultSynthetic: VIN 100),
 *   BENCH_SEED (default 1), BENCH_TYPES (comma list of types by row name or task kind: `general` or `reading order`)
 */

const syntheticCount = (bench: { defaultSynthetic?: number }) =>
  process.env.BENCH_SYNTHETIC !== undefined ? Number(process.env.BENCH_SYNTHETIC) : Math.max(30, bench.defaultSynthetic ?? 0);
const seed = Number(process.env.BENCH_SEED ?? 1);
const only = process.env.BENCH_TYPES?.split(',').map((t) => t.trim()).filter(Boolean);
/** A type is named by its row's name (`reading order`) or by its task kind (`general`). */
const chosen = (bench: { type: string; kind: string }) => !only || only.includes(bench.type) || only.includes(bench.kind);
const unknownTypes = only?.filter((t) => t !== 'mixed' && !documentBenches.some((b) => b.type === t || b.kind === t)) ?? [];
if (unknownTypes.length > 0) {
  // a misspelt name would otherwise measure nothing and say nothing
  const names = ['mixed', ...documentBenches.map((b) => (b.type === b.kind ? b.type : `${b.kind} (${b.type})`))];
  console.error(`BENCH_TYPES: no type ${unknownTypes.map((t) => JSON.stringify(t)).join(', ')}; the types are ${names.join(', ')}`);
  process.exit(1);
}
// set up as a pool worker of the gateway on this machine (ONNX threads, recognition helpers, pdfjs and the QR decoder loaded)
await Promise.all([prepareThread(threadSettings()), loadPdfJs(), loadQrDecoder()]);
const verbose = process.env.BENCH_VERBOSE === '1';

interface Row {
  type: string;
  source: string;
  /** one tag's cases within the source (indented under it), or every case */
  tag?: string;
  /** results wrong while sure of themselves (DocumentBench.sureButWrong) */
  sureWrong?: number;
  docs: number;
  fields: number;
  fieldAcc: number;
  allRight: number;
  median: number;
  worst: number;
}

const same = (a: FieldValue | undefined, b: FieldValue) => (typeof b === 'number' ? Number(a) === b : String(a ?? '') === b);

async function runCase(kind: string, c: DocumentCase): Promise<{ data: unknown; notThisDocument?: string; ms: number }> {
  const started = performance.now();
  // decoded (or read as a document file) and dispatched as the pool's worker does (src/ocr/runtime/run-task.ts)
  const { data, notThisDocument } = await runTask({ kind, bytes: c.bytes, options: c.options });
  return { data, ...(notThisDocument ? { notThisDocument } : {}), ms: performance.now() - started };
}

interface Outcome {
  tags: string[];
  fields: number;
  right: number;
  ms?: number;
  sureWrong: boolean;
}

function row(type: string, source: string, outcomes: Outcome[], tag?: string): Row {
  const times = outcomes.flatMap((o) => (o.ms === undefined ? [] : [o.ms]));
  const fields = outcomes.reduce((n, o) => n + o.fields, 0);
  return {
    type,
    source,
    tag,
    docs: outcomes.length,
    fields,
    fieldAcc: fields ? outcomes.reduce((n, o) => n + o.right, 0) / fields : 0,
    allRight: outcomes.filter((o) => o.right === o.fields).length / outcomes.length,
    sureWrong: outcomes.filter((o) => o.sureWrong).length,
    median: median(times),
    worst: Math.max(0, ...times),
  };
}

const rows: Row[] = [];
const failures: string[] = [];
for (const bench of documentBenches) {
  if (!chosen(bench)) continue;
  if (!isDocumentKind(bench.kind)) {
    console.log(`${bench.type}: kind ${bench.kind} is not registered, skipped`);
    continue;
  }
  for (const [source, cases] of [
    ['corpus', await bench.corpus()],
    ['real', (await bench.real?.()) ?? []],
    ['synthetic', await bench.synthetic(syntheticCount(bench), seed)],
  ] as const) {
    if (cases.length === 0) continue;
    const outcomes: Outcome[] = [];
    for (const c of cases) {
      let got: Record<string, FieldValue> = {};
      const outcome: Outcome = { tags: c.tags ?? [], fields: 0, right: 0, sureWrong: false };
      try {
        const { data, notThisDocument, ms } = await runCase(bench.kind, c);
        outcome.ms = ms;
        got = bench.flatten(data, { notThisDocument }, c);
        outcome.sureWrong = bench.sureButWrong?.(c, data) ?? false;
        if (outcome.sureWrong) failures.push(`${bench.type} ${source} ${c.name}: SURE BUT WRONG ${JSON.stringify(got)}`);
      } catch (e) {
        failures.push(`${bench.type} ${c.name}: error ${(e as Error).message}`);
      }
      for (const [k, v] of Object.entries(c.expected)) {
        outcome.fields++;
        if (same(got[k], v)) outcome.right++;
        else failures.push(`${bench.type} ${source} ${c.name} ${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(got[k] ?? null)}`);
      }
      outcomes.push(outcome);
    }
    rows.push(row(bench.type, source, outcomes));
    const tags = [...new Set(outcomes.flatMap((o) => o.tags))].sort();
    for (const tag of tags) rows.push(row(bench.type, source, outcomes.filter((o) => o.tags.includes(tag)), tag));
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(`\nbench:documents on ${os.cpus().length} cores, node ${process.version}, ${syntheticCount({})} synthetic cases per type (more where a type asks: the docs column), seed ${seed}\n`);
const head = ['type', 'source', 'docs', 'fields', 'field acc', 'all right', 'sure but wrong', 'median ms', 'worst ms'];
const lines = rows.map((r) => [
  r.tag ? '' : r.type,
  r.tag ? `  ${r.tag}` : r.source,
  String(r.docs),
  String(r.fields),
  pct(r.fieldAcc),
  pct(r.allRight),
  rows.some((o) => o.type === r.type && o.sureWrong) ? String(r.sureWrong) : '',
  r.median.toFixed(0),
  r.worst.toFixed(0),
]);
const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
const fmt = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log([fmt(head), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n'));
if (!only || only.includes('mixed')) {
  const sheets = Number(process.env.BENCH_MIXED ?? 14);
  console.log(`\n${await mixedBench(sheets, seed, failures)}`);
}
if (failures.length) {
  console.log(`\n${failures.length} field mismatches${verbose ? ':' : ' (BENCH_VERBOSE=1 lists them)'}`);
  if (verbose) for (const f of failures) console.log(`  ${f}`);
}
