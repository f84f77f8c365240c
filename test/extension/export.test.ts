import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { layoutTable } from '../../src/extension/lib/documents/table';
import { writeCsv } from '../../src/extension/lib/export/csv';
import { amountOf, historySheets, tableSheet } from '../../src/extension/lib/export/sheets';
import { columnLetter, writeXlsx } from '../../src/extension/lib/export/xlsx';
import { translator } from '../../src/extension/lib/i18n';
import type { HistoryEntry } from '../../src/protocol/messages';
import * as fx from './fixtures/data';

/*
 * The export written by the real writers and read back with ExcelJS (and csv-parse): what finance
 * opens. Sheets per document type, a row per document, amounts as numbers with a totals row that
 * holds its value, the goods lines of the invoices, a table's merged cells, CSV in UTF-8 with BOM.
 */

const t = translator('zh_CN');
const when = (at: number) => new Date(at).toISOString().slice(0, 10);
const e = (id: string, docId: HistoryEntry['docId'], data: unknown, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  at: Date.UTC(2024, 2, Number(id.replace(/\D/g, '')) || 1),
  docId,
  status: 'ok',
  source: { via: 'file', pageUrl: '', srcUrl: '', fileName: `${id}.pdf` },
  data,
  ...extra,
});

const items = [
  { Name: '*餐饮服务*餐饮费', Spec: '', Unit: '次', Quantity: '1', UnitPrice: '52.70', Amount: '52.70', TaxRate: '13%', Tax: '6.85' },
];
const vat2 = { ...fx.vatData, Items: [], Content: { ...fx.vatData.Content, InvoiceNo: '22222222', WithoutTaxAmount: '100.00', TaxAmount: '6.00', InvoiceAmount: '106.00' } };
const entries: HistoryEntry[] = [
  e('v1', 'vat', { ...fx.vatData, Items: items }),
  e('v2', 'vat', vat2, { duplicateOf: { id: 'v0', at: Date.UTC(2024, 1, 1), source: '旧发票.pdf' } }),
  e('p3', 'plate', fx.plateData),
  e('t4', 'train', fx.trainData),
  e('x5', 'vat', undefined, { status: 'error', error: { key: 'err_network', subs: [] } }),
  e('tb6', 'table', fx.tableData),
];

async function readBack(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  return wb;
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe('XLSX export', () => {
  it('writes a sheet per document type with a row per document and a totals row', async () => {
    const wb = await readBack(await writeXlsx(historySheets(entries, t, when), t('export_total')));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['车牌', '火车票', '增值税发票', '发票明细', '表格 1']);
    const vat = wb.getWorksheet('增值税发票')!;
    const header = rowValues(vat, 1) as string[];
    expect(header.slice(0, 4)).toEqual(['来源', '识别时间', '发票代码', '发票号码']);
    expect(header.at(-1)).toBe('查重');
    const col = (name: string) => header.indexOf(name) + 1;
    expect(vat.getRow(2).getCell(col('发票号码')).value).toBe('12345678');
    expect(vat.getRow(3).getCell(col('发票号码')).value).toBe('22222222');
    // amounts are numbers, so the spreadsheet can sum them
    expect(vat.getRow(2).getCell(col('价税合计（小写）')).value).toBe(59.55);
    expect(vat.getRow(3).getCell(col('查重')).value).toBe('重复：已于 2024-02-01 从 旧发票.pdf 识别过');
    // the failed read is not a row; the totals row follows the two invoices
    expect(vat.rowCount).toBe(4);
    const total = vat.getRow(4);
    expect(total.getCell(1).value).toBe('合计');
    const letter = columnLetter(col('价税合计（小写）'));
    expect(total.getCell(col('价税合计（小写）')).value).toEqual({ formula: `SUM(${letter}2:${letter}3)`, result: 165.55 });
    expect(total.getCell(col('合计税额')).value).toMatchObject({ result: 12.85 });
  });

  it('a row per plate when one photo holds several, and the train price summed', async () => {
    const wb = await readBack(await writeXlsx(historySheets(entries, t, when), t('export_total')));
    const plates = wb.getWorksheet('车牌')!;
    expect([plates.getRow(2).getCell(3).value, plates.getRow(3).getCell(3).value]).toEqual(['皖AYL375', '沪AF71017']);
    const train = wb.getWorksheet('火车票')!;
    expect(rowValues(train, 3)[0]).toBe('合计');
    expect(train.getRow(3).getCell((rowValues(train, 1) as string[]).indexOf('票价') + 1).value).toMatchObject({ result: 553.5 });
  });

  it('puts the goods lines of the invoices on their own sheet, with totals', async () => {
    const wb = await readBack(await writeXlsx(historySheets(entries, t, when), t('export_total')));
    const lines = wb.getWorksheet('发票明细')!;
    expect(rowValues(lines, 1)).toEqual(['发票号码', '开票日期', '销售方名称', '货物或应税劳务、服务名称', '规格型号', '单位', '数量', '单价', '金额', '税率', '税额']);
    expect(rowValues(lines, 2)).toEqual(['12345678', '2023年05月08日', '北京示例餐饮有限公司', '*餐饮服务*餐饮费', '', '次', '1', '52.70', 52.7, '13%', 6.85]);
    expect(lines.getRow(3).getCell(9).value).toMatchObject({ result: 52.7 });
  });

  it('writes a recognized table with its merged cells', async () => {
    const tb = fx.tableData.Tables[0]!;
    const wb = await readBack(await writeXlsx([tableSheet({ title: '表格 1', head: tb.Head, tail: tb.Tail, ...layoutTable(tb.TableRows) }, '表格 1')], '合计'));
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe('地区');
    expect(ws.getCell('A2').isMerged).toBe(true);
    expect(ws.getCell('A2').master.address).toBe('A1');
    expect(ws.getCell('C1').master.address).toBe('B1');
    expect(ws.getCell('A3').value).toBe('华东');
  });

  it('reads amounts as printed: ¥ and thousands separators dropped, text kept', () => {
    expect(amountOf('¥1,234.50')).toBe(1234.5);
    expect(amountOf('')).toBe('');
    expect(amountOf('***')).toBe('***');
    expect(columnLetter(27)).toBe('AA');
  });
});

describe('CSV export', () => {
  it('is UTF-8 with a BOM, one row per document, VAT and taxi numbers in one column', () => {
    const text = writeCsv(historySheets([...entries, e('k7', 'taxi', fx.taxiData)], t, when), t);
    expect(text.startsWith('\ufeff')).toBe(true);
    const rows: string[][] = parse(text, { bom: true });
    const header = rows[0]!;
    expect(header.slice(0, 3)).toEqual(['类型', '来源', '识别时间']);
    const no = header.indexOf('发票号码');
    expect(rows.filter((r) => r[0] === '增值税发票').map((r) => r[no])).toEqual(['12345678', '22222222']);
    expect(rows.find((r) => r[0] === '出租车发票')![no]).toBe('88234567');
    expect(rows.filter((r) => r[0] === '车牌')).toHaveLength(2);
    expect(rows.some((r) => r[0] === '表格 1' || r[0] === '发票明细')).toBe(false);
  });
});
