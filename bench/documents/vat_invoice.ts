import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { openPdf } from '../../src/ocr/pdf/index';
import { einvoiceXml, oldStyleOfd, shudianOfd } from '../../test/support/einvoice';
import { qrPng, vatQrPayload } from '../../test/support/qr';
import { expectedContent, vatInvoiceCases } from '../../test/support/synth/documents/vat-invoice';
import { vatValues } from '../../test/support/synth/documents/vat-invoice-values';
import { seeded } from '../../test/support/synth/text';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-22 VAT invoices, each source's rows tagged by format (pdf, image, ofd, xml) so that OFD,
 * XML, PDF and image invoices are reported apart:
 *  - corpus: the main corpus's 6 files (2 PDFs with a text layer, a rendered e-invoice, two phone
 *    photos of paper invoices, a specimen) and, when ../shared/corpus/einvoice is there, its 12
 *    OFD invoices, 2 XML and 1 PDF against their ground truth, and its 6 OFDs that are not
 *    invoices (scored on being answered as not an invoice, tag "ofd, not invoices"); and the
 *    corpus's PDF invoices rendered to PNG at 144 dpi and read as images (tag "image, rendered"),
 *    as invoices captured from a screen or a web page reach the gateway (those that embed their
 *    fonts: pdf.js in Node has no Chinese fonts of its own and draws the others' text as boxes,
 *    where a viewer would use the system's);
 *  - synthetic: invoices of the four layouts as PNG, phone photo, PDF with a text layer and
 *    scanned PDF, plus OFDs written as the tax platform and the tax-control system write them
 *    (tags and CustomDatas, an original_invoice.xml attachment, or the page alone, with a QR
 *    image) and the platform's XML.
 * Scored on Data.Content.
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
 * (Chinese punctuation is kept as printed, DESIGN.md §5). Dates the files store as 2026-06-04 are
 * written 2026年06月04日 (DESIGN.md §5).
 */
const printedForm = (field: string, value: string) =>
  /Name$/.test(field) ? value.replace(/\(/g, '（').replace(/\)/g, '）') : field === 'InvoiceDate' ? value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1年$2月$3日') : value;

/**
 * The main corpus's InvoiceType is the kind without its province (增值税电子普通发票), the
 * e-invoice corpus's the title as printed, which is what Content.InvoiceType is: only the latter is scored.
 */
export function vatGroundTruth(truth: Record<string, unknown>, withTitle = false): Record<string, string> {
  const expected: Record<string, string> = {};
  const fields = withTitle ? { InvoiceType: 'InvoiceType', ...GROUND_TRUTH_FIELDS } : GROUND_TRUTH_FIELDS;
  for (const [source, field] of Object.entries(fields)) {
    if (typeof truth[source] === 'string') expected[field] = printedForm(field, truth[source] as string);
  }
  return expected;
}

const fileTypeOf = (file: string) => (file.endsWith('.pdf') ? 'pdf' : file.endsWith('.jpg') ? 'jpg' : 'png');

interface ManifestEntry {
  file: string;
  type: string;
  format?: string;
  ground_truth: Record<string, unknown> | null;
}

const readManifest = (path: string): ManifestEntry[] => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ManifestEntry[]) : []);

function corpusCases(): DocumentCase[] {
  const main = readManifest(`${corpusDir}manifest.json`)
    .filter((e) => e.type === 'vat_invoice' && e.ground_truth)
    .map((e): DocumentCase => ({
      name: e.file,
      source: 'corpus',
      bytes: new Uint8Array(readFileSync(`${corpusDir}${e.file}`)),
      options: { fileType: fileTypeOf(e.file) },
      expected: vatGroundTruth(e.ground_truth!),
      tags: [fileTypeOf(e.file) === 'pdf' ? 'pdf' : 'image'],
    }));
  const einvoice = readManifest(`${corpusDir}einvoice/manifest.json`)
    .filter((e) => e.type === 'vat_invoice' && e.ground_truth)
    .map((e): DocumentCase => {
      const notInvoice = e.ground_truth!.IsInvoice === false;
      return {
        name: e.file,
        source: 'corpus',
        bytes: new Uint8Array(readFileSync(`${corpusDir}${e.file}`)),
        options: { fileType: e.format },
        expected: notInvoice ? { IsInvoice: 'no' } : vatGroundTruth(e.ground_truth!, true),
        tags: [notInvoice ? `${e.format}, not invoices` : e.format!],
      };
    });
  return [...main, ...einvoice];
}

