import { openOfd } from '../../ofd/index';
import { openPdf } from '../../pdf/index';
import { recognize, type OcrLine } from '../../pipeline';
import type { FileInput } from '../extractor';
import { fromRailwayXbrl, type RailwayTicket } from '../railway/eticket';
import { RAILWAY_TITLE } from '../railway/layout';

/*
 * A railway e-ticket file (2582-24 given a PDF or OFD): the lines of its first page that
 * prints 铁路电子客票 (the first page when none does), and the XBRL record an OFD e-ticket
 * carries. A PDF page without a text layer (a scan) is rendered and read by OCR.
 */

const MAX_PAGES = 10;
const isTicketPage = (lines: OcrLine[]) => lines.some((l) => RAILWAY_TITLE.test(l.text.replace(/\s/g, '')));

export interface TicketSource {
  lines: OcrLine[];
  xbrl: RailwayTicket | null;
}

async function fromOfd(bytes: Uint8Array): Promise<TicketSource> {
  const ofd = await openOfd(bytes);
  const xbrl = (await ofd.xmlAttachments()).map((a) => (a.root ? fromRailwayXbrl(a.root) : null)).find((t) => t !== null) ?? null;
  let first: OcrLine[] | undefined;
  for (let i = 0; i < Math.min(ofd.pageCount, MAX_PAGES); i++) {
    const { lines } = await ofd.page(i);
    first ??= lines;
    if (isTicketPage(lines)) return { lines, xbrl };
  }
  return { lines: first ?? [], xbrl };
}

async function fromPdf(bytes: Uint8Array): Promise<TicketSource> {
  const pdf = await openPdf(bytes);
  try {
    let first: OcrLine[] | undefined;
    for (let n = 1; n <= Math.min(pdf.pageCount, MAX_PAGES); n++) {
      const { lines } = await pdf.text(n);
      first ??= lines;
      if (isTicketPage(lines)) return { lines, xbrl: null };
    }
    if (first && first.length > 0) return { lines: first, xbrl: null };
    // a scanned ticket: OCR of the first page
    return { lines: (await recognize(await pdf.render(1))).lines, xbrl: null };
  } finally {
    await pdf.close();
  }
}

export function ticketSource(file: FileInput): Promise<TicketSource> {
  return file.format === 'ofd' ? fromOfd(file.bytes) : fromPdf(file.bytes);
}
