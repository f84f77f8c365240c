import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderTaxiCase, taxiPlan } from '../../test/support/synth/documents/taxi-invoice';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-21 taxi invoices: the corpus's 9 single Shenzhen invoices (ground truth of the
 * source repository) and its 12 MP photo of eight (count and four numbers), and synthetic
 * scans, phone photos and 12 MP sheets of 2–8 invoices of three city formats, some turned.
 * A photo holds several invoices in no fixed order, so fields are keyed by the invoice's
 * number: `21095475.Amount`; an invoice whose number is misread loses all its fields.
 * `count` is the number of invoices found, `<no>.RotateType` how each is turned.
 */

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

/** The corpus's ground truth (the source repository's names) as keyed items. */
export function taxiGroundTruth(t: Record<string, unknown>): Record<string, FieldValue> {
  if (typeof t.InvoiceCount === 'number') {
    const numbers = (t.InvoiceNums_subset as string[]) ?? [];
    return { count: t.InvoiceCount, ...Object.fromEntries(numbers.map((n) => [`${n}.InvoiceNo`, n])) };
  }
  const no = t.InvoiceNum as string;
  const [y, m, d] = (t.Date as string).split('-');
  const fields: Record<string, string> = {
    InvoiceCode: t.InvoiceCode as string,
    InvoiceNo: no,
    PlateNumber: t.TaxiNum as string,
    Date: `${y}年${m}月${d}日`,
    Time: `${t.PickupTime}-${t.DropoffTime}`,
    Amount: t.Fare as string,
    Mileage: t.Mileage as string,
    UnitPrice: t.UnitPrice as string,
    WaitingTime: t.WaitTime as string,
  };
  return { count: 1, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${no}.${k}`, v])), [`${no}.RotateType`]: 0 };
}

interface Invoices {
  Invoices: { Items: { Text: string; Key?: string }[]; RotateType: number }[];
}

export function flattenTaxi(data: unknown): Record<string, FieldValue> {
  const { Invoices } = data as Invoices;
  const flat: Record<string, FieldValue> = { count: Invoices.length };
  for (const invoice of Invoices) {
    const no = invoice.Items.find((i) => i.Key === 'InvoiceNo')?.Text;
    if (!no) continue;
    flat[`${no}.RotateType`] = invoice.RotateType;
    for (const item of invoice.Items) {
      if (item.Key && item.Key !== 'Other' && !(`${no}.${item.Key}` in flat)) flat[`${no}.${item.Key}`] = item.Text;
    }
  }
  return flat;
}

export const taxiInvoiceBench: DocumentBench = {
  type: 'taxi_invoice',
  kind: 'taxi_invoice',
  async corpus() {
    if (!existsSync(`${corpusDir}manifest.json`)) return [];
    const manifest = JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as { file: string; type: string; ground_truth: Record<string, unknown> | null }[];
    return manifest
      .filter((e) => e.type === 'taxi_invoice' && e.ground_truth)
      .map((e): DocumentCase => ({
        name: e.file,
        source: 'corpus',
        bytes: new Uint8Array(readFileSync(`${corpusDir}${e.file}`)),
        options: {},
        expected: taxiGroundTruth(e.ground_truth!),
      }));
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (const plan of taxiPlan(count, seed)) {
      const c = await renderTaxiCase(plan.seed, plan.variant, plan.count);
      const expected: Record<string, FieldValue> = { count: c.slips.length };
      for (const slip of c.slips) {
        const no = slip.expected.InvoiceNo;
        for (const [k, v] of Object.entries(slip.expected)) expected[`${no}.${k}`] = v;
        expected[`${no}.RotateType`] = slip.rotate;
      }
      cases.push({ name: c.name, source: 'synthetic', bytes: c.bytes, options: {}, expected });
    }
    return cases;
  },
  flatten: flattenTaxi,
};
