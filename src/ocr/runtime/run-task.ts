import { isDocumentKind, runExtractor } from '../documents/index';
import type { Extracted } from '../documents/extractor';
import { OcrTaskError } from '../errors';
import { decodeImage } from '../image/decode';
import { isFileFormat, sniffFormat } from '../image/sniff';
import type { OcrTask } from './task';

/*
 * One task from bytes to Data, as the pool's worker and bench:documents both run it: the
 * bytes decide the format (DESIGN.md §5); a document file (PDF, OFD, XML) goes as it is to a
 * kind that reads that format (its extractor opens it: text layer or structured data first,
 * OCR for scanned pages), anything else is decoded to RGB first. Kinds without a reader for the
 * format are refused it here, before any work.
 */

export async function runTask(task: OcrTask): Promise<Extracted> {
  if (!isDocumentKind(task.kind)) throw new OcrTaskError('unknown-kind', `unknown document kind "${task.kind}"`);
  const format = sniffFormat(task.bytes);
  if (isFileFormat(format)) return runExtractor(task.kind, { format, bytes: task.bytes }, task.options);
  return runExtractor(task.kind, await decodeImage(task.bytes), task.options);
}
