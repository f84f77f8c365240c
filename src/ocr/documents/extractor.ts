import type { z } from 'zod';
import { OcrTaskError } from '../errors';
import type { DecodedImage } from '../image/decode';
import { type FileFormat, isFileFormat } from '../image/sniff';

/**
 * What an extractor may say beside its Data: remarks the caller should read (amounts that
 * disagree, more pages than the one read), and that the image is not this kind of document
 * at all (the gateway then answers ret_code -2 with the Data as read).
 */
export interface ExtractionNotes {
  remark(text: string): void;
  notThisDocument(why: string): void;
}

/** A kind's Data with what its extractor noted. */
export interface Extracted<Data = unknown> {
  data: Data;
  remarks: string[];
  /** set when the image is not the document the kind reads; says why */
  notThisDocument?: string;
}

/**
 * A document file as received (PDF, OFD or the issuer's XML): kinds that read such files open
 * them themselves (text layer or structured data, page choice).
 */
export interface FileInput {
  format: FileFormat;
  bytes: Uint8Array;
}

/**
 * One document type: its task kind, the access point it serves, the options it takes
 * (validated in the worker, defaults applied) and the function that reads an image into
 * exactly that point's `Data` shape. A kind that also reads document files lists their formats
 * in `files` and reads them in `extractFile` (2582-22: PDF, OFD, XML; 2582-24: PDF, OFD); every
 * other file is refused before the extractor runs.
 */
export interface DocumentExtractor<Options extends z.ZodType = z.ZodType, Data = unknown> {
  kind: string;
  point: string;
  options: Options;
  extract(image: DecodedImage, options: z.output<Options>, notes: ExtractionNotes): Promise<Data>;
  files?: readonly FileFormat[];
  extractFile?(file: FileInput, options: z.output<Options>, notes: ExtractionNotes): Promise<Data>;
}

export function defineExtractor<Options extends z.ZodType, Data>(
  extractor: DocumentExtractor<Options, Data>,
): DocumentExtractor<Options, Data> {
  return extractor;
}

/**
 * Runs one extractor: its options validated (defaults applied), what it notes collected beside
 * its Data. A document file goes to `extractFile`; the caller has checked the extractor reads it.
 */
export async function applyExtractor(extractor: DocumentExtractor, input: DecodedImage | FileInput, rawOptions: unknown): Promise<Extracted> {
  const parsed = extractor.options.safeParse(rawOptions ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`);
    throw new OcrTaskError('bad-options', `invalid options for "${extractor.kind}": ${issues.join('; ')}`);
  }
  const result: Extracted = { data: undefined, remarks: [] };
  const notes: ExtractionNotes = {
    remark: (text) => void result.remarks.push(text),
    notThisDocument: (why) => {
      result.notThisDocument = why;
    },
  };
  result.data = isFileInput(input) ? await extractor.extractFile!(input, parsed.data, notes) : await extractor.extract(input, parsed.data, notes);
  return result;
}

export const isFileInput = (input: DecodedImage | FileInput): input is FileInput => isFileFormat(input.format as FileFormat);
