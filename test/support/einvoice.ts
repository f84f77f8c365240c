import type { VatValues } from './synth/documents/vat-invoice-values';
import { type OfdSpec, type OfdTextSpec, buildOfd } from './ofd';

/*
 * Electronic invoice files written by the tests from synthetic VAT values (vat-invoice-values.ts):
 *  - a fully digital (数电) OFD as the tax platform writes it: labels on a template page, values on
 *    the page, custom tags pointing at the value objects, CustomDatas in OFD.xml;
 *  - an old-style OFD e-invoice with its original_invoice.xml attachment (eInvoice schema);
 *  - the tax platform's 数电 XML (<EInvoice>).
 * Page positions are millimetres, as on the real files (210 × 140 mm). Every part can be left
 * out or given a QR image, so one set of values tests each source alone.
 */

export interface EinvoiceOptions {
  /** CustomTag.xml pointing at the value objects */
  tags?: boolean;
  /** OFD.xml CustomDatas */
  customData?: boolean;
  /** original_invoice.xml (old style) */
  attachment?: boolean;
  /** a QR image (PNG) drawn at the top left */
  qr?: Uint8Array;
  /** the page's text written as a PDF-to-OFD converter does: points under a CTM */
  converted?: boolean;
  /** values printed on the page differently from the structured data */
  printed?: Partial<Pick<VatValues, 'number' | 'total' | 'withoutTax'>>;
}

const full = (s: string) => s.replace(/\(/g, '（').replace(/\)/g, '）');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

