import type { XmlElement } from '../../xml/parse';
import { at, childrenNamed, first, valueAt } from '../../xml/query';
import { type Item, type Reading, cleanValue, emptyReading, money, taxRate } from './reading';

/*
 * The fully digital invoice (数电票) as the tax platform issues it in XML: <EInvoice> with
 * Header/InherentLabel (what kind of invoice), EInvoiceData/SellerInformation,
 * BuyerInformation, BasicInformation (totals, drawer), IssuItemInformation (one per goods line)
 * and TaxSupervisionInfo (number and date as the tax bureau recorded them).
 */

/** InherentLabel → the title as the invoice prints it: 电子发票（增值税专用发票）, 电子发票（普通发票）. */
function title(root: XmlElement): string {
  const labels = at(root, 'Header', 'InherentLabel');
  const kind = valueAt(labels, 'EInvoiceType', 'LabelName');
  const vat = valueAt(labels, 'GeneralOrSpecialVAT', 'LabelName');
  if (!kind) return '';
  if (!vat) return kind;
  // the ordinary invoice prints 电子发票（普通发票）, without 增值税
  return `${kind}（${vat.replace(/^增值税(?=普通发票)/, '')}）`;
}

const joined = (...parts: string[]) => parts.filter(Boolean).join(' ');

export function fromEInvoiceXml(root: XmlElement): Reading | null {
  if (root.name !== 'EInvoice') return null;
  const data = first(root, 'EInvoiceData');
  const seller = first(data, 'SellerInformation'), buyer = first(data, 'BuyerInformation'), basic = first(data, 'BasicInformation');
  const supervision = first(root, 'TaxSupervisionInfo');
  const reading = emptyReading();
  const raw: Partial<Record<keyof Reading['content'], string>> = {
    InvoiceType: title(root),
    InvoiceNo: valueAt(supervision, 'InvoiceNumber') || valueAt(root, 'Header', 'EIid'),
    InvoiceDate: valueAt(supervision, 'IssueTime') || valueAt(basic, 'RequestTime'),
    PayerName: valueAt(buyer, 'BuyerName'),
    PayerRegisterNo: valueAt(buyer, 'BuyerIdNum'),
    PayerAddress: joined(valueAt(buyer, 'BuyerAddr'), valueAt(buyer, 'BuyerTelNum')),
    PayerBankName: joined(valueAt(buyer, 'BuyerBankName'), valueAt(buyer, 'BuyerBankAccNum')),
    PayeeName: valueAt(seller, 'SellerName'),
    PayeeRegisterNo: valueAt(seller, 'SellerIdNum'),
    PayeeAddress: joined(valueAt(seller, 'SellerAddr'), valueAt(seller, 'SellerTelNum')),
    PayeeBankName: joined(valueAt(seller, 'SellerBankName'), valueAt(seller, 'SellerBankAccNum')),
    WithoutTaxAmount: valueAt(basic, 'TotalAmWithoutTax'),
    TaxAmount: valueAt(basic, 'TotalTaxAm'),
    InvoiceAmount: valueAt(basic, 'TotalTax-includedAmount'),
    SumAmount: valueAt(basic, 'TotalTax-includedAmountInChinese'),
    Clerk: valueAt(basic, 'Drawer'),
    Payee: valueAt(basic, 'Payee'),
    Checker: valueAt(basic, 'Checker'),
  };
  for (const [field, value] of Object.entries(raw) as [keyof Reading['content'], string][]) {
    const clean = field === 'InvoiceType' ? value : cleanValue(field, value);
    if (clean) reading.content[field] = clean;
  }
  for (const line of childrenNamed(data, 'IssuItemInformation')) {
    const item: Item = {
      Name: valueAt(line, 'ItemName'),
      Spec: valueAt(line, 'SpecMod'),
      Unit: valueAt(line, 'MeaUnits'),
      Quantity: valueAt(line, 'Quantity'),
      UnitPrice: valueAt(line, 'UnPrice'),
      Amount: money(valueAt(line, 'Amount')),
      TaxRate: taxRate(valueAt(line, 'TaxRate')),
      Tax: money(valueAt(line, 'ComTaxAm')) || valueAt(line, 'ComTaxAm'),
    };
    if (item.Name || item.Amount) reading.items.push(item);
  }
  return reading;
}
