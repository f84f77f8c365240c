import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { foldForScoring } from '../../test/support/synth/score';
import { renderTablePage, TABLE_VARIANTS } from '../../test/support/synth/documents/table';
import { shapesFromData, shapesFromHtml, shapesFromSpec, signature, type DataLike, type Shape } from '../../test/support/synth/documents/table-structure';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-10 tables. Each table of a page flattens into its structure signature (grid size and
 * every spanned cell, on a grid compacted to the lines some cell uses), its cells' texts
 * keyed by position, and its Head/Tail; texts are folded for scoring (no whitespace: the
 * recogniser drops the spaces between Latin words). Corpus truth: PubTabNet's HTML from the
 * manifest, and test/ocr/documents/table/corpus-truth.json for the wired tables (read from
 * the images). Synthetic pages cycle through the variants of the table generator.
 */

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const truthFile = fileURLToPath(new URL('../../test/ocr/documents/table/corpus-truth.json', import.meta.url));

export interface TableTruth {
  html: string;
  head?: string;
  tail?: string;
}

/** Every corpus table file with ground truth: the manifest's HTML, else ours. */
export function corpusTableTruths(): { file: string; truth: TableTruth }[] {
  if (!existsSync(`${corpusDir}manifest.json`)) return [];
  const manifest = JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as { file: string; type: string; ground_truth: { html?: string } | null }[];
  const ours = JSON.parse(readFileSync(truthFile, 'utf8')) as Record<string, TableTruth | string>;
  return manifest
    .filter((e) => e.type === 'table')
    .flatMap((e) => {
      const truth = e.ground_truth?.html ? { html: e.ground_truth.html } : ours[e.file];
      return truth && typeof truth !== 'string' ? [{ file: e.file, truth }] : [];
    });
}

function flattenTables(tables: Shape[][], heads: (string | undefined)[], tails: (string | undefined)[]): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = { tables: tables.length };
  tables.forEach((shapes, t) => {
    out[`t${t}.structure`] = signature(shapes);
    for (const s of shapes) out[`t${t}.r${s.r0}c${s.c0}`] = s.text;
    if (heads[t] !== undefined) out[`t${t}.head`] = foldForScoring(heads[t]!);
    if (tails[t] !== undefined) out[`t${t}.tail`] = foldForScoring(tails[t]!);
  });
  return out;
}

export const tableBench: DocumentBench = {
  type: 'table',
  kind: 'table',
  async corpus() {
    return corpusTableTruths().map(
      ({ file, truth }): DocumentCase => ({
        name: file,
        source: 'corpus',
        bytes: new Uint8Array(readFileSync(`${corpusDir}${file}`)),
        options: { outputFormat: 'html', assureDirection: false },
        expected: flattenTables(shapesFromHtml(truth.html), [truth.head], [truth.tail]),
      }),
    );
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (let i = 0; i < count; i++) {
      const page = await renderTablePage(seed * 1000 + i, TABLE_VARIANTS[i % TABLE_VARIANTS.length]!);
      cases.push({
        name: page.name,
        source: 'synthetic',
        bytes: page.bytes,
        options: { outputFormat: 'html', ...page.options },
        expected: flattenTables(
          page.tables.map(shapesFromSpec),
          page.tables.map((t) => t.head.join('')),
          page.tables.map((t) => t.tail.join('')),
        ),
      });
    }
    return cases;
  },
  flatten(data) {
    const d = data as { Tables: (DataLike['Tables'][number] & { Head: string; Tail: string })[] };
    return flattenTables(shapesFromData(d), d.Tables.map((t) => t.Head), d.Tables.map((t) => t.Tail));
  },
};