/** A PDF's first page as the PNG a screen capture or a web page's render of it would be. */
async function rendered(c: DocumentCase): Promise<DocumentCase> {
  const pdf = await openPdf(c.bytes);
  try {
    const page = await pdf.render(1);
    const png = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 3 } }).png().toBuffer();
    return { ...c, name: `${c.name} (rendered)`, bytes: new Uint8Array(png), options: { fileType: 'png' }, tags: ['image, rendered'] };
  } finally {
    await pdf.close();
  }
}

const printed = (expected: Record<string, string>) => Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== ''));

/** Electronic files written as the issuers write them: `count` OFDs in four forms, half as many XMLs. */
async function fileCases(count: number, seed: number): Promise<DocumentCase[]> {
  const cases: DocumentCase[] = [];
  for (let i = 0; i < count; i++) {
    const form = i % 4;
    const v = vatValues(seeded(seed * 1000 + 500 + i), form < 2 ? 'digital' : 'electronic');
    const qr = await qrPng(vatQrPayload(v));
    const bytes = [
      () => shudianOfd(v, { tags: true, customData: true, qr }),
      () => shudianOfd(v, { converted: true, qr }),
      () => oldStyleOfd(v, { attachment: true, qr }),
      () => oldStyleOfd(v, { qr }),
    ][form]!();
    const name = ['ofd-tags', 'ofd-converted', 'ofd-attachment', 'ofd-page'][form]!;
    cases.push({ name: `${name}-${seed}-${i}`, source: 'synthetic', bytes, options: { fileType: 'ofd' }, expected: printed(expectedContent(v)), tags: ['ofd'] });
  }
  for (let i = 0; i < Math.ceil(count / 2); i++) {
    const v = vatValues(seeded(seed * 1000 + 700 + i), 'digital');
    cases.push({ name: `xml-${seed}-${i}`, source: 'synthetic', bytes: new Uint8Array(Buffer.from(einvoiceXml(v))), options: { fileType: 'xml' }, expected: printed(expectedContent(v)), tags: ['xml'] });
  }
  return cases;
}

const VARIANT_TAGS: Record<string, string> = { clean: 'image', photo: 'image', pdf: 'pdf', scan: 'pdf, scanned' };

export const vatInvoiceBench: DocumentBench = {
  type: 'vat_invoice',
  kind: 'vat_invoice',
  async corpus() {
    const cases = corpusCases();
    const embedsFonts = (c: DocumentCase) => Buffer.from(c.bytes).includes('/FontFile');
    const pdfs = cases.filter((c) => c.tags?.[0] === 'pdf' && embedsFonts(c));
    return [...cases, ...(await Promise.all(pdfs.map(rendered)))];
  },
  async synthetic(count, seed) {
    const rendered = (await vatInvoiceCases(count, seed)).map(
      (c): DocumentCase => ({
        name: c.name,
        source: 'synthetic',
        bytes: c.bytes,
        options: { fileType: c.fileType },
        // the fields the layout prints; that absent ones stay empty is asserted by the golden tests
        expected: printed(c.expected),
        tags: [VARIANT_TAGS[c.variant]!],
      }),
    );
    return [...rendered, ...(await fileCases(Math.max(8, Math.round(count / 3)), seed))];
  },
  flatten(data, result) {
    const content = (data as { Content?: Record<string, FieldValue> }).Content ?? {};
    return { ...content, IsInvoice: result?.notThisDocument ? 'no' : 'yes' };
  },
};
