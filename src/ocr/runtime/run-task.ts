import { isDocumentKind, runExtractor } from '../documents/index';
import type { Extracted } from '../documents/extractor';
import { OcrTaskError } from '../errors';
import { decodeImage } from '../image/decode';
import { sniffFormat } from '../image/sniff';
import type { OcrTask } from './task';

/*
 * One task from bytes to Data, as the pool's worker and bench:documents both run it: the
 * bytes decide the format (DESIGN.md §5); a PDF goes as it is to a kind that reads PDFs
 * (its extractor opens it: text layer first, OCR for scanned pages), anything else is
 * decoded to RGB first. Kinds without a PDF reader are refused a PDF here, before any work.
 */

export async function runTask(task: OcrTask): Promise<Extracted> {
  if (!isDocumentKind(task.kind)) throw new OcrTaskError('unknown-kind', `unknown document kind "${task.kind}"`);
  if (sniffFormat(task.bytes) === 'pdf') return runExtractor(task.kind, { format: 'pdf', bytes: task.bytes }, task.options);
  return runExtractor(task.kind, await decodeImage(task.bytes), task.options);
}
