import { type DataLike, type Shape, shapesFromData, signature } from './table-structure';

/*
 * The key fields of one 2582-25 document's Data, by type, flattened with the names the sheet
 * builder (mixed-sheet.ts, mixed-corpus.ts) gives its expected fields: what the tests and
 * bench:documents' mixed set compare, and what they compare against the same document read alone.
 */

type Data = Record<string, unknown>;
export type FieldValue = string | number;

/**
 * A table's key fields: the structure of each table (grid size and merged cells, table-structure.ts
 * signature) and the texts of its first table's header row, folded for scoring.
 */
export function tableFields(tables: Shape[][]): Record<string, FieldValue> {
  const header = (tables[0] ?? []).filter((s) => s.r0 === 0).sort((a, b) => a.c0 - b.c0);
  return { Grid: tables.map(signature).join(' ; '), Header: header.map((s) => s.text).join('|') };
}

const flatteners: Record<string, (data: Data) => Record<string, FieldValue>> = {
  train_ticket: (d) => ({ Number: d.Number as string, DepartureStation: d.DepartureStation as string, Destination: d.Destination as string, Price: d.Price as number }),
  taxi_invoice: (d) => {
    const items = ((d.Invoices as { Items: { Key?: string; Text: string }[] }[])[0]?.Items ?? []);
    const key = (k: string) => items.find((i) => i.Key === k)?.Text ?? '';
    return { InvoiceNo: key('InvoiceNo'), Amount: key('Amount') };
  },
  vat_invoice: (d) => {
    const c = d.Content as Record<string, string>;
    return { InvoiceNo: c.InvoiceNo ?? '', InvoiceAmount: c.InvoiceAmount ?? '' };
  },
  driver_license: (d) => {
    const f = d.FaceResult as Record<string, string>;
    return { LicenseNumber: f.LicenseNumber ?? '', Name: f.Name ?? '' };
  },
  vehicle_license: (d) => {
    const f = d.FaceResult as Record<string, string>;
    return { PlateNumber: f.PlateNumber ?? '', Vin: f.Vin ?? '' };
  },
  vin: (d) => ({ VinCode: d.VinCode as string }),
  table: (d) => tableFields(shapesFromData(d as unknown as DataLike)),
  general: (d) => ({ first: (d.Results as { Text: string }[])[0]?.Text.replace(/\s+/g, '') ?? '' }),
};

export function flattenMixed(type: string, data: unknown): Record<string, FieldValue> {
  return flatteners[type]?.(data as Data) ?? {};
}
