import type { OcrLine } from '../../pipeline';
import type { ExtractionNotes } from '../extractor';
import { readRailwayText } from '../railway/layout';
import { readHeader, readParties, readSignatures } from './fields';
import { finish, type FinishOptions } from './finish';
import { readItems } from './items';
import { ANCHORS, ANNOTATIONS, MIN_ANCHORS } from './labels';
import { Page, boxOf } from './page';
import { locate } from './locate';
import { railwayReading } from './railway';
import { type Field, type Reading, type VatInvoiceData, BOXED_FIELDS, emptyReading, invoiceDate, merge } from './reading';
import { readTaxpayerId } from './taxpayer';
import { readTitle } from './title';
import { readTotals } from './totals';
import { EMPTY, type Value, compact, cutGluedLabel } from './values';

export { invoiceDate } from './reading';

/*
 * Lines (OCR, a PDF text layer, OFD text objects) → a Reading: each value found by layout,
 * cleaned to DESIGN.md §5's conventions, with the Box of where it was read; the title and the
 * goods lines beside them. A value is kept as read; only a misreading with a single answer is
 * repaired (a taxpayer id's letters outside its alphabet, finish.ts's checks say the rest).
 */

/** Anchor groups found in the lines: how much the page looks like a VAT invoice. */
export function anchorCount(lines: OcrLine[]): number {
  const text = lines.map((l) => l.text).join('\n');
  return ANCHORS.filter((re) => re.test(text)).length;
}

/** A VAT invoice's labels, or a railway e-ticket's title (its page prints few of them). */
export const looksLikeInvoice = (lines: OcrLine[]) => anchorCount(lines) >= MIN_ANCHORS || readRailwayText(lines) !== null;

const digits = (v: Value) => v.text.replace(/\D/g, '');
const text = (v: Value) => compact(v.text.replace(ANNOTATIONS, '')).replace(/^[:：;；,，]+/, '');
/** A buyer's or seller's name: a label of the page around the invoice glued after it goes. */
const partyName = (v: Value) => cutGluedLabel(text(v));
/** A signature is a person's name: it starts with a letter, so a stroke or mark read before it (`#周芳`) goes. */
const personName = (v: Value) => text(v).replace(/^[^\p{L}]+/u, '');

export interface LayoutReading extends Reading {
  /** taxpayer ids that fail their check and no single misreading explains */
  invalidIds: Field[];
}

export function readLayout(lines: OcrLine[]): LayoutReading {
  const reading: LayoutReading = { ...emptyReading(), invalidIds: [] };
  if (lines.length === 0) return reading;
  const page = new Page(lines);
  const layout = readParties(page);
  const header = readHeader(page, layout.headerBottom);
  const sig = readSignatures(page);
  const totals = readTotals(page);

  const payer = readTaxpayerId(layout.buyer.registerNo.text);
  const payee = readTaxpayerId(layout.seller.registerNo.text);
  const read: Record<(typeof BOXED_FIELDS)[number], [string, Value]> = {
    InvoiceCode: [digits(header.code), header.code],
    InvoiceNo: [digits(header.number), header.number],
    InvoiceDate: [invoiceDate(header.date.text), header.date],
    AntiFakeCode: [digits(header.check), header.check],
    PayerName: [partyName(layout.buyer.name), layout.buyer.name],
    PayerRegisterNo: [payer.value, layout.buyer.registerNo],
    PayerAddress: [text(layout.buyer.address), layout.buyer.address],
    PayerBankName: [text(layout.buyer.bank), layout.buyer.bank],
    PayeeName: [partyName(layout.seller.name), layout.seller.name],
    PayeeRegisterNo: [payee.value, layout.seller.registerNo],
    PayeeAddress: [text(layout.seller.address), layout.seller.address],
    PayeeBankName: [text(layout.seller.bank), layout.seller.bank],
    WithoutTaxAmount: [totals.withoutTax.text, totals.withoutTax],
    TaxAmount: [totals.tax.text, totals.tax],
    InvoiceAmount: [totals.total.text, totals.total],
    SumAmount: [totals.capital.text, totals.capital],
    Payee: [personName(sig.payee), sig.payee],
    Checker: [personName(sig.checker), sig.checker],
    Clerk: [personName(sig.clerk), sig.clerk],
  };
  for (const field of BOXED_FIELDS) {
    const [value, where] = read[field];
    if (value === '') continue;
    reading.content[field] = value;
    if (where !== EMPTY) reading.boxes[field] = boxOf(where.pieces);
  }
  const title = readTitle(page);
  if (title) reading.content.InvoiceType = title;
  reading.items = readItems(page);
  if (!payer.valid) reading.invalidIds.push('PayerRegisterNo');
  if (!payee.valid) reading.invalidIds.push('PayeeRegisterNo');
  // a railway e-ticket prints its amounts and buyer with labels of its own
  const railway = readRailwayText(lines);
  if (!railway) return reading;
  const merged = merge(railwayReading(railway), reading);
  for (const field of BOXED_FIELDS) if (merged.content[field] && !merged.boxes[field]) merged.boxes[field] = locate(lines, merged.content[field]);
  return { ...merged, invalidIds: reading.invalidIds };
}

export const NOT_AN_INVOICE = 'the labels of a VAT invoice (价税合计, 纳税人识别号, 开票日期...) were not found';

/** Lines → 2582-22 Data: an image's OCR or a PDF's text layer, with the QR codes found on that page. */
export function assemble(lines: OcrLine[], notes: ExtractionNotes, opts: Omit<FinishOptions, 'invalidIds'> = { source: 'text', qr: [] }): VatInvoiceData {
  if (lines.length === 0) notes.notThisDocument('no text was found');
  else if (!looksLikeInvoice(lines)) notes.notThisDocument(NOT_AN_INVOICE);
  const reading = readLayout(lines);
  return finish(reading, { ...opts, invalidIds: reading.invalidIds }, notes);
}
