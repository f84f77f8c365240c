import type { HistoryEntry } from '../../../protocol/messages';
import { type DocumentType, type ViewField, type ViewTable, docIds, documentOf } from '../documents/index';
import { sourceLabel } from '../history-index';
import type { Translate } from '../i18n';

/*
 * What an export holds, before any file format: sheets of rows. From the history: a sheet per
 * document type with a row per document (several plates or invoices in one image are several
 * rows), amounts as numbers with a totals row, the invoices' goods lines on a sheet of their own,
 * and each recognized table on a sheet with its merged cells. xlsx.ts writes them with ExcelJS,
 * csv.ts flattens them into one table.
 */

export type Cell = string | number;

export interface Column {
  header: string;
  /** amounts: numbers in the sheet, summed in the totals row */
  amount?: boolean;
}

export interface Sheet {
  /** a document type's fields, the invoices' goods lines, a recognized table, general text */
  kind: 'document' | 'items' | 'table' | 'text';
  name: string;
  columns: Column[];
  rows: Cell[][];
  /** a last row 合计 with the sum of each amount column */
  totals: boolean;
  /** 0-based positions of the body (row 0 is the first row under the header) */
  merges: ViewTable['merges'];
}

/** "59.55", "¥1,234.50" → 59.55 / 1234.5; text that is not an amount stays text. */
export function amountOf(value: string): Cell {
  const clean = value.replace(/[¥￥,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : value;
}

function viewOf(e: HistoryEntry, t: Translate) {
  const doc = documentOf(e.docId);
  const parsed = doc.data.safeParse(e.data);
  return parsed.success ? { doc, data: parsed.data, view: doc.view(parsed.data, t) } : undefined;
}

/** One row per group of fields (one plate, one invoice); a view without groups is one row. */
function groupsOf(fields: ViewField[]): ViewField[][] {
  const groups: ViewField[][] = [];
  let last: string | undefined = '\u0000';
  for (const f of fields) {
    if (f.group !== last || groups.length === 0) groups.push([]);
    last = f.group;
    groups.at(-1)!.push(f);
  }
  return groups;
}

function documentSheet(doc: DocumentType<any>, entries: HistoryEntry[], t: Translate, when: (at: number) => string): Sheet {
  const amountKeys = new Set(doc.amountKeys ?? []);
  const keys: string[] = [];
  const labels = new Map<string, string>();
  const records: { e: HistoryEntry; values: Map<string, string> }[] = [];
  for (const e of entries) {
    const v = viewOf(e, t);
    if (!v) continue;
    for (const group of groupsOf(v.view.fields)) {
      const values = new Map<string, string>();
      for (const f of group) {
        if (!labels.has(f.key)) (keys.push(f.key), labels.set(f.key, f.label));
        values.set(f.key, f.value);
      }
      records.push({ e, values });
    }
  }
  const columns: Column[] = [
    { header: t('export_source') },
    { header: t('export_read_at') },
    ...keys.map((k) => ({ header: labels.get(k)!, amount: amountKeys.has(k) })),
    { header: t('export_duplicate') },
  ];
  const rows = records.map(({ e, values }) => [
    sourceLabel(e),
    when(e.at),
    ...keys.map((k) => (amountKeys.has(k) ? amountOf(values.get(k) ?? '') : (values.get(k) ?? ''))),
    e.duplicateOf ? t('duplicate_of', when(e.duplicateOf.at), e.duplicateOf.source) : '',
  ]);
  return { kind: 'document', name: t(doc.titleKey), columns, rows, totals: amountKeys.size > 0 && rows.length > 0, merges: [] };
}

/** The goods and service lines of the invoices (DESIGN.md §5 `Data.Items`), one row each. */
function itemsSheet(entries: HistoryEntry[], t: Translate): Sheet | undefined {
  const fields = ['Name', 'Spec', 'Unit', 'Quantity', 'UnitPrice', 'Amount', 'TaxRate', 'Tax'] as const;
  const rows: Cell[][] = [];
  for (const e of entries) {
    const data = e.data as { Content?: Record<string, string>; Items?: unknown };
    if (!Array.isArray(data?.Items)) continue;
    for (const raw of data.Items as Record<string, unknown>[]) {
      const text = (k: string) => (typeof raw?.[k] === 'string' ? (raw[k] as string) : '');
      const c = data.Content ?? {};
      rows.push([
        c.InvoiceNo ?? '',
        c.InvoiceDate ?? '',
        c.PayeeName ?? '',
        ...fields.map((f) => (f === 'Amount' || f === 'Tax' ? amountOf(text(f)) : text(f))),
      ]);
    }
  }
  if (rows.length === 0) return undefined;
  const columns: Column[] = [
    { header: t('field_InvoiceNo') },
    { header: t('field_InvoiceDate') },
    { header: t('field_PayeeName') },
    ...fields.map((f) => ({ header: t(`item_${f}`), amount: f === 'Amount' || f === 'Tax' })),
  ];
  return { kind: 'items', name: t('export_items_sheet'), columns, rows, totals: true, merges: [] };
}

/** A recognized table as it was laid out, its spanning cells merged. */
export function tableSheet(table: ViewTable, name: string): Sheet {
  const width = Math.max(0, ...table.grid.map((r) => r.length));
  return { kind: 'table', name, columns: Array.from({ length: width }, () => ({ header: '' })), rows: table.grid, totals: false, merges: table.merges };
}

function textSheet(entries: HistoryEntry[], t: Translate, when: (at: number) => string): Sheet {
  const rows = entries.flatMap((e) => {
    const v = viewOf(e, t);
    return v ? [[sourceLabel(e), when(e.at), v.view.lines.join('\n')]] : [];
  });
  return { kind: 'text', name: t('doc_text'), columns: [{ header: t('export_source') }, { header: t('export_read_at') }, { header: t('export_text') }], rows, totals: false, merges: [] };
}

/** The sheets of an export of `entries` (finished ones; the others have nothing to export). */
export function historySheets(entries: HistoryEntry[], t: Translate, when: (at: number) => string): Sheet[] {
  const ok = entries.filter((e) => e.status === 'ok').sort((a, b) => a.at - b.at);
  const sheets: Sheet[] = [];
  for (const id of docIds) {
    const mine = ok.filter((e) => e.docId === id);
    if (mine.length === 0) continue;
    if (id === 'table') {
      let n = 0;
      for (const e of mine) for (const tb of viewOf(e, t)?.view.tables ?? []) sheets.push(tableSheet(tb, `${t('doc_table')} ${++n}`));
    } else if (id === 'text') sheets.push(textSheet(mine, t, when));
    else sheets.push(documentSheet(documentOf(id), mine, t, when));
    if (id === 'vat') {
      const items = itemsSheet(mine, t);
      if (items) sheets.push(items);
    }
  }
  return sheets;
}
