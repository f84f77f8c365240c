import { z } from 'zod';
import { fileTypes, type vatInvoiceData } from '../../protocol/points/2582-22';
import { defineExtractor } from './extractor';
import { assemble } from './vat_invoice/assemble';
import { readImage, readPdf } from './vat_invoice/source';

/*
 * 2582-22 value-added-tax invoices: paper special (专用) and normal (普通) invoices, the
 * electronic normal invoice (10/12-digit code + 8-digit number) and the fully digital
 * (全电/数电) invoice with its 20-digit number; from an image (OCR) or a PDF (the first page
 * holding an invoice: its text layer, or OCR of the rendered page when it is scanned).
 * Box coordinates are image pixels, or for a PDF the page's pixels at 144 dpi (pdf/index.ts).
 * The gateway has already checked that FileType agrees with the bytes (PDF versus image).
 */

const options = z.object({
  fileType: z.enum(fileTypes).optional(),
});

type VatInvoiceData = z.infer<typeof vatInvoiceData>;

export default defineExtractor({
  kind: 'vat_invoice',
  point: '2582-22',
  options,
  async extract(image, _options, notes): Promise<VatInvoiceData> {
    return assemble(await readImage(image), notes);
  },
  async extractPdf(pdf, _options, notes): Promise<VatInvoiceData> {
    return assemble(await readPdf(pdf.bytes, notes), notes);
  },
});
