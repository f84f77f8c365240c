// the browser build: the plain one reaches for Node's Buffer (its BOM, its option checks)
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { Translate } from '../i18n';
import type { Cell, Sheet } from './sheets';

/*
 * The history as one CSV table (csv-stringify): a CSV has no sheets, so the columns of every
 * document type are laid side by side, a column per distinct header (发票号码 of a VAT and of a taxi
 * invoice is one column), with the type first. UTF-8 with a byte order mark, or spreadsheet
 * programs read the Chinese as mojibake. Table and text results have no fields and are left to
 * the XLSX export.
 */

export function writeCsv(sheets: Sheet[], t: Translate): string {
  const docSheets = sheets.filter((s) => s.kind === 'document');
  const headers: string[] = [];
  for (const s of docSheets) for (const c of s.columns) if (!headers.includes(c.header)) headers.push(c.header);
  const rows: Cell[][] = [];
  for (const s of docSheets) {
    const at = s.columns.map((c) => headers.indexOf(c.header));
    for (const r of s.rows) {
      const out: Cell[] = Array.from({ length: headers.length }, () => '');
      r.forEach((v, i) => (out[at[i]!] = v));
      rows.push([s.name, ...out]);
    }
  }
  return stringify([[t('export_type'), ...headers], ...rows], { bom: true, record_delimiter: 'windows' });
}
