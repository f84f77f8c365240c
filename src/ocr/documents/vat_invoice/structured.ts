import { objectQuad } from '../../ofd/lines';
import type { TextObject } from '../../ofd/page';
import type { XmlElement } from '../../xml/parse';
import { childrenNamed, first, textOf, valueAt, walk } from '../../xml/query';
import { type Field, type Item, type Reading, cleanValue, emptyReading, money, taxRate } from './reading';

/*
 * The invoice data an OFD e-invoice carries besides its page: the issuer's original invoice
 * (original_invoice.xml, the eInvoice schema of the tax-control system: fp:InvoiceNo,
 * fp:Buyer/fp:BuyerName ...), the custom tags that point those same element names at the page's
 * text objects (Doc_0/Tags/CustomTag.xml), and the OFD.xml CustomDatas (发票号码, 开票日期 ...).
 */

/** eInvoice element names (original_invoice.xml and CustomTag.xml alike) → Content field. */
export const EINVOICE_TAGS: Record<string, Field> = {
  InvoiceCode: 'InvoiceCode',
  InvoiceNo: 'InvoiceNo',
  IssueDate: 'InvoiceDate',
  InvoiceCheckCode: 'AntiFakeCode',
  BuyerName: 'PayerName',
  BuyerTaxID: 'PayerRegisterNo',
  BuyerAddrTel: 'PayerAddress',
  BuyerFinancialAccount: 'PayerBankName',
  SellerName: 'PayeeName',
  SellerTaxID: 'PayeeRegisterNo',
  SellerAddrTel: 'PayeeAddress',
  SellerFinancialAccount: 'PayeeBankName',
  TaxExclusiveTotalAmount: 'WithoutTaxAmount',
  TaxTotalAmount: 'TaxAmount',
  TaxInclusiveTotalAmount: 'InvoiceAmount',
  Payee: 'Payee',
  Checker: 'Checker',
  InvoiceClerk: 'Clerk',
};

/** OFD.xml CustomData names the tax platform writes → Content field. */
const CUSTOM_DATA: Record<string, Field> = {
  发票代码: 'InvoiceCode',
  发票号码: 'InvoiceNo',
  开票日期: 'InvoiceDate',
  校验码: 'AntiFakeCode',
  购买方名称: 'PayerName',
  购买方纳税人识别号: 'PayerRegisterNo',
  销售方名称: 'PayeeName',
  销售方纳税人识别号: 'PayeeRegisterNo',
  合计金额: 'WithoutTaxAmount',
  合计税额: 'TaxAmount',
  价税合计: 'InvoiceAmount',
};

function set(reading: Reading, field: Field, raw: string): void {
  const value = cleanValue(field, raw);
  if (value && !reading.content[field]) reading.content[field] = value;
}

/** The tax-control system's original invoice (root eInvoice, any prefix): fields and goods lines. */
export function fromOriginalInvoice(root: XmlElement): Reading | null {
  if (root.name !== 'eInvoice' || !first(root, 'InvoiceNo')) return null;
  const reading = emptyReading();
  for (const el of walk(root)) {
    const field = EINVOICE_TAGS[el.name];
    if (field && el.children.length === 0) set(reading, field, el.text);
  }
  for (const goods of childrenNamed(first(root, 'GoodsInfos'), 'GoodsInfo')) {
    const item: Item = {
      Name: valueAt(goods, 'Item'),
      Spec: valueAt(goods, 'Specification'),
      Unit: valueAt(goods, 'MeasurementDimension'),
      Quantity: valueAt(goods, 'Quantity'),
      UnitPrice: valueAt(goods, 'Price'),
      Amount: money(valueAt(goods, 'Amount')) || valueAt(goods, 'Amount'),
      TaxRate: taxRate(valueAt(goods, 'TaxScheme')),
      Tax: money(valueAt(goods, 'TaxAmount')) || valueAt(goods, 'TaxAmount'),
    };
    if (item.Name || item.Amount) reading.items.push(item);
  }
  return reading;
}

export function fromCustomData(data: Record<string, string>): Reading {
  const reading = emptyReading();
  for (const [name, value] of Object.entries(data)) {
    const field = CUSTOM_DATA[name.trim()];
    if (field) set(reading, field, value);
  }
  return reading;
}

/**
 * Custom tags → the values of the text objects they point at, with those objects' Box. Only
 * references to `pageId` count (the page read); a reference to an object that is not there is
 * skipped.
 */
export function fromCustomTags(roots: XmlElement[], pageId: string, objects: TextObject[]): Reading {
  const reading = emptyReading();
  const byId = new Map(objects.map((o) => [o.id, o]));
  for (const root of roots) {
    for (const el of walk(root)) {
      const field = EINVOICE_TAGS[el.name];
      if (!field || reading.content[field]) continue;
      const refs = el.children.filter((c) => c.name === 'ObjectRef' && (c.attrs.PageRef ?? pageId) === pageId);
      const found = refs.map((r) => byId.get(textOf(r).trim())).filter((o): o is TextObject => o !== undefined);
      if (found.length === 0) continue;
      const value = cleanValue(field, found.map((o) => o.text).join(''));
      if (!value) continue;
      reading.content[field] = value;
      // the value's own object: the last one (an amount is tagged as its ¥ and its figures)
      const quad = objectQuad(found[found.length - 1]!);
      reading.boxes[field] = [quad[0].x, quad[0].y, quad[1].x, quad[1].y].map(Math.round);
    }
  }
  return reading;
}
