import type { Extracted } from '../../ocr/documents/extractor';
import { type CodeName, retCodes } from '../../protocol/codes';
import { OcrInputError, OcrTaskError } from '../../ocr/errors';
import { GatewayError } from '../errors';

/*
 * What a recognition's result means to the caller, decided once for synchronous answers and job
 * states alike (docs/recognition-runtime.md, "Codes"). The engine's messages name the image
 * problem in plain words ("image has 50000×50000 pixels..."), so they go to the caller.
 */

/** ret_code and remark of a successful recognition: -2 when the engine says it is not this document. */
export function businessOf(extracted: Extracted): { retCode: number; remark: string } {
  const notes = extracted.notThisDocument ? [extracted.notThisDocument, ...extracted.remarks] : extracted.remarks;
  return { retCode: extracted.notThisDocument ? retCodes.WRONG_DOCUMENT : retCodes.OK, remark: notes.join('; ') };
}

export type Failure =
  /** the input cannot be read: the caller's fault, never retried */
  | { kind: 'input'; code: CodeName; detail: string }
  /** the time budget ran out (the pool has freed the worker) */
  | { kind: 'timeout' }
  /** this engine has no such kind, or runs no workers */
  | { kind: 'unavailable'; detail: string }
  /** the worker thread died under the task: another attempt may succeed */
  | { kind: 'lost'; detail: string }
  /** a bug on our side */
  | { kind: 'internal'; detail: string };

export function classify(err: unknown, timedOut: boolean): Failure {
  if (timedOut) return { kind: 'timeout' };
  if (err instanceof OcrInputError) {
    return { kind: 'input', code: err.reason === 'too-many-pixels' || err.reason === 'too-large' ? 'INPUT_TOO_LARGE' : 'INPUT_UNREADABLE', detail: err.message };
  }
  if (err instanceof OcrTaskError) {
    if (err.reason === 'unknown-kind' || err.reason === 'disabled') return { kind: 'unavailable', detail: err.message };
    if (err.reason === 'worker-failed') return { kind: 'lost', detail: err.message };
  }
  return { kind: 'internal', detail: err instanceof Error ? err.message : String(err) };
}

/** The error a synchronous caller gets. */
export function failureError(failure: Failure, budgetMs: number): GatewayError {
  switch (failure.kind) {
    case 'input':
      return new GatewayError(failure.code, failure.detail);
    case 'timeout':
      // dense pages (a photo of several invoices) need more than the budget on any machine:
      // say what to do instead of only what went wrong
      return new GatewayError('TIMEOUT', `recognition took longer than ${budgetMs / 1000} s; send large or dense images with Async=true and read the result with 2582-16`);
    case 'unavailable':
      return new GatewayError('NOT_FOUND', failure.detail);
    default:
      // the detail is ours, not the caller's: it is logged with the cause, not returned
      return new GatewayError('INTERNAL', undefined, { cause: new Error(failure.detail) });
  }
}
