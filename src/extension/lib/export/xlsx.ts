import type { Workbook } from 'exceljs';
import type { Sheet } from './sheets';

/*
 * Sheets to an .xlsx file with ExcelJS (MIT), loaded only when the user exports: it is most of a
 * megabyte, and the popup's first paint must not pay for it. Totals are SUM formulas with their
 * value stored, so the file shows them at once and keeps them right when finance edits a row.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's rules for sheet names: 31 characters, none of []:*?/\, unique in the workbook. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 27)} (${n})`;
  taken.add(name.toLowerCase());
  return name;
}

/** A1-style column letters of a 1-based column. */
export function columnLetter(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

function addSheet(wb: Workbook, sheet: Sheet, name: string, totalLabel: string): void {
  const ws = wb.addWorksheet(name);
  // a table has no header row: its first rows are the table's own
  const top = sheet.kind === 'table' ? 1 : 2; // the spreadsheet row of the first body row
  if (sheet.kind !== 'table') {
    const header = ws.addRow(sheet.columns.map((c) => c.header));
    header.font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  }
  for (const row of sheet.rows) ws.addRow(row);
  sheet.columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    col.width = Math.min(60, Math.max(8, c.header.length * 2 + 2, ...sheet.rows.map((r) => String(r[i] ?? '').length + 2)));
    if (c.amount) col.numFmt = '0.00';
  });
  if (sheet.totals && sheet.rows.length > 0) {
    const last = top + sheet.rows.length - 1;
    const totals = ws.addRow(
      sheet.columns.map((c, i) => {
        if (i === 0) return totalLabel;
        if (!c.amount) return '';
        const result = sheet.rows.reduce((sum, r) => sum + (typeof r[i] === 'number' ? (r[i] as number) : 0), 0);
        const letter = columnLetter(i + 1);
        return { formula: `SUM(${letter}${top}:${letter}${last})`, result: Math.round(result * 100) / 100 };
      }),
    );
    totals.font = { bold: true };
  }
  for (const m of sheet.merges) ws.mergeCells(top + m.row, m.col + 1, top + m.row + m.rowSpan - 1, m.col + m.colSpan);
}

/** Starts loading ExcelJS ahead of an export (the import is shared with writeXlsx's). */
export function preloadXlsx(): Promise<unknown> {
  return import('exceljs');
}

/** The workbook as bytes. `totalLabel` is 合计 or Total. */
export async function writeXlsx(sheets: Sheet[], totalLabel: string): Promise<Uint8Array<ArrayBuffer>> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'recognition-extension';
  const taken = new Set<string>();
  for (const s of sheets) addSheet(wb, s, sheetName(s.name, taken), totalLabel);
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
