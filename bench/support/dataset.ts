import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderDocument, type Variant } from '../../test/support/synth/index';

/*
 * The images every engine reads, written once to a temporary folder. Synthetic pages
 * carry their full text; corpus images carry what their manifest knows: a full
 * transcription ('page') or field values that must appear inside some line ('fields').
 */

export interface BenchItem {
  id: string;
  set: 'synthetic' | 'corpus';
  path: string;
  bytes: number;
  truth: string[];
  mode: 'page' | 'fields';
  /** 'document': a full ~1000 px page; 'photo': a ~3 MB 12 MP phone photo. */
  tag?: 'document' | 'photo';
}

const VARIANTS: Variant[] = ['clean', 'small', 'skew', 'rot90', 'rot180', 'rot270', 'noisy', 'jpeg', 'blur'];

/** The synthetic pages of the bench (seed `s` of each kind); bench:pool reads the same ones. */
export const benchPages = {
  variant: (variant: Variant, s: number) => renderDocument({ seed: 1000 + s * 37 + variant.length, variant }),
  /** a full ~1000 px page of 22 lines */
  document: (s: number) => renderDocument({ seed: 2000 + s, variant: 'clean', width: 1000, fontSize: 22, lineCount: 22 }),
  /** a ~3 MB 12 MP phone photo of 30 lines */
  photo: (s: number) => renderDocument({ seed: 3000 + s, variant: 'photo', width: 2600, fontSize: 16, lineCount: 30 }),
};

export async function syntheticItems(dir: string, seeds: number): Promise<BenchItem[]> {
  const items: BenchItem[] = [];
  const add = async (id: string, page: Awaited<ReturnType<typeof renderDocument>>, tag?: BenchItem['tag']) => {
    const path = join(dir, `${id}.${page.format === 'jpeg' ? 'jpg' : 'png'}`);
    writeFileSync(path, page.bytes);
    items.push({ id, set: 'synthetic', path, bytes: page.bytes.length, truth: page.lines, mode: 'page', ...(tag ? { tag } : {}) });
  };
  for (const variant of VARIANTS) {
    for (let s = 0; s < seeds; s++) await add(`${variant}-${s}`, await benchPages.variant(variant, s));
  }
  for (let s = 0; s < 3; s++) {
    await add(`document-${s}`, await benchPages.document(s), 'document');
  }
  for (let s = 0; s < 2; s++) {
    await add(`photo-${s}`, await benchPages.photo(s), 'photo');
  }
  return items;
}

/* Field values printed verbatim on the document (dates and prices the manifest reformats are left out). */
const FIELDS: Record<string, string[]> = {
  plate: ['PlateNumber'],
  vin: ['VIN'],
  train_ticket: ['TicketNum', 'StartStation', 'DestinationStation', 'TrainNum', 'SeatCategory', 'Name', 'SerialNum'],
  taxi_invoice: ['InvoiceCode', 'InvoiceNum', 'TaxiNum', 'DriverCertNum', 'PickupTime', 'DropoffTime', 'UnitPrice', 'Mileage', 'Fare'],
  vat_invoice: ['InvoiceCode', 'InvoiceNum', 'InvoiceDate', 'CheckCode', 'PurchaserName', 'PurchaserRegisterNum', 'SellerName', 'SellerRegisterNum', 'TotalAmount', 'TotalTax', 'AmountInFiguers'],
  driver_license: ['CardNum', 'Name', 'Address', 'Class', 'IssuingAuthority'],
};

interface ManifestEntry {
  file: string;
  type: string;
  ground_truth: Record<string, unknown> | null;
}

function truthOf(entry: ManifestEntry): Pick<BenchItem, 'truth' | 'mode'> | undefined {
  const gt = entry.ground_truth;
  if (!gt) return undefined;
  if (entry.type === 'general') {
    if (Array.isArray(gt.text_lines)) return { truth: gt.text_lines as string[], mode: 'page' };
    if (typeof gt.text === 'string') return { truth: [gt.text], mode: 'page' };
    const partial = [gt.first_line, gt.column_left].filter((v): v is string => typeof v === 'string');
    return partial.length ? { truth: partial, mode: 'fields' } : undefined;
  }
  if (Array.isArray(gt.InvoiceNums_subset)) return { truth: gt.InvoiceNums_subset as string[], mode: 'fields' };
  const values = (FIELDS[entry.type] ?? []).map((k) => gt[k]).filter((v): v is string => typeof v === 'string' && v !== '');
  return values.length ? { truth: values, mode: 'fields' } : undefined;
}

export const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

export function corpusItems(): BenchItem[] {
  if (!existsSync(join(corpusDir, 'manifest.json'))) return [];
  const manifest = JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8')) as ManifestEntry[];
  return manifest.flatMap((entry) => {
    const truth = entry.file.endsWith('.pdf') ? undefined : truthOf(entry);
    if (!truth) return [];
    const path = join(corpusDir, entry.file);
    return [{ id: entry.file, set: 'corpus' as const, path, bytes: readFileSync(path).length, ...truth }];
  });
}
