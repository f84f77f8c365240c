import type { z } from 'zod';
import type { DocumentKind, DocumentOptions } from '../../ocr/documents/index';
import type { FileFormat } from '../../ocr/image/sniff';
import type { DocumentTask } from '../../ocr/runtime/task';
import { FILE_MAX_BYTES, IMAGE_MAX_BYTES } from '../../protocol/limits';
import type { PointSpec } from '../../protocol/point';
import type { PointContext } from '../points/define';
import { type RecognitionInput, takeInput } from './intake';
import { businessOf } from './outcome';

/*
 * The recognition points (2582-*) differ only in the document kind they ask the engine for and
 * how their fields become the kind's options; the rest is this one flow:
 *   validated fields → fetch + format check (refused at once, Async or not)
 *   → Async=true: job recorded and queued, body { RequestId }
 *   → otherwise: recognised within the 5 s budget, body { RequestId, Data } (ret_code -2 and
 *     the Data as read when the engine says the image is not this document).
 * The kind is a key of the engine's registry (src/ocr/documents/index.ts) and the options are
 * that kind's (DocumentOptions<K>, the input of its extractor's schema), both checked when the
 * gateway is compiled; only their types are imported, so the gateway's main thread never loads
 * the extractors (the recognition threads do, and parse the options with that same schema).
 */

/** Fields every recognition request has (protocol/recognition.ts). */
interface CommonFields {
  Async: boolean;
  ImageURL?: string;
  FileURL?: string;
  FileType?: string;
}

type UrlField = 'ImageURL' | 'FileURL';

/** A recognition point's protocol description: its request has the common fields, and `U` always. */
type RecognitionSpec<U extends UrlField> = PointSpec<z.ZodType<CommonFields & Record<U, string>>>;

/**
 * What the point answers: the RequestId of a queued job, or the Data the engine read. The Data
 * comes back from a recognition thread (or another process) as plain data, so it is not typed
 * here; its shape is the extractor's return type (DocumentData<K>), which the point's schema
 * describes to callers.
 */
interface RecognitionAnswer {
  ret_code: number;
  remark: string;
  RequestId: string;
  Data?: unknown;
}

export interface RecognitionPointOptions<U extends UrlField, S extends RecognitionSpec<U>, K extends DocumentKind> {
  /** the engine's document kind */
  kind: K;
  urlField: U;
  /** document files the kind reads beside images (its extractor's `files`); up to 10 MB */
  files?: readonly FileFormat[];
  /** the largest image taken: IMAGE_MAX_BYTES, or FILE_MAX_BYTES for FileURL (2582-22) and whole sheets (2582-25) */
  imageMaxBytes?: number;
  /** the request's fields as the kind's options; `input.format` tells a document file from an image */
  taskOptions(params: z.output<S['request']>, input: RecognitionInput): DocumentOptions<K>;
}

/** A recognition point's handler, with the engine kind it asks for. */
export interface RecognitionPointHandler<S extends PointSpec, K extends DocumentKind> {
  spec: S;
  kind: K;
  handle(ctx: PointContext<S>): Promise<RecognitionAnswer>;
}

export function recognitionPoint<U extends UrlField, S extends RecognitionSpec<U>, K extends DocumentKind>(
  spec: S,
  opts: RecognitionPointOptions<U, S, K>,
): RecognitionPointHandler<S, K> {
  const files = opts.files ?? [];
  const handle = async ({ params, caller, requestId, services, signal }: PointContext<S>): Promise<RecognitionAnswer> => {
    const fields: CommonFields & Record<U, string> = params;
    const owner = { appid: caller.appid, outCode: caller.subAuth?.outCode ?? null };
    // a caller at its quota of queued jobs is refused before its input is fetched (limits/job-quota.ts)
    if (fields.Async) await services.jobQuota.precheck(owner);
    const input = await takeInput(fields[opts.urlField], {
      maxBytes: files.length ? FILE_MAX_BYTES : IMAGE_MAX_BYTES,
      imageMaxBytes: opts.imageMaxBytes ?? (opts.urlField === 'FileURL' ? FILE_MAX_BYTES : IMAGE_MAX_BYTES),
      allow: services.config.IMAGE_FETCH_ALLOW,
      files,
      ...(fields.FileType !== undefined ? { fileType: fields.FileType } : {}),
      signal,
    });
    const task: DocumentTask<K> = { kind: opts.kind, bytes: input.bytes, options: opts.taskOptions(params, input) };

    if (fields.Async) {
      const job = { id: requestId, ...owner, point: spec.id, task };
      await services.jobQuota.admit(job, input.bytes.length, () => services.recognition.submit(job));
      return { ret_code: 0, remark: '', RequestId: requestId };
    }
    const extracted = await services.recognition.recognize(task, signal);
    const { retCode, remark } = businessOf(extracted);
    return { ret_code: retCode, remark, RequestId: requestId, Data: extracted.data };
  };
  return { spec, kind: opts.kind, handle };
}
