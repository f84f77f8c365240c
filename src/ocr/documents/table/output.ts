import type { z } from 'zod';
import type { tableData } from '../../../protocol/points/2582-10';
import { textRows, type Placed } from './cells';
import type { Table } from './grid';

/*
 * The 2582-10 Data. TableRows[i].TableColumns holds the cells that start in grid row i,
 * left to right (a cell spanning rows appears once, in its first row), as an HTML table
 * lists them. FileContent is the HTML of all tables (rowspan/colspan, text escaped, a
 * cell's lines joined by <br>), or with OutputFormat=json the JSON text of Tables.
 */

export type TableData = z.infer<typeof tableData>;
type OutTable = TableData['Tables'][number];

/** Text beside a table and the nearest table above or below it. */
export function headsAndTails(tables: Table[], free: Placed[]): { head: Placed[]; tail: Placed[] }[] {
  const out = tables.map(() => ({ head: [] as Placed[], tail: [] as Placed[] }));
  for (const line of free) {
    let best = -1, bestDistance = Infinity, above = false;
    tables.forEach((t, i) => {
      const left = t.xs[0]!, right = t.xs[t.xs.length - 1]!, top = t.ys[0]!, bottom = t.ys[t.ys.length - 1]!;
      // a line beside a table, not above or below any part of it, belongs to neither
      if (line.box.right <= left || line.box.left >= right) return;
      const cy = (line.box.top + line.box.bottom) / 2;
      const distance = cy < top ? top - line.box.bottom : cy > bottom ? line.box.top - bottom : Infinity;
      if (distance < bestDistance) [best, bestDistance, above] = [i, distance, cy < top];
    });
    if (best >= 0) out[best]![above ? 'head' : 'tail'].push(line);
  }
  return out;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function tableHtml(table: OutTable): string {
  const rows = table.TableRows.map(({ TableColumns }) => {
    const cells = TableColumns.map((c) => {
      const rs = c.EndRow - c.StartRow, cs = c.EndColumn - c.StartColumn;
      const attrs = (rs > 1 ? ` rowspan="${rs}"` : '') + (cs > 1 ? ` colspan="${cs}"` : '');
      return `<td${attrs}>${c.Texts.map(escapeHtml).join('<br>')}</td>`;
    });
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table>${rows.join('')}</table>`;
}

export function buildData(tables: Table[], cellLines: Placed[][][], free: Placed[], format: 'html' | 'json'): TableData {
  const around = headsAndTails(tables, free);
  const Tables: OutTable[] = tables.map((table, ti) => {
    const rows = Array.from({ length: table.ys.length - 1 }, () => ({ TableColumns: [] as OutTable['TableRows'][number]['TableColumns'] }));
    table.cells.forEach((c, ci) => {
      rows[c.row]!.TableColumns.push({
        Texts: textRows(cellLines[ti]![ci]!),
        StartRow: c.row,
        StartColumn: c.col,
        EndRow: c.rowEnd,
        EndColumn: c.colEnd,
        Width: Math.round(c.right - c.left),
        Height: Math.round(c.bottom - c.top),
      });
    });
    for (const row of rows) row.TableColumns.sort((a, b) => a.StartColumn - b.StartColumn);
    return {
      Head: textRows(around[ti]!.head).join('\n'),
      Tail: textRows(around[ti]!.tail).join('\n'),
      TableRows: rows,
    };
  });
  if (format === 'json') return { Tables, FileContent: JSON.stringify(Tables) };
  const html = Tables.length ? `<html><body>${Tables.map(tableHtml).join('')}</body></html>` : '';
  return { Tables, FileContent: html };
}
