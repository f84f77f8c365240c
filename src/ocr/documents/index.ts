import type { z } from 'zod';
import { OcrInputError, OcrTaskError } from '../errors';
import type { DecodedImage } from '../image/decode';
import { applyExtractor, type DocumentExtractor, type Extracted, type FileInput, isFileInput } from './extractor';
import driver_license from './driver_license';
import general from './general';
import mixed from './mixed';
import plate from './plate';
import vin from './vin';
import table from './table';
import taxi_invoice from './taxi_invoice';
import train_ticket from './train_ticket';
import vat_invoice from './vat_invoice';
import vehicle_license from './vehicle_license';

/*
 * The explicit registry of task kinds. To add a document type: write
 * documents/<kind>.ts exporting defineExtractor({ kind, point, options, extract }),
 * import it here and add it under the same key; test/ocr/documents/registry.test.ts
 * checks that every key matches its extractor's kind.
 */
export const extractors = {
  general,
  plate,
  vin,
  table,
  train_ticket,
  taxi_invoice,
  vat_invoice,
  driver_license,
  vehicle_license,
  mixed,
} satisfies Record<string, DocumentExtractor<z.ZodType, unknown>>;

export type DocumentKind = keyof typeof extractors;
/** What a kind's extractor returns: the `Data` of its access point. */
export type DocumentData<K extends DocumentKind> = Awaited<ReturnType<(typeof extractors)[K]['extract']>>;
/** The options a caller may pass for a kind (before defaults). */
export type DocumentOptions<K extends DocumentKind> = z.input<(typeof extractors)[K]['options']>;

export function isDocumentKind(kind: string): kind is DocumentKind {
  return Object.hasOwn(extractors, kind);
}

/** Runs a kind on a decoded image, or on a document file when the kind reads that format (runtime/run-task.ts decides). */
export async function runExtractor(kind: string, input: DecodedImage | FileInput, rawOptions: unknown): Promise<Extracted> {
  if (!isDocumentKind(kind)) throw new OcrTaskError('unknown-kind', `unknown document kind "${kind}"`);
  const extractor: DocumentExtractor = extractors[kind];
  if (isFileInput(input) && !(extractor.extractFile && extractor.files?.includes(input.format))) {
    const accepted = ['an image', ...(extractor.files ?? []).map((f) => `a ${f.toUpperCase()} file`)];
    throw new OcrInputError('unsupported-format', `a ${input.format.toUpperCase()} file was given where ${accepted.join(' or ')} is expected`);
  }
  return applyExtractor(extractor, input, rawOptions);
}
