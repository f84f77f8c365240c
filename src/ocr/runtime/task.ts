import type { Extracted } from '../documents/extractor';
import type { SerializedError } from '../errors';
import type { ModelForm } from '../models';

/** A unit of work for the pool; plain data so it crosses the thread boundary by copy. */
export interface OcrTask<Kind extends string = string> {
  kind: Kind;
  /** The file as received: an image (JPEG, PNG, BMP, GIF, WebP or AVIF), or a PDF for kinds that read PDFs. */
  bytes: Uint8Array;
  options: Record<string, unknown>;
  /** set by the pool when the caller may cancel: a shared flag the stages check (cancel.ts) */
  cancel?: Int32Array;
}

/** Workers answer with a value, never a thrown error, so typed errors survive the trip. */
export type OcrReply = { ok: true; result: Extracted; ms: number } | { ok: false; error: SerializedError };

/** Settings a worker thread reads at start (piscina workerData). */
export interface WorkerSettings {
  intraOpThreads: number;
  /** Threads reading one task's lines: the worker and recThreads − 1 recognition helpers. */
  recThreads: number;
  /** How the models are opened (models.ts ModelForm); by default as the CPU suits (defaultModelForm). */
  modelForm?: ModelForm;
}
