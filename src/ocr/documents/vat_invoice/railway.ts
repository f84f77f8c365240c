import type { RailwayTicket } from '../railway/eticket';
import { type Field, type Reading, cleanValue, emptyReading } from './reading';

/*
 * A railway e-ticket as a VAT invoice (2582-22): its number and date, the buyer, and the
 * amounts (金额 before tax, 税额, and 票价 — or the 退票费 of a refund — as the total). It has no
 * seller block, no code and no check code.
 */
export function railwayReading(t: RailwayTicket): Reading {
  const reading = emptyReading();
  const raw: Partial<Record<Field, string>> = {
    InvoiceType: t.title,
    InvoiceNo: t.invoiceNo,
    InvoiceDate: t.issueDate,
    PayerName: t.buyerName,
    PayerRegisterNo: t.buyerId,
    PayerAddress: t.buyerAddress,
    PayerBankName: t.buyerBank,
    WithoutTaxAmount: t.withoutTax,
    TaxAmount: t.tax,
    InvoiceAmount: t.fare,
  };
  for (const [field, value] of Object.entries(raw) as [Field, string][]) {
    const clean = field === 'InvoiceType' ? value : cleanValue(field, value);
    if (clean) reading.content[field] = clean;
  }
  return reading;
}
