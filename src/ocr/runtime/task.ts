import type { Extracted } from '../documents/extractor';
import type { DocumentKind, DocumentOptions } from '../documents/index';
import type { SerializedError } from '../errors';
import type { ModelForm } from '../models';

/**
 * A unit of work for the pool as it travels: plain data, copied to a thread, kept in the job
 * table or on Redis as JSON. Whatever built it, the worker checks the kind and parses the options
 * with the kind's own schema (documents/index.ts runExtractor), so an extractor only ever gets
 * options of its type.
 */
export interface OcrTask {
  kind: string;
  /** The file as received: an image (JPEG, PNG, BMP, GIF, WebP or AVIF), or a PDF for kinds that read PDFs. */
  bytes: Uint8Array;
  options: unknown;
  /** set by the pool when the caller may cancel: a shared flag the stages check (cancel.ts) */
  cancel?: Int32Array;
}

/**
 * A task as the gateway builds it: a kind of the engine's registry with that kind's options
 * (the input of its extractor's schema, DocumentOptions), checked when the gateway is compiled;
 * the schema that parses them in the worker is the one these types derive from.
 */
export interface DocumentTask<K extends DocumentKind = DocumentKind> extends OcrTask {
  kind: K;
  options: DocumentOptions<K>;
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
