import { z } from 'zod';
import { fileTypes } from '../../protocol/points/2582-22';
import { defineExtractor } from './extractor';
import { assemble } from './vat_invoice/assemble';
import { readOfd } from './vat_invoice/ofd';
import type { VatInvoiceData } from './vat_invoice/reading';
import { readImagePage, readPdf } from './vat_invoice/source';
import { readXml } from './vat_invoice/xml';

/*
 * 2582-22 value-added-tax invoices: paper special (专用) and normal (普通) invoices, the
 * electronic normal invoice (10/12-digit code + 8-digit number), the fully digital
 * (全电/数电) invoice with its 20-digit number and the railway e-ticket; from an image (OCR and
 * its QR code), a PDF (the first page holding an invoice: its text layer, or OCR of the
 * rendered page when it is scanned), an OFD (its structured data, then its page text) or the
 * tax platform's XML. Box coordinates are image pixels, or for a PDF or OFD the page's pixels
 * at 144 dpi. The gateway has already checked that FileType agrees with the bytes.
 */

const options = z.object({
  fileType: z.enum(fileTypes).optional(),
});

export default defineExtractor({
  kind: 'vat_invoice',
  point: '2582-22',
  options,
  async extract(image, _options, notes): Promise<VatInvoiceData> {
    const { lines, qr } = await readImagePage(image);
    return assemble(lines, notes, { source: 'image', qr });
  },
  files: ['pdf', 'ofd', 'xml'],
  async extractFile(file, _options, notes): Promise<VatInvoiceData> {
    if (file.format === 'ofd') return readOfd(file.bytes, notes);
    if (file.format === 'xml') return readXml(file.bytes, notes);
    const { lines, qr } = await readPdf(file.bytes, notes);
    return assemble(lines, notes, { source: 'text', qr });
  },
});
