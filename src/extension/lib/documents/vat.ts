import type { z } from 'zod';
import { FILE_MAX_BYTES } from '../../../protocol/limits';
import { vatInvoiceData, vatItemFields } from '../../../protocol/points/2582-22';
import type { Translate } from '../i18n';
import { type ViewTable, compact, defineDocument, flatFields, yuan } from './types';

/** The goods lines as a table: a head row of the column names, one row per line; none when there are no lines. */
function itemsTable(items: z.infer<typeof vatInvoiceData>['Items'], t: Translate): ViewTable[] {
  if (items.length === 0) return [];
  const grid = [vatItemFields.map((f) => t(`vat_item_${f}`)), ...items.map((item) => vatItemFields.map((f) => item[f]))];
  const rows = grid.map((row) => row.map((text) => ({ text, rowSpan: 1, colSpan: 1 })));
  return [{ title: t('vat_items'), head: '', tail: '', rows, grid, merges: [] }];
}

/**
 * What identifies an invoice (发票查重): the code and the number of an old-style invoice, or the
 * 20-digit number of a 数电票 alone (it has no code). Both are checked when both are there.
 */
export function invoiceKeys(code: string, no: string): string[] {
  const c = code.replace(/\s/g, '');
  const n = no.replace(/\s/g, '');
  const keys: string[] = [];
  if (/^\d{20}$/.test(n)) keys.push(`inv:${n}`);
  if (c && n) keys.push(`inv:${c}-${n}`);
  return keys;
}

export default defineDocument({
  id: 'vat',
  point: '2582-22',
  titleKey: 'doc_vat',
  // FileType only has to agree with the bytes on the family: PDF, OFD, XML or image (DESIGN.md §5)
  request: (url, kind) => ({ FileURL: url, FileType: kind === 'image' ? 'jpg' : kind }),
  data: vatInvoiceData,
  view: (data, t) => ({
    // in the order the fields are printed and typed into reimbursement forms
    fields: flatFields(
      data.Content,
      {
        InvoiceCode: 'field_InvoiceCode',
        InvoiceNo: 'field_InvoiceNo',
        InvoiceDate: 'field_InvoiceDate',
        AntiFakeCode: 'field_AntiFakeCode',
        PayerName: 'field_PayerName',
        PayerRegisterNo: 'field_PayerRegisterNo',
        PayerAddress: 'field_PayerAddress',
        PayerBankName: 'field_PayerBankName',
        WithoutTaxAmount: 'field_WithoutTaxAmount',
        TaxAmount: 'field_TaxAmount',
        InvoiceAmount: 'field_InvoiceAmount',
        SumAmount: 'field_SumAmount',
        PayeeName: 'field_PayeeName',
        PayeeRegisterNo: 'field_PayeeRegisterNo',
        PayeeAddress: 'field_PayeeAddress',
        PayeeBankName: 'field_PayeeBankName',
        Payee: 'field_Payee',
        Checker: 'field_Checker',
        Clerk: 'field_Clerk',
        // the title as printed (电子发票（普通发票）): what a form's invoice-type choice needs
        InvoiceType: 'field_InvoiceType',
      },
      t,
    ),
    tables: itemsTable(data.Items, t),
    lines: [],
  }),
  mainValue: (data) => data.Content.InvoiceNo || undefined,
  keyFields: ['InvoiceType', 'InvoiceNo', 'InvoiceCode', 'InvoiceDate', 'InvoiceAmount', 'WithoutTaxAmount', 'TaxAmount', 'PayeeName', 'PayerName'],
  summary: (data) => compact(data.Content.InvoiceNo, yuan(data.Content.InvoiceAmount), data.Content.PayeeName),
  duplicateKeys: (data) => invoiceKeys(data.Content.InvoiceCode, data.Content.InvoiceNo),
  amountKeys: ['WithoutTaxAmount', 'TaxAmount', 'InvoiceAmount'],
  fillable: true,
  maxBytes: FILE_MAX_BYTES,
});
