import type { z } from 'zod';
import type { vatInvoiceData } from '../../../protocol/points/2582-22';
import type { OcrLine } from '../../pipeline';
import type { ExtractionNotes } from '../extractor';
import { capitalToCents, figureToCents, centsToFigure } from './capital';
import { readHeader, readParties, readSignatures } from './fields';
import { ANNOTATIONS, MIN_ANCHORS } from './labels';
import { Page, boxOf } from './page';
import { anchorCount } from './source';
import { readTaxpayerId } from './taxpayer';
import { readTotals } from './totals';
import { EMPTY, type Value, compact } from './values';

/*
 * Lines → 2582-22 Data: each Content value cleaned to DESIGN.md §5's conventions with the Box
 * of where it was read, then the invoice's own arithmetic checked. A value that fails a check
 * is kept as read and the remark says which check failed; repairs are made only toward a
 * value that passes (a taxpayer id's check character, a dropped decimal point).
 */

type VatInvoiceData = z.infer<typeof vatInvoiceData>;
type Content = VatInvoiceData['Content'];
type Field = keyof Content;

/** Content field → its Box array (SPEC.md's names). */
const BOX_OF: Record<Field, keyof VatInvoiceData['Box']> = {
  PayeeBankName: 'PayeeBankNames', Payee: 'Payees', Checker: 'Checkers', InvoiceDate: 'InvoiceDates',
  PayerBankName: 'PayerBankNames', Clerk: 'Clerks', WithoutTaxAmount: 'WithoutTaxAmounts', PayeeRegisterNo: 'PayeeRegisterNoes',
  SumAmount: 'SumAmounts', TaxAmount: 'TaxAmounts', AntiFakeCode: 'InvoiceFakeCodes', PayerName: 'PayerNames',
  InvoiceCode: 'InvoiceCodes', InvoiceAmount: 'InvoiceAmounts', PayerAddress: 'PayerAddresses', InvoiceNo: 'InvoiceNoes',
  PayerRegisterNo: 'PayerRegisterNoes', PayeeName: 'PayeeNames', PayeeAddress: 'PayeeAddresses',
};
const FIELDS = Object.keys(BOX_OF) as Field[];

export function emptyData(): VatInvoiceData {
  return {
    Content: Object.fromEntries(FIELDS.map((f) => [f, ''])) as Content,
    Box: Object.fromEntries(FIELDS.map((f) => [BOX_OF[f], []])) as unknown as VatInvoiceData['Box'],
  };
}

const digits = (v: Value) => v.text.replace(/\D/g, '');
const text = (v: Value) => compact(v.text.replace(ANNOTATIONS, '')).replace(/^[:：;；,，]+/, '');
/** A signature is a person's name: it starts with a letter, so a stroke or mark read before it (`#周芳`) goes. */
const personName = (v: Value) => text(v).replace(/^[^\p{L}]+/u, '');

/** 2019年03月19日 / 2019 05 08 / 2021 年 09 月06日 → 2019年03月19日; "" when no valid date. */
export function invoiceDate(raw: string): string {
  const text = raw.replace(/\s+/g, ' ');
  // printed with 年 and 月 first; then any digits that make a valid date (a stray digit may lead)
  const patterns = [/(\d{4}) ?年 ?(\d{1,2}) ?月 ?(\d{1,2})/y, /(\d{4})\D{0,3}?(\d{1,2})\D{0,3}?(\d{1,2})/y];
  for (const re of patterns) {
    for (let at = 0; at < text.length; at++) {
      re.lastIndex = at;
      const m = re.exec(text);
      if (!m) continue;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (y >= 1990 && y <= 2100 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31) {
        return `${m[1]}年${String(mo).padStart(2, '0')}月${String(d).padStart(2, '0')}日`;
      }
    }
  }
  return '';
}

export function assemble(lines: OcrLine[], notes: ExtractionNotes): VatInvoiceData {
  const data = emptyData();
  if (lines.length === 0) {
    notes.notThisDocument('no text was found');
    return data;
  }
  if (anchorCount(lines) < MIN_ANCHORS) notes.notThisDocument('the labels of a VAT invoice (价税合计, 纳税人识别号, 开票日期...) were not found');
  const page = new Page(lines);
  const layout = readParties(page);
  const header = readHeader(page, layout.headerBottom);
  const sig = readSignatures(page);
  const totals = readTotals(page);

  const payer = readTaxpayerId(layout.buyer.registerNo.text);
  const payee = readTaxpayerId(layout.seller.registerNo.text);
  const read: Record<Field, [string, Value]> = {
    InvoiceCode: [digits(header.code), header.code],
    InvoiceNo: [digits(header.number), header.number],
    InvoiceDate: [invoiceDate(header.date.text), header.date],
    AntiFakeCode: [digits(header.check), header.check],
    PayerName: [text(layout.buyer.name), layout.buyer.name],
    PayerRegisterNo: [payer.value, layout.buyer.registerNo],
    PayerAddress: [text(layout.buyer.address), layout.buyer.address],
    PayerBankName: [text(layout.buyer.bank), layout.buyer.bank],
    PayeeName: [text(layout.seller.name), layout.seller.name],
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
  for (const field of FIELDS) {
    const [value, where] = read[field];
    data.Content[field] = value;
    data.Box[BOX_OF[field]] = value === '' || where === EMPTY ? [] : boxOf(where.pieces);
  }
  check(data.Content, notes, { payer: payer.valid, payee: payee.valid });
  return data;
}

function check(c: Content, notes: ExtractionNotes, ids: { payer: boolean; payee: boolean }): void {
  if (c.InvoiceCode && c.InvoiceCode.length !== 10 && c.InvoiceCode.length !== 12) {
    notes.remark(`InvoiceCode ${c.InvoiceCode} has ${c.InvoiceCode.length} digits (10 or 12 expected)`);
  }
  const numberLengths = c.InvoiceCode === '' ? [8, 20] : [8];
  if (c.InvoiceNo && !numberLengths.includes(c.InvoiceNo.length)) {
    notes.remark(`InvoiceNo ${c.InvoiceNo} has ${c.InvoiceNo.length} digits (${numberLengths.join(' or ')} expected)`);
  }
  if (!ids.payer) notes.remark(`PayerRegisterNo ${c.PayerRegisterNo} fails the unified social credit code check`);
  if (!ids.payee) notes.remark(`PayeeRegisterNo ${c.PayeeRegisterNo} fails the unified social credit code check`);
  const without = figureToCents(c.WithoutTaxAmount), tax = figureToCents(c.TaxAmount), total = figureToCents(c.InvoiceAmount);
  if (without !== null && tax !== null && total !== null && without + tax !== total) {
    notes.remark(`WithoutTaxAmount ${c.WithoutTaxAmount} + TaxAmount ${c.TaxAmount} = ${centsToFigure(without + tax)}, not InvoiceAmount ${c.InvoiceAmount}`);
  }
  if (c.SumAmount) {
    const capital = capitalToCents(c.SumAmount);
    if (capital === null) notes.remark(`SumAmount ${c.SumAmount} is not a well-formed capital amount`);
    else if (total !== null && capital !== total) notes.remark(`SumAmount ${c.SumAmount} is ${centsToFigure(capital)}, not InvoiceAmount ${c.InvoiceAmount}`);
  }
}