class Page {
  texts: OfdTextSpec[] = [];
  template: OfdTextSpec[] = [];
  ids = new Map<string, number>();
  #next = 100;
  constructor(private readonly converted: boolean) {}
  add(text: string, x: number, y: number, size = 3.175, tag?: string): void {
    const id = this.#next++;
    this.texts.push({ id, x, y, text, size, ...(this.converted ? { ctm: [0.3527, 0, 0, 0.3527, 0, 0] as OfdTextSpec['ctm'] } : {}) });
    if (tag) this.ids.set(tag, id);
  }
  label(text: string, x: number, y: number, size = 3.175): void {
    if (this.converted) return this.add(text, x, y, size);
    this.template.push({ id: this.#next++, x, y, text, size });
  }
  vertical(text: string, x: number, y: number): void {
    [...text].forEach((c, i) => this.label(c, x, y + i * 3.6));
  }
}

function goods(page: Page, v: VatValues, top: number, xs: number[]): void {
  v.goods.forEach((g, i) => {
    const y = top + i * 5;
    const cells = [g.name, '', g.unit, String(g.quantity), g.price, g.amount, g.rate, g.tax];
    cells.forEach((c, k) => c && page.add(c, xs[k]!, y));
  });
}

function tagXml(ids: Map<string, number>): string {
  const ref = (name: string) => (ids.has(name) ? `<ofd:${name}><ofd:ObjectRef PageRef="1">${ids.get(name)}</ofd:ObjectRef></ofd:${name}>` : '');
  const group = (name: string, children: string[]) => `<ofd:${name}>${children.map(ref).join('')}</ofd:${name}>`;
  return `<?xml version="1.0" encoding="UTF-8"?><ofd:root xmlns:ofd="http://www.ofdspec.org/2016">${ref('InvoiceCode')}${ref('InvoiceNo')}${ref('IssueDate')}${ref('InvoiceCheckCode')}${group('Buyer', ['BuyerName', 'BuyerTaxID'])}${group('Seller', ['SellerName', 'SellerTaxID'])}${ref('TaxExclusiveTotalAmount')}${ref('TaxTotalAmount')}${ref('TaxInclusiveTotalAmount')}${ref('InvoiceClerk')}</ofd:root>`;
}

function customData(v: VatValues): Record<string, string> {
  return { ...(v.code ? { 发票代码: v.code } : {}), 发票号码: v.number, 开票日期: v.date, 合计金额: v.withoutTax, 合计税额: v.tax, 购买方纳税人识别号: v.buyer.registerNo, 销售方纳税人识别号: v.seller.registerNo };
}

function finish(page: Page, v: VatValues, opts: EinvoiceOptions, extra: Partial<OfdSpec> = {}): Uint8Array {
  return buildOfd({
    pages: [{ texts: page.texts, templateId: 2, images: opts.qr ? [{ id: 90, resourceId: 91, box: [6.5, 6, 20, 20] }] : [] }],
    templates: { 2: { texts: page.template } },
    media: opts.qr ? [{ id: 91, file: 'qr.png', bytes: opts.qr }] : [],
    ...(opts.tags ? { customTag: tagXml(page.ids) } : {}),
    ...(opts.customData ? { customData: customData(v) } : {}),
    ...extra,
  });
}

/** A fully digital invoice's OFD (values of layout 'digital'). */
export function shudianOfd(v: VatValues, opts: EinvoiceOptions = {}): Uint8Array {
  const p = new Page(opts.converted ?? false);
  const shown = { ...v, ...opts.printed };
  p.label(full(v.title), 62, 15, 6);
  p.label('发票号码：', 140, 13);
  p.add(shown.number, 156, 13, 3.175, 'InvoiceNo');
  p.label('开票日期：', 140, 19.5);
  p.add(v.date, 156, 19.5, 3.175, 'IssueDate');
  for (const [side, party, x] of [['购买方信息', v.buyer, 0], ['销售方信息', v.seller, 100]] as const) {
    p.vertical(side, 7 + x, 34);
    p.label('名称：', 15 + x, 36);
    p.add(party.name, 26 + x, 36, 3.175, side === '购买方信息' ? 'BuyerName' : 'SellerName');
    p.label('统一社会信用代码/纳税人识别号：', 15 + x, 46);
    if (party.registerNo) p.add(party.registerNo, 66 + x, 46, 3.175, side === '购买方信息' ? 'BuyerTaxID' : 'SellerTaxID');
  }
  [['项目名称', 15], ['规格型号', 45], ['单位', 68], ['数量', 88], ['单价', 110], ['金额', 140], ['税率/征收率', 160], ['税额', 190]].forEach(([h, x]) => p.label(h as string, x as number, 56));
  goods(p, v, 61, [8, 45, 69, 90, 108, 138, 161, 188]);
  p.label('合计', 25, 92);
  p.add(`¥${v.withoutTax}`, 138, 92, 3.175, 'TaxExclusiveTotalAmount');
  p.add(`¥${v.tax}`, 188, 92, 3.175, 'TaxTotalAmount');
  p.label('价税合计（大写）', 15, 99);
  p.add(`ⓧ ${v.capital}`, 55, 99);
  p.label('（小写）', 140, 99);
  p.add(`¥${shown.total}`, 152, 99, 3.175, 'TaxInclusiveTotalAmount');
  p.vertical('备注', 7, 110);
  p.label('开票人：', 15, 133);
  p.add(v.clerk, 28, 133, 3.175, 'InvoiceClerk');
  return finish(p, v, opts);
}

/** The tax-control system's original invoice (eInvoice schema, fp: prefix) for old-style values. */
export function originalInvoiceXml(v: VatValues): string {
  const f = (name: string, value: string) => `<fp:${name}>${esc(value)}</fp:${name}>`;
  const items = v.goods.map((g) => `<fp:GoodsInfo>${f('Item', g.name)}${f('Specification', '')}${f('MeasurementDimension', g.unit)}${f('Price', g.price)}${f('Quantity', String(g.quantity))}${f('Amount', g.amount)}${f('TaxScheme', g.rate)}${f('TaxAmount', g.tax)}</fp:GoodsInfo>`).join('');
  return `<?xml version="1.0" encoding="utf-8"?><eInvoice xmlns:fp="http://www.edrm.org.cn/schema/e-invoice/2019" Version="1.0">${f('InvoiceCode', v.code)}${f('InvoiceNo', v.number)}${f('IssueDate', v.date)}${f('InvoiceCheckCode', v.check)}${f('MachineNo', v.machine)}<fp:Buyer>${f('BuyerName', v.buyer.name)}${f('BuyerTaxID', v.buyer.registerNo)}${f('BuyerAddrTel', v.buyer.address)}${f('BuyerFinancialAccount', v.buyer.bank)}</fp:Buyer><fp:Seller>${f('SellerName', v.seller.name)}${f('SellerTaxID', v.seller.registerNo)}${f('SellerAddrTel', v.seller.address)}${f('SellerFinancialAccount', v.seller.bank)}</fp:Seller>${f('TaxInclusiveTotalAmount', v.total)}${f('InvoiceClerk', v.clerk)}${f('Payee', v.payee)}${f('Checker', v.checker)}${f('TaxTotalAmount', v.tax)}${f('TaxExclusiveTotalAmount', v.withoutTax)}<fp:GoodsInfos>${items}</fp:GoodsInfos></eInvoice>`;
}

/** An old-style OFD e-invoice (values of layout 'electronic'): grid layout, original_invoice.xml attached. */
export function oldStyleOfd(v: VatValues, opts: EinvoiceOptions = {}): Uint8Array {
  const p = new Page(opts.converted ?? false);
  const shown = { ...v, ...opts.printed };
  p.label(v.title, 70, 12, 6);
  for (const [label, value, y, tag] of [['发票代码：', v.code, 10, 'InvoiceCode'], ['发票号码：', shown.number, 15.5, 'InvoiceNo'], ['开票日期：', v.date, 21, 'IssueDate'], ['校 验 码：', v.check.replace(/(\d{5})(?=\d)/g, '$1 '), 27, 'InvoiceCheckCode']] as const) {
    p.label(label, 150, y);
    p.add(value, 167, y, 3.175, tag);
  }
  p.label('机器编号：', 10, 27);
  p.add(v.machine, 27, 27);
  const block = (party: VatValues['buyer'], top: number, side: string, column: string) => {
    p.vertical(side, 7, top + 1);
    p.vertical(column, 121, top + 1);
    for (const [label, value, dy] of [['名    称：', party.name, 0], ['纳税人识别号：', party.registerNo, 5], ['地 址、电 话：', party.address, 10], ['开户行及账号：', party.bank, 15]] as const) {
      p.label(label, 12, top + dy);
      if (value) p.add(value, 37, top + dy, 3.175, dy === 0 ? `${side === '购买方' ? 'Buyer' : 'Seller'}Name` : dy === 5 ? `${side === '购买方' ? 'Buyer' : 'Seller'}TaxID` : undefined);
    }
  };
  block(v.buyer, 34, '购买方', '密码区');
  [['项目名称', 20], ['规格型号', 63], ['单位', 86], ['数量', 98], ['单价', 120], ['金额', 144], ['税率', 167], ['税额', 188]].forEach(([h, x]) => p.label(h as string, x as number, 55));
  goods(p, v, 59, [10, 63, 87, 100, 118, 142, 168, 186]);
  p.label('合', 22, 94);
  p.label('计', 35, 94);
  p.add(`¥${v.withoutTax}`, 150, 94, 3.175, 'TaxExclusiveTotalAmount');
  p.add(`¥${v.tax}`, 193, 94, 3.175, 'TaxTotalAmount');
  p.label('价税合计（大写）', 15, 100);
  p.add(`⊗${v.capital}`, 55, 100);
  p.label('（小写）', 160, 100);
  p.add(`¥${shown.total}`, 172, 100, 3.175, 'TaxInclusiveTotalAmount');
  block(v.seller, 107, '销售方', '备注');
  p.label('收款人：', 10, 128);
  p.add(v.payee, 23, 128);
  p.label('复核：', 70, 128);
  p.add(v.checker, 80, 128);
  p.label('开票人：', 115, 128);
  p.add(v.clerk, 128, 128, 3.175, 'InvoiceClerk');
  p.label('销售方：（章）', 160, 128);
  const attachments = opts.attachment ? [{ name: 'original_invoice', file: 'original_invoice.xml', content: originalInvoiceXml(v) }] : undefined;
  return finish(p, v, opts, attachments ? { attachments } : {});
}

/** The tax platform's 数电 XML for values of layout 'digital'. */
export function einvoiceXml(v: VatValues): string {
  const special = v.title.includes('专用');
  const items = v.goods
    .map((g) => `<IssuItemInformation><ItemName>${esc(g.name)}</ItemName><MeaUnits>${g.unit}</MeaUnits><Quantity>${g.quantity}</Quantity><UnPrice>${g.price}</UnPrice><Amount>${g.amount}</Amount><TaxRate>${Number(g.rate.replace('%', '')) / 100}</TaxRate><ComTaxAm>${g.tax}</ComTaxAm></IssuItemInformation>`)
    .join('');
  const iso = v.date.replace(/(\d{4})年(\d{2})月(\d{2})日/, '$1-$2-$3');
  return `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<EInvoice><Header><EIid>${v.number}</EIid><EInvoiceTag>SWEI3200</EInvoiceTag><Version>0.37</Version><InherentLabel><EInvoiceType><LabelCode>01</LabelCode><LabelName>电子发票</LabelName></EInvoiceType><GeneralOrSpecialVAT><LabelCode>${special ? '01' : '02'}</LabelCode><LabelName>${special ? '增值税专用发票' : '普通发票'}</LabelName></GeneralOrSpecialVAT></InherentLabel></Header>
<EInvoiceData><SellerInformation><SellerIdNum>${v.seller.registerNo}</SellerIdNum><SellerName>${esc(v.seller.name)}</SellerName></SellerInformation><BuyerInformation>${v.buyer.registerNo ? `<BuyerIdNum>${v.buyer.registerNo}</BuyerIdNum>` : ''}<BuyerName>${esc(v.buyer.name)}</BuyerName></BuyerInformation>
<BasicInformation><TotalAmWithoutTax>${v.withoutTax}</TotalAmWithoutTax><TotalTaxAm>${v.tax}</TotalTaxAm><TotalTax-includedAmount>${v.total}</TotalTax-includedAmount><TotalTax-includedAmountInChinese>${v.capital}</TotalTax-includedAmountInChinese><Drawer>${v.clerk}</Drawer><RequestTime>${iso} 09:38:46</RequestTime></BasicInformation>${items}</EInvoiceData>
<TaxSupervisionInfo><InvoiceNumber>${v.number}</InvoiceNumber><IssueTime>${iso}</IssueTime></TaxSupervisionInfo></EInvoice>`;
}
