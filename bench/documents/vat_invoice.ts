import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { vatInvoiceCases } from '../../test/support/synth/documents/vat-invoice';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-22 VAT invoices: the corpus's 6 files (2 PDFs with a text layer, a rendered e-invoice,
 * two phone photos of paper invoices, a specimen) and synthetic invoices of the four layouts
 * as PNG, phone photo, PDF with a text layer and scanned PDF. Scored on Data.Content.
 */

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

/** Ground truth names of the corpus (its sources' own) → Content fields. */
export const GROUND_TRUTH_FIELDS: Record<string, string> = {
  InvoiceCode: 'InvoiceCode',
  InvoiceNum: 'InvoiceNo',
  InvoiceDate: 'InvoiceDate',
  CheckCode: 'AntiFakeCode',
  PurchaserName: 'PayerName',
  PurchaserRegisterNum: 'PayerRegisterNo',
  SellerName: 'PayeeName',
  SellerRegisterNum: 'PayeeRegisterNo',
  TotalAmount: 'WithoutTaxAmount',
  TotalTax: 'TaxAmount',
  AmountInFiguers: 'InvoiceAmount',
  AmountInWords: 'SumAmount',
};

/**
 * The transcribers typed ASCII parentheses in company names; invoices print full-width ones
 * (Chinese punctuation is kept as printed, DESIGN.md §5).
 */
const printedForm = (field: string, value: string) => (/Name$/.test(field) ? value.replace(/\(/g, '（').replace(/\)/g, '）') : value);

export function vatGroundTruth(truth: Record<string, unknown>): Record<string, string> {
  const expected: Record<string, string> = {};
  for (const [source, field] of Object.entries(GROUND_TRUTH_FIELDS)) {
    if (typeof truth[source] === 'string') expected[field] = printedForm(field, truth[source] as string);
  }
  return expected;
}

const fileTypeOf = (file: string) => (file.endsWith('.pdf') ? 'pdf' : file.endsWith('.jpg') ? 'jpg' : 'png');

export const vatInvoiceBench: DocumentBench = {
  type: 'vat_invoice',
  kind: 'vat_invoice',
  async corpus() {
    if (!existsSync(`${corpusDir}manifest.json`)) return [];
    const manifest = JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as { file: string; type: string; ground_truth: Record<string, unknown> | null }[];
    return manifest
      .filter((entry) => entry.type === 'vat_invoice' && entry.ground_truth)
      .map(
        (entry): DocumentCase => ({
          name: entry.file,
          source: 'corpus',
          bytes: new Uint8Array(readFileSync(`${corpusDir}${entry.file}`)),
          options: { fileType: fileTypeOf(entry.file) },
          expected: vatGroundTruth(entry.ground_truth!),
        }),
      );
  },
  async synthetic(count, seed) {
    return (await vatInvoiceCases(count, seed)).map(
      (c): DocumentCase => ({
        name: c.name,
        source: 'synthetic',
        bytes: c.bytes,
        options: { fileType: c.fileType },
        // the fields the layout prints; that absent ones stay empty is asserted by the golden tests
        expected: Object.fromEntries(Object.entries(c.expected).filter(([, v]) => v !== '')),
      }),
    );
  },
  flatten(data) {
    const content = (data as { Content?: Record<string, FieldValue> }).Content ?? {};
    return { ...content };
  },
};
