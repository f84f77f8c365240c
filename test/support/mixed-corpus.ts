import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MixedType } from '../../src/protocol/points/2582-25';
import type { Piece } from './synth/documents/mixed-sheet';

/*
 * Corpus photos as pieces of a 2582-25 sheet (synth/documents/mixed-sheet.ts): the file as it is,
 * and its key fields from the corpus manifest's ground truth, under the names mixed-fields.ts
 * flattens a document's Data to. The corpus lives beside the repository (../shared/corpus); a
 * fresh clone has none, and the tests that need it skip and say why.
 */

export const corpusRoot = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
export const hasMixedCorpus = existsSync(`${corpusRoot}manifest.json`);

type Truth = Record<string, string | number | string[]>;

/** The manifest's names for each type's key fields, as mixed-fields.ts names them. */
const keyFields: Partial<Record<MixedType, (t: Truth) => Record<string, string | number>>> = {
  train_ticket: (t) => ({ Number: String(t.TrainNum), DepartureStation: String(t.StartStation), Destination: String(t.DestinationStation), Price: Number(t.Price) }),
  taxi_invoice: (t) => ({ InvoiceNo: String(t.InvoiceNum), Amount: String(t.Fare) }),
  vat_invoice: (t) => ({ InvoiceNo: String(t.InvoiceNum), InvoiceAmount: String(t.AmountInFiguers) }),
  driver_license: (t) => ({ LicenseNumber: String(t.CardNum), Name: String(t.Name) }),
  vin: (t) => ({ VinCode: String(t.VIN) }),
};

let manifest: { file: string; type: MixedType; ground_truth: Truth | null }[] | undefined;

/** The corpus file as a piece of a sheet, `scale` times its size. */
export function corpusPiece(file: string, scale = 1): Piece {
  manifest ??= JSON.parse(readFileSync(`${corpusRoot}manifest.json`, 'utf8')) as typeof manifest;
  const entry = manifest!.find((e) => e.file === file);
  const fields = entry && keyFields[entry.type];
  if (!entry?.ground_truth || !fields) throw new Error(`${file}: no corpus entry with key fields of its type`);
  return { type: entry.type, bytes: new Uint8Array(readFileSync(`${corpusRoot}${file}`)), expected: fields(entry.ground_truth), scale, source: file };
}
