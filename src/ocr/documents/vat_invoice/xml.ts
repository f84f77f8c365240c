import { parseXml } from '../../xml/parse';
import type { ExtractionNotes } from '../extractor';
import { fromRailwayXbrl } from '../railway/eticket';
import { fromEInvoiceXml } from './einvoice-xml';
import { emptyData, finish } from './finish';
import { railwayReading } from './railway';
import type { VatInvoiceData } from './reading';
import { fromOriginalInvoice } from './structured';

/*
 * An invoice given as XML: the tax platform's 数电 <EInvoice>, a tax-control system's original
 * invoice (<eInvoice>), or a railway e-ticket's XBRL. The file is read strictly (malformed XML
 * is refused with the line where it breaks); XML of any other kind is not an invoice. An XML
 * invoice has no page, so no Box and no QR code.
 */
export function readXml(bytes: Uint8Array, notes: ExtractionNotes): VatInvoiceData {
  const root = parseXml(bytes, { what: 'the invoice XML', strict: true });
  const railway = fromRailwayXbrl(root);
  const reading = fromEInvoiceXml(root) ?? fromOriginalInvoice(root) ?? (railway ? railwayReading(railway) : null);
  if (!reading) {
    notes.notThisDocument(`the XML (root element <${root.name}>) is not an invoice the tax platform issues (EInvoice, eInvoice or a railway e-ticket's XBRL)`);
    return emptyData();
  }
  return finish(reading, { source: 'text', qr: [] }, notes);
}
