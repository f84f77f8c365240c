import type { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../../protocol/limits';
import { tableData, type tableCell } from '../../../protocol/points/2582-10';
import { type ViewCell, type ViewTable, defineDocument } from './types';

type Cell = z.infer<typeof tableCell>;

/** Spans per SPEC: EndRow - StartRow (exclusive end). Engines that give inclusive ends yield 0; treat as 1. */
const span = (start: number, end: number) => Math.max(1, end - start);
/** TSV cannot hold tabs or line breaks inside a cell. */
const flat = (cell: Cell) => cell.Texts.join(' ').replace(/[\t\r\n]+/g, ' ');

/** The HTML layout and the full grid of one recognized table. */
export function layoutTable(rows: { TableColumns: Cell[] }[]): Pick<ViewTable, 'rows' | 'grid' | 'merges'> {
  const cells = rows.flatMap((r) => r.TableColumns);
  const height = Math.max(0, ...cells.map((c) => c.StartRow + span(c.StartRow, c.EndRow)));
  const width = Math.max(0, ...cells.map((c) => c.StartColumn + span(c.StartColumn, c.EndColumn)));
  const grid = Array.from({ length: height }, () => Array.from({ length: width }, () => ''));
  const byRow: ViewCell[][] = Array.from({ length: height }, () => []);
  const merges: ViewTable['merges'] = [];
  for (const c of [...cells].sort((a, b) => a.StartRow - b.StartRow || a.StartColumn - b.StartColumn)) {
    const row = grid[c.StartRow];
    if (row) row[c.StartColumn] = flat(c);
    const rowSpan = span(c.StartRow, c.EndRow);
    const colSpan = span(c.StartColumn, c.EndColumn);
    byRow[c.StartRow]?.push({ text: c.Texts.join('\n'), rowSpan, colSpan });
    if (rowSpan > 1 || colSpan > 1) merges.push({ row: c.StartRow, col: c.StartColumn, rowSpan, colSpan });
  }
  return { rows: byRow, grid, merges };
}

export default defineDocument({
  id: 'table',
  point: '2582-10',
  titleKey: 'doc_table',
  // json: the cells are what the popup shows and copies; the HTML rendering is ours
  request: (url) => ({ ImageURL: url, OutputFormat: 'json', AssureDirection: 'true' }),
  data: tableData,
  view: (data, t) => ({
    fields: [],
    tables: data.Tables.map((tb, i) => ({
      title: t('table_nth', i + 1),
      head: tb.Head,
      tail: tb.Tail,
      ...layoutTable(tb.TableRows),
    })),
    lines: [],
  }),
  summary: (data, t) => [t('summary_tables', data.Tables.length)],
  fillable: false,
  maxBytes: IMAGE_MAX_BYTES,
});
