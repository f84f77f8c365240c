import { PDFDocument, type SKRSContext2D } from '@napi-rs/canvas';
import { buildOfd, type OfdTextSpec } from './ofd';
import { FAMILY, registerChineseFont } from './synth/fonts';
import { seeded } from './synth/text';
import { ticketValues, type TicketValues } from './synth/documents/train-ticket';
import { creditCode } from './synth/documents/vat-invoice-values';

/*
 * Railway e-tickets (电子发票（铁路电子客票）) written by the tests, laid out as the railway's
 * own files are (210 × 140 mm): title, 发票号码 and 开票日期 at the top, the route row, date,
 * seat, 票价 and class, 金额 / 税率 / 税额, the passenger, the buyer. As an OFD (with or without
 * the rai XBRL attachment) or as a PDF with a text layer. Journeys come from the paper-ticket
 * generator's values (real stations, seat classes that fit the train).
 */

export interface ETicketValues {
  ticket: TicketValues;
  invoiceNo: string;
  /** YYYY-MM-DD, as the ticket prints it */
  issueDate: string;
  buyer: string;
  buyerId: string;
  withoutTax: string;
  tax: string;
  fare: string;
}

const two = (n: number) => String(n).padStart(2, '0');

export function eticketValues(seed: number): ETicketValues {
  const rnd = seeded(seed);
  const ticket = ticketValues(rnd, 'blue');
  const fare = ticket.price.toFixed(2);
  const cents = Math.round(ticket.price * 100);
  const without = Math.round(cents / 1.09);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');
  return {
    ticket: { ...ticket, name: ticket.name || '王芳' },
    invoiceNo: `${String(ticket.date.y).slice(2)}${digits(18)}`,
    issueDate: `${ticket.date.y}-${two(ticket.date.m)}-${two(ticket.date.d)}`,
    buyer: '深圳宏达贸易有限公司',
    buyerId: creditCode(rnd, '440305'),
    withoutTax: (without / 100).toFixed(2),
    tax: ((cents - without) / 100).toFixed(2),
    fare,
  };
}

/** The ticket's text as [text, x mm, baseline y mm, size mm]. */
function lines(v: ETicketValues): [string, number, number, number][] {
  const t = v.ticket;
  return [
    ['电子发票（铁路电子客票）', 82, 10, 6],
    [`发票号码:${v.invoiceNo}`, 10, 20, 3.7],
    [`开票日期:${v.issueDate}`, 150, 20, 3.7],
    [`${t.from[0]}站`, 38, 35, 6],
    [t.number, 95, 35, 4.2],
    [`${t.to[0]}站`, 140, 35, 6],
    [t.from[1], 40, 42, 3.7],
    [t.to[1], 142, 42, 3.7],
    [`${t.date.y}年${two(t.date.m)}月${two(t.date.d)}日`, 12, 51, 3.7],
    [`${t.time}开`, 46, 51, 3.7],
    [t.seat, 75, 51, 3.7],
    [`票价:￥${v.fare}`, 12, 62, 4.8],
    [t.level, 105, 62, 3.7],
    [`金额:￥${v.withoutTax}`, 12, 72, 3.7],
    ['税率:9%', 72, 72, 3.7],
    [`税额:￥${v.tax}`, 105, 72, 3.7],
    [`${t.id}`, 12, 82, 3.7],
    [t.name, 75, 82, 3.7],
    [`电子客票号:${t.serial}${v.invoiceNo.slice(0, 12)}`, 12, 102, 3.7],
    [`购买方名称:${v.buyer}`, 12, 110, 3.7],
    [`统一社会信用代码:${v.buyerId}`, 120, 110, 3.7],
    ['买票请到12306 发货请到95306', 80, 125, 3.7],
  ];
}

/** The rai XBRL record the railway attaches to its OFD e-tickets. */
export function railwayXbrl(v: ETicketValues): string {
  const t = v.ticket;
  const f = (name: string, value: string) => `<rai:${name} contextRef="c">${value}</rai:${name}>`;
  const [carriage, seat] = [t.seat.replace(/车.*/, '车'), t.seat.replace(/^\d+车/, '')];
  const airCon = t.level.startsWith('新空调') ? '新空调' : '';
  return `<?xml version="1.0" encoding="UTF-8"?><xbrl xmlns="http://www.xbrl.org/2003/instance" xmlns:rai="http://xbrl.mof.gov.cn/taxonomy/2021-11-30/rai">${f('TypeOfVoucher', '电子发票（铁路电子客票）')}${f('DateOfIssue', v.issueDate)}${f('DepartureStation', t.from[0])}${f('DestinationStation', t.to[0])}${f('TrainNumber', t.number)}${f('TravelDate', `${t.date.y}-${two(t.date.m)}-${two(t.date.d)}`)}${f('DepartureTime', t.time)}${f('AirConditioningCharacteristics', airCon)}${f('SeatLevel', t.level.replace(/^新空调/, ''))}${f('Carriage', carriage)}${f('Seat', seat)}${f('Fare', v.fare)}${f('ElectronicInvoiceRailwayETicketNumber', v.invoiceNo)}${f('IdNumber', t.id)}${f('Name', t.name)}${f('TotalAmountExcludingTax', v.withoutTax)}${f('TaxRate', '0.09')}${f('TaxAmount', v.tax)}${f('NameOfPurchaser', v.buyer)}${f('UnifiedSocialCreditCodeOfPurchaser', v.buyerId)}</xbrl>`;
}

export function eticketOfd(v: ETicketValues, opts: { xbrl?: boolean } = {}): Uint8Array {
  const texts: OfdTextSpec[] = lines(v).map(([text, x, y, size], i) => ({ id: 100 + i, x, y, text, size }));
  return buildOfd({
    pages: [{ texts }],
    ...(opts.xbrl ? { attachments: [{ name: `rai_issuer_${v.invoiceNo}`, file: `rai_issuer_${v.invoiceNo}.xml`, content: railwayXbrl(v) }] } : {}),
  });
}

/** The same ticket as a PDF whose text layer holds every value. */
export function eticketPdf(v: ETicketValues): Uint8Array {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const mm = 72 / 25.4;
  const doc = new PDFDocument();
  const ctx = doc.beginPage(210 * mm, 140 * mm) as unknown as SKRSContext2D;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 210 * mm, 140 * mm);
  ctx.fillStyle = '#000000';
  for (const [text, x, y, size] of lines(v)) {
    ctx.font = `${size * mm}px ${FAMILY}`;
    ctx.fillText(text, x * mm, y * mm);
  }
  doc.endPage();
  const bytes = doc.close();
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** What 2582-24 answers for the ticket. */
export function expectedETicket(v: ETicketValues): Record<string, string | number> {
  const t = v.ticket;
  return {
    Name: t.name,
    Date: `${t.date.y}年${two(t.date.m)}月${two(t.date.d)}日${t.time}`,
    Seat: t.seat,
    Number: t.number,
    Price: Number(v.fare),
    DepartureStation: t.from[0],
    Level: t.level,
    Destination: t.to[0],
    InvoiceNum: v.invoiceNo,
    InvoiceDate: v.issueDate.replace(/(\d{4})-(\d{2})-(\d{2})/, '$1年$2月$3日'),
  };
}
