import os from 'node:os';
import { isDocumentKind } from '../src/ocr/documents/index';
import { runTask } from '../src/ocr/runtime/run-task';
import { prepareThread, threadSettings } from '../src/ocr/runtime/thread-setup';
import { documentBenches } from './documents/index';
import type { DocumentCase, FieldValue } from './documents/types';
import { median } from './support/stats';

/*
 * npm run bench:documents — per document type, on the corpus and on synthetic documents
 * separately: field-level exact-match accuracy, the share of documents with every field right,
 * median and worst latency. Runs the extractors in this process (one document at a time), set up
 * as one pool worker, so the latency is the engine's, without HTTP or queueing.
 *   BENCH_SYNTHETIC (cases per type, default 30, or the type's defaultSynthetic: VIN 100),
 *   BENCH_SEED (default 1), BENCH_TYPES (comma list)
 */

// set up as a pool worker of the gateway on this machine (ONNX threads, recognition helpers)
await prepareThread(threadSettings());

const syntheticCount = (bench: { defaultSynthetic?: number }) =>
  process.env.BENCH_SYNTHETIC !== undefined ? Number(process.env.BENCH_SYNTHETIC) : Math.max(30, bench.defaultSynthetic ?? 0);
const seed = Number(process.env.BENCH_SEED ?? 1);
const only = process.env.BENCH_TYPES?.split(',').filter(Boolean);
const verbose = process.env.BENCH_VERBOSE === '1';

interface Row {
  type: string;
  source: string;
  docs: number;
  fields: number;
  fieldAcc: number;
  allRight: number;
  median: number;
  worst: number;
}

const same = (a: FieldValue | undefined, b: FieldValue) => (typeof b === 'number' ? Number(a) === b : String(a ?? '') === b);

async function runCase(kind: string, c: DocumentCase): Promise<{ data: unknown; ms: number }> {
  const started = performance.now();
  // decoded (or read as a PDF) and dispatched as the pool's worker does (src/ocr/runtime/run-task.ts)
  const { data } = await runTask({ kind, bytes: c.bytes, options: c.options });
  return { data, ms: performance.now() - started };
}

const rows: Row[] = [];
const failures: string[] = [];
for (const bench of documentBenches) {
  if (only && !only.includes(bench.type)) continue;
  if (!isDocumentKind(bench.kind)) {
    console.log(`${bench.type}: kind ${bench.kind} is not registered, skipped`);
    continue;
  }
  for (const [source, cases] of [
    ['corpus', await bench.corpus()],
    ['synthetic', await bench.synthetic(syntheticCount(bench), seed)],
  ] as const) {
    if (cases.length === 0) continue;
    let fields = 0;
    let right = 0;
    let allRight = 0;
    const times: number[] = [];
    for (const c of cases) {
      let got: Record<string, FieldValue> = {};
      try {
        const { data, ms } = await runCase(bench.kind, c);
        times.push(ms);
        got = bench.flatten(data);
      } catch (e) {
        failures.push(`${bench.type} ${c.name}: error ${(e as Error).message}`);
      }
      let docRight = true;
      for (const [k, v] of Object.entries(c.expected)) {
        fields++;
        if (same(got[k], v)) right++;
        else {
          docRight = false;
          failures.push(`${bench.type} ${source} ${c.name} ${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(got[k] ?? null)}`);
        }
      }
      if (docRight) allRight++;
    }
    rows.push({
      type: bench.type,
      source,
      docs: cases.length,
      fields,
      fieldAcc: fields ? right / fields : 0,
      allRight: allRight / cases.length,
      median: median(times),
      worst: Math.max(0, ...times),
    });
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(`\nbench:documents on ${os.cpus().length} cores, node ${process.version}, ${syntheticCount({})} synthetic cases per type (more where a type asks: the docs column), seed ${seed}\n`);
const head = ['type', 'source', 'docs', 'fields', 'field acc', 'all right', 'median ms', 'worst ms'];
const lines = rows.map((r) => [r.type, r.source, String(r.docs), String(r.fields), pct(r.fieldAcc), pct(r.allRight), r.median.toFixed(0), r.worst.toFixed(0)]);
const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
const fmt = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log([fmt(head), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n'));
if (failures.length) {
  console.log(`\n${failures.length} field mismatches${verbose ? ':' : ' (BENCH_VERBOSE=1 lists them)'}`);
  if (verbose) for (const f of failures) console.log(`  ${f}`);
}
