import { MAX_OFD_PAGES, openOfd, type OfdFile, type OfdPageText } from '../../ofd/index';
import { withQuietZone, decodeQr } from '../../qr/decode';
import type { ExtractionNotes } from '../extractor';
import { fromRailwayXbrl } from '../railway/eticket';
import { looksLikeInvoice, NOT_AN_INVOICE, readLayout } from './assemble';
import { fromEInvoiceXml } from './einvoice-xml';
import { finish } from './finish';
import { locate } from './locate';
import { railwayReading } from './railway';
import { type Reading, type VatInvoiceData, BOXED_FIELDS, merge } from './reading';
import { fromCustomData, fromCustomTags, fromOriginalInvoice } from './structured';

/*
 * An OFD e-invoice. Its own structured data wins (the issuer's attachment, then the custom
 * tags pointing at the page's text objects, then OFD.xml's CustomDatas), the first invoice
 * page's text read by layout fills the rest (the title, the capital amount, whatever a
 * producer leaves out) and is all there is for files converted from PDF. Boxes are where the
 * value stands on that page (tagged objects, or the text that reads the same). The QR code is
 * decoded from the page's images and compared with the result.
 */

/** An attachment as invoice data: the tax-control original invoice, the 数电 XML, the railway XBRL. */
function attachmentReading(root: Parameters<typeof fromOriginalInvoice>[0]): Reading | null {
  const railway = fromRailwayXbrl(root);
  return fromOriginalInvoice(root) ?? fromEInvoiceXml(root) ?? (railway ? railwayReading(railway) : null);
}

/** Images placed like a QR code: square within 20%, 8–60 mm a side. */
const qrLike = ([x0, y0, x1, y1]: number[]) => {
  const w = x1! - x0!, h = y1! - y0!;
  return w >= 8 && w <= 60 && h >= 8 && h <= 60 && Math.abs(w - h) <= 0.2 * Math.max(w, h);
};

async function pageQr(ofd: OfdFile, page: OfdPageText): Promise<string[]> {
  for (const image of page.images.filter((i) => qrLike(i.rect)).slice(0, 4)) {
    const raster = await ofd.image(image);
    if (!raster) continue;
    const found = await decodeQr(withQuietZone(raster, Math.ceil(raster.width / 10)));
    if (found.length) return found;
  }
  return [];
}

export async function readOfd(bytes: Uint8Array, notes: ExtractionNotes): Promise<VatInvoiceData> {
  const ofd = await openOfd(bytes);
  const attachments = await ofd.xmlAttachments();
  for (const a of attachments) if (a.error) notes.remark(`${a.error}; the invoice was read without it`);
  const attached = attachments.map((a) => (a.root ? attachmentReading(a.root) : null)).filter((r): r is Reading => r !== null);
  const custom = fromCustomData(ofd.customData);
  // the first page that holds an invoice; the first page when the structured data says it is one
  const invoices: number[] = [];
  let page: OfdPageText | undefined;
  let index = 0;
  for (let i = 0; i < Math.min(ofd.pageCount, MAX_OFD_PAGES); i++) {
    const p = await ofd.page(i);
    if (!looksLikeInvoice(p.lines)) continue;
    invoices.push(i + 1);
    if (!page) [page, index] = [p, i];
  }
  if (!page) page = await ofd.page(0);
  if (invoices.length > 1) notes.remark(`the OFD holds ${invoices.length} invoices (pages ${invoices.join(', ')}); page ${index + 1} was read`);
  if (ofd.pageCount > MAX_OFD_PAGES) notes.remark(`only the first ${MAX_OFD_PAGES} of ${ofd.pageCount} pages were looked at`);

  const tags = fromCustomTags(await ofd.customTags(), ofd.pageIds[index]!, page.texts);
  const layout = readLayout(page.lines);
  const reading = merge(...attached, tags, custom, layout);
  if (!reading.content.InvoiceNo && invoices.length === 0) notes.notThisDocument(page.lines.length ? NOT_AN_INVOICE : 'the OFD holds no text');
  // where each value stands: a tagged object, the text the layout read it from, or text that reads the same
  for (const field of BOXED_FIELDS) {
    const value = reading.content[field];
    if (!value || reading.boxes[field]) continue;
    const box = (tags.content[field] === value ? tags.boxes[field] : undefined) ?? (layout.content[field] === value ? layout.boxes[field] : undefined) ?? locate(page.lines, value);
    if (box?.length) reading.boxes[field] = box;
  }
  const fromStructure = new Set(BOXED_FIELDS.filter((f) => [...attached, tags, custom].some((r) => r.content[f])));
  return finish(reading, { source: 'text', qr: await pageQr(ofd, page), invalidIds: layout.invalidIds.filter((f) => !fromStructure.has(f as (typeof BOXED_FIELDS)[number])) }, notes);
}
