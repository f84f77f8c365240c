import type { OcrLine } from '../../pipeline';
import { emptyTicket, type RailwayTicket } from './eticket';

/*
 * The invoice side of a railway e-ticket as its page prints it (a PDF text layer, OFD text, or
 * OCR of a photo): the title, 发票号码 and 开票日期 at the top, 票价 (or 退票费), 金额, 税率 and 税额
 * in a row, 购买方名称 and 统一社会信用代码 at the bottom. Labels end with a colon of either width;
 * 原发票号码 (of the ticket it replaces) is not the number. The journey itself (train, stations,
 * seat) is read by the train ticket's own patterns (train_ticket.ts).
 */

export const RAILWAY_TITLE = /铁路电子客票/;

const money = String.raw`[¥￥Y]?\s*(-?\d{1,6}\.\d{2})`;
const PATTERNS: Partial<Record<keyof RailwayTicket, RegExp>> = {
  invoiceNo: /(?<!原)发票号码[:：]?\s*(\d{20})/,
  issueDate: /开票日期[:：]?\s*(\d{4}\s*[-年./]\s*\d{1,2}\s*[-月./]\s*\d{1,2}\s*日?)/,
  fare: new RegExp(`(?:票\\s*价|退票费|改签费|变更费)[:：]?\\s*${money}`),
  withoutTax: new RegExp(`(?<![价税合])金\\s*额[:：]?\\s*${money}`),
  tax: new RegExp(`(?<!合)税\\s*额[:：]?\\s*${money}`),
  taxRate: /税\s*率[:：]?\s*(\d{1,2}%|免税|不征税)/,
  buyerName: /购买方名称[:：]?\s*(.+?)\s*(?=统一社会信用代码|$)/,
  buyerId: /统一社会信用代码[:：]?\s*([0-9A-Z]{15,20})/,
};

/** The e-ticket's invoice fields from its lines; null when the page is not a railway e-ticket. */
export function readRailwayText(lines: OcrLine[]): RailwayTicket | null {
  const texts = lines.map((l) => l.text);
  const titleLine = texts.find((t) => RAILWAY_TITLE.test(t.replace(/\s/g, '')));
  if (!titleLine) return null;
  const ticket = emptyTicket();
  ticket.title = '电子发票（铁路电子客票）';
  for (const [field, re] of Object.entries(PATTERNS) as [keyof RailwayTicket, RegExp][]) {
    for (const text of texts) {
      const m = re.exec(text);
      if (m?.[1]) {
        ticket[field] = m[1].trim();
        break;
      }
    }
  }
  return ticket;
}
