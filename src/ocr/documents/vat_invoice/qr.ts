import { money, type Field, type Reading } from './reading';

/*
 * The QR code printed on VAT invoices (DESIGN.md §5):
 *   01,<type>,<code>,<number>,<amount>,<YYYYMMDD>,<check code>,<crc>[,]
 * old-style invoices carry a 10/12-digit code and the amount before tax; fully digital (数电)
 * invoices leave code and check code empty (sometimes a space), carry a 20-digit number and the
 * amount with tax; the railway e-ticket writes 01,<type>,<number>,<amount before tax>,<date>,<crc>.
 */

export interface VatQr {
  type: string;
  code: string;
  number: string;
  /** as written (57, 198.04) */
  amount: string;
  /** YYYYMMDD */
  date: string;
  check: string;
  /** the Content field the amount is */
  amountField: Field;
}

export function parseVatQr(payload: string): VatQr | null {
  const parts = payload.split(',').map((p) => p.trim());
  if (parts[0] !== '01' || !/^\d{2}$/.test(parts[1] ?? '')) return null;
  const isDate = (s: string | undefined) => /^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(s ?? '');
  const isAmount = (s: string | undefined) => /^-?\d+(\.\d{1,2})?$/.test(s ?? '');
  // railway e-ticket: 01,<type>,<20-digit number>,<amount>,<date>,<crc>
  if (/^\d{20}$/.test(parts[2] ?? '') && isAmount(parts[3]) && isDate(parts[4])) {
    return { type: parts[1]!, code: '', number: parts[2]!, amount: parts[3]!, date: parts[4]!, check: '', amountField: 'WithoutTaxAmount' };
  }
  const [, type, code = '', number = '', amount, date, check = ''] = parts;
  if (!/^(\d{10}|\d{12}|)$/.test(code) || !/^(\d{8}|\d{20})$/.test(number) || !isAmount(amount) || !isDate(date) || !/^\d*$/.test(check)) return null;
  // a code means the old-style invoice (amount before tax); none, the fully digital one (with tax)
  return { type: type!, code, number, amount: amount!, date: date!, check, amountField: code ? 'WithoutTaxAmount' : 'InvoiceAmount' };
}

/** The payload as Content values (date written 2020年10月04日, amount with two decimals). */
export function qrContent(qr: VatQr): Reading['content'] {
  const out: Reading['content'] = {
    InvoiceNo: qr.number,
    InvoiceDate: `${qr.date.slice(0, 4)}年${qr.date.slice(4, 6)}月${qr.date.slice(6, 8)}日`,
    [qr.amountField]: money(qr.amount),
  };
  if (qr.code) out.InvoiceCode = qr.code;
  if (qr.check) out.AntiFakeCode = qr.check;
  return out;
}

/** The first payload that is a VAT invoice's, else the first of any kind, else "". */
export function choosePayload(payloads: string[]): { raw: string; qr: VatQr | null } {
  for (const raw of payloads) {
    const qr = parseVatQr(raw);
    if (qr) return { raw, qr };
  }
  return { raw: payloads[0] ?? '', qr: null };
}
