import { z } from 'zod';
import type { taxiInvoiceData } from '../../protocol/points/2582-21';
import { recognize } from '../pipeline';
import { settleAll } from '../runtime/settle';
import { defineExtractor } from './extractor';
import { readInvoice } from './taxi_invoice/invoice';
import { groupInvoices } from './taxi_invoice/layout';

/*
 * 2582-21 taxi invoices: every invoice in the image. Lines are grouped into invoices by
 * their header blocks (layout.ts), each invoice is read in its own frame (invoice.ts), and
 * the invoices are listed in reading order of the photo: rows top to bottom, then left to
 * right. Items carry Key for the fields they are (DESIGN.md §5); lines that are no field
 * are items without Key.
 */

type TaxiInvoices = z.infer<typeof taxiInvoiceData>;

const options = z.object({});

/** Fields only a taxi meter prints. */
const METER_KEYS = new Set(['PlateNumber', 'Time', 'Mileage', 'UnitPrice', 'WaitingTime']);

/** Invoices whose tops are within half an invoice of each other form one row of the photo. */
function photoOrder(invoices: TaxiInvoices['Invoices']): TaxiInvoices['Invoices'] {
  const sorted = [...invoices].sort((a, b) => a.InvoiceRoi.Y - b.InvoiceRoi.Y);
  const rows: TaxiInvoices['Invoices'][] = [];
  for (const invoice of sorted) {
    const row = rows[rows.length - 1];
    if (row && invoice.InvoiceRoi.Y - row[0]!.InvoiceRoi.Y < row[0]!.InvoiceRoi.H / 2) row.push(invoice);
    else rows.push([invoice]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.InvoiceRoi.X - b.InvoiceRoi.X));
}

export default defineExtractor({
  kind: 'taxi_invoice',
  point: '2582-21',
  options,
  async extract(image, _options, notes): Promise<TaxiInvoices> {
    // every line, also those read with low confidence: on an invoice turned over, or a quarter
    // with the classifier fooled by dot-matrix, they are read again its way up (cells.ts)
    const { lines } = await recognize(image, { minConfidence: 0 });
    const groups = groupInvoices(lines);
    if (groups.length === 0) {
      notes.notThisDocument('no taxi invoice header (发票代码, 发票号码, title) or meter labels found');
      return { Invoices: [] };
    }
    // read side by side: each invoice's re-reads go one at a time, eight invoices' at once
    // keep the recognition helpers busy (runtime/line-queue.ts)
    const read = await settleAll(groups.map((group) => readInvoice(image, group)));
    // other invoices (VAT) have 发票代码/号码 too: a taxi invoice says 出租 or has the meter's fields
    const invoices = read.filter((invoice) => {
      const meter = new Set(invoice.Items.filter((i) => i.Key && METER_KEYS.has(i.Key)).map((i) => i.Key));
      return meter.size >= 2 || invoice.Items.some((i) => /出租/.test(i.Text));
    });
    if (invoices.length === 0) notes.notThisDocument('an invoice header but no 出租 title and no meter fields (车号, 上车/下车, 单价, 里程, 等候): not a taxi invoice');
    return { Invoices: photoOrder(invoices) };
  },
});
