import type { z } from 'zod';
import type { vatInvoiceData, vatItem } from '../../../protocol/points/2582-22';
import { compact } from './values';

/*
 * What one source read of an invoice, before it becomes 2582-22 Data: the page's text by
 * layout (OCR, a PDF text layer, OFD text objects), the invoice's own structured data (an OFD's
 * attachment, custom tags or CustomDatas; the tax platform's XML), the QR code. Sources are
 * merged field by field in order of trust; each value is cleaned to DESIGN.md §5's
 * conventions the same way whatever its source.
 */

export type VatInvoiceData = z.infer<typeof vatInvoiceData>;
export type Content = VatInvoiceData['Content'];
export type Field = keyof Content;
export type Item = z.infer<typeof vatItem>;

export interface Reading {
  content: Partial<Record<Field, string>>;
  /** SPEC's Box of a value: [top-left x, top-left y, top-right x, top-right y] */
  boxes: Partial<Record<Field, number[]>>;
  items: Item[];
}

export const emptyReading = (): Reading => ({ content: {}, boxes: {}, items: [] });

/** Content field → its Box array (SPEC.md's names); InvoiceType, beyond SPEC, has none. */
export const BOX_OF: Record<Exclude<Field, 'InvoiceType'>, keyof VatInvoiceData['Box']> = {
  PayeeBankName: 'PayeeBankNames', Payee: 'Payees', Checker: 'Checkers', InvoiceDate: 'InvoiceDates',
  PayerBankName: 'PayerBankNames', Clerk: 'Clerks', WithoutTaxAmount: 'WithoutTaxAmounts', PayeeRegisterNo: 'PayeeRegisterNoes',
  SumAmount: 'SumAmounts', TaxAmount: 'TaxAmounts', AntiFakeCode: 'InvoiceFakeCodes', PayerName: 'PayerNames',
  InvoiceCode: 'InvoiceCodes', InvoiceAmount: 'InvoiceAmounts', PayerAddress: 'PayerAddresses', InvoiceNo: 'InvoiceNoes',
  PayerRegisterNo: 'PayerRegisterNoes', PayeeName: 'PayeeNames', PayeeAddress: 'PayeeAddresses',
};
export const BOXED_FIELDS = Object.keys(BOX_OF) as Exclude<Field, 'InvoiceType'>[];
export const FIELDS: Field[] = [...BOXED_FIELDS, 'InvoiceType'];

/** 2019年03月19日 / 2019 05 08 / 2021 年 09 月06日 / 2026-06-04 09:38 → 2019年03月19日; "" when no valid date. */
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

/** "¥1,455.45" / "57" / "-14.1" → "1455.45" / "57.00" / "-14.10"; "***" (tax-exempt) kept; "" for anything else. */
export function money(raw: string): string {
  const text = raw.replace(/[¥￥,\s]/g, '');
  if (/^\*+$/.test(text)) return text;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return '';
  return `${m[1]}${m[2]}.${(m[3] ?? '').padEnd(2, '0')}`;
}

/** What each field keeps of a value from a structured source (an XML element, a tagged text object). */
export function cleanValue(field: Field, raw: string): string {
  const text = raw.normalize('NFKC').trim();
  switch (field) {
    case 'InvoiceCode':
    case 'InvoiceNo':
    case 'AntiFakeCode':
      return text.replace(/\D/g, '');
    case 'InvoiceDate':
      return invoiceDate(text);
    case 'WithoutTaxAmount':
    case 'TaxAmount':
    case 'InvoiceAmount':
      return money(text);
    case 'PayerRegisterNo':
    case 'PayeeRegisterNo':
      return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
    case 'SumAmount':
      return text.replace(/[⊗ⓧ\s]/g, '');
    default:
      return compact(raw.trim());
  }
}

/** Several readings as one: each field from the first reading that has it, with that reading's Box. */
export function merge(...readings: Reading[]): Reading {
  const out = emptyReading();
  for (const r of readings) {
    for (const field of FIELDS) {
      const value = r.content[field];
      if (!value || out.content[field]) continue;
      out.content[field] = value;
      const box = r.boxes[field];
      if (box?.length) out.boxes[field] = box;
    }
    if (out.items.length === 0 && r.items.length) out.items = r.items;
  }
  return out;
}

/** Fields that the reading holds. */
export const filled = (r: Reading) => FIELDS.filter((f) => r.content[f]);

/** 0.06 → "6%", 0.015 → "1.5%"; "免税", "不征税", "13%" and "***" as written. */
export function taxRate(raw: string): string {
  const text = raw.trim();
  if (!/^0?\.\d+$|^[01]$/.test(text)) return text;
  const percent = Math.round(Number(text) * 10000) / 100;
  return `${percent}%`;
}
