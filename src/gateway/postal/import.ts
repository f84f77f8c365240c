import fs from 'node:fs';
import { type Readable, pipeline } from 'node:stream';
import { type CsvError, parse } from 'csv-parse';
import type { NewPostalRow, PostalRepo } from '../store/postal';

/*
 * `postal import FILE.csv` (DESIGN.md §4, §6): streams a CSV with the header
 * province,city,area,county,code (any order, extra columns ignored, UTF-8 with or without BOM),
 * validates every row, skips and reports the bad ones, and replaces the data set atomically
 * (store/postal-replace.ts), so a failed or interrupted import leaves the previous data intact.
 */

export interface ImportResult {
  rows: number;
  skipped: number;
}

export interface ImportOptions {
  /** called for each skipped row with its line number in the file (1 = the header) */
  onSkip?(line: number, reason: string): void;
  /** recorded with the data set, shown by `postal stats` */
  source?: string;
  /** rows per INSERT */
  batchSize?: number;
  /** called as rows are staged, with the number so far */
  onProgress?(rows: number): void;
}

/** The import as a whole was refused; the previous data set is untouched. */
export class PostalImportError extends Error {}

const COLUMNS = ['province', 'city', 'area', 'county', 'code'] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: readonly Column[] = ['province', 'code'];
/** Longest name kept: the request fields allow 64 characters, so a longer one could never be asked for whole. */
const MAX_NAME = 64;

/** Column positions from the header; city, area and county may be absent (county-level files have no county). */
function columnIndex(header: string[]): Record<Column, number> {
  const names = header.map((h) => h.trim().toLowerCase());
  const index = Object.fromEntries(COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<Column, number>;
  const missing = REQUIRED.filter((c) => index[c] < 0);
  if (missing.length) {
    throw new PostalImportError(
      `the header names no ${missing.join(' or ')} column (expected province,city,area,county,code; got ${names.join(',')})`,
    );
  }
  return index;
}

/** The row, or why it is refused. */
function validate(fields: string[], index: Record<Column, number>): NewPostalRow | string {
  const get = (c: Column) => (index[c] < 0 ? '' : (fields[index[c]] ?? ''));
  const row = { province: get('province'), city: get('city'), area: get('area'), county: get('county'), code: get('code') };
  if (row.code === '') return 'code is missing';
  if (!/^\d{6}$/.test(row.code)) return `code ${JSON.stringify(row.code)} is not six digits`;
  if (row.province === '') return 'province is empty';
  for (const c of COLUMNS) {
    // U+FFFD is what a byte sequence that is not UTF-8 (a GBK file, say) decodes to
    if (row[c].includes('\uFFFD')) return `${c} is not valid UTF-8`;
    // never part of a name, and PostgreSQL refuses NUL in text (the whole import would fail)
    if (/\p{Cc}/u.test(row[c])) return `${c} contains a control character`;
    if ([...row[c]].length > MAX_NAME) return `${c} is longer than ${MAX_NAME} characters`;
  }
  return row;
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

/**
 * Parses `input` and hands validated rows to `repo.replaceAll` in batches. Throws (and the store
 * keeps its previous data) when the input fails to read, the header lacks a required column, a
 * quote is never closed (the rest of the file would be lost), or no row is valid.
 */
export async function importPostal(repo: PostalRepo, input: Readable, opts: ImportOptions = {}): Promise<ImportResult> {
  const batchSize = opts.batchSize ?? 500;
  let skipped = 0;
  const skip = (line: number, reason: string) => {
    skipped++;
    opts.onSkip?.(line, reason);
  };
  let fatal: Error | undefined;
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
    skip_records_with_error: true,
    on_skip(err: CsvError | undefined) {
      if (!err) return;
      const line = (err as CsvError & { lines?: number }).lines ?? 0;
      if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
        fatal = new PostalImportError(`a quoted field is never closed (the file ends inside it, line ${line}); nothing was imported`);
      } else skip(line, err.message);
    },
  });
  // pipeline (not pipe) so that a read error of the file also fails the parser and so the import
  pipeline(input, parser, () => {});

  async function* batches(): AsyncGenerator<NewPostalRow[]> {
    let index: Record<Column, number> | undefined;
    let batch: NewPostalRow[] = [];
    let valid = 0;
    for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
      if (!index) {
        index = columnIndex(record);
        continue;
      }
      const row = validate(record, index);
      if (typeof row === 'string') {
        skip(info.lines, row);
        continue;
      }
      batch.push(row);
      valid++;
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (fatal) throw fatal;
    if (!index) throw new PostalImportError('the file is empty (not even a header)');
    // replacing a data set with nothing is never what was meant (a wrong file, a GBK file...)
    if (valid === 0) throw new PostalImportError('no valid row in the file; nothing was imported');
    if (batch.length) yield batch;
  }

  try {
    const rows = await repo.replaceAll(batches(), { source: opts.source ?? '', skipped: () => skipped }, { onStaged: opts.onProgress });
    return { rows, skipped };
  } finally {
    // a store that failed before reading anything must not leave the file open (pipeline closes it)
    parser.destroy();
  }
}

/** importPostal over a file. */
export async function importPostalFile(repo: PostalRepo, file: string, opts: ImportOptions = {}): Promise<ImportResult> {
  if (!fs.existsSync(file)) throw new PostalImportError(`no such file: ${file}`);
  return importPostal(repo, fs.createReadStream(file), { source: file, ...opts });
}
