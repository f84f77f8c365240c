/*
 * The key fields of one 2582-25 document's Data, by type, flattened with the names the sheet
 * builder (mixed-sheet.ts, mixed-corpus.ts) gives its expected fields: what the tests and
 * bench:documents' mixed set compare, and what they compare against the same document read alone.
 */

type Data = Record<string, unknown>;
export type FieldValue = string | number;

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
  general: (d) => ({ first: (d.Results as { Text: string }[])[0]?.Text.replace(/\s+/g, '') ?? '' }),
};

export function flattenMixed(type: string, data: unknown): Record<string, FieldValue> {
  return flatteners[type]?.(data as Data) ?? {};
}
