import { z } from 'zod';
import { businessBase } from './envelope';
import { boolString } from './fields';
import { FILE_MAX_BYTES } from './limits';

/*
 * Pieces shared by the recognition points (product 2582), DESIGN.md §5.
 */

/** Characters the original service refused in input URLs: CJK ideographs and full-width forms. */
const CHINESE = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * Largest URL we read: a FILE_MAX_BYTES file as a base64 `data:` URL, with room to spare for its
 * header (the size itself is checked once decoded: -1101, not "too long").
 */
const MAX_URL_LENGTH = Math.ceil(FILE_MAX_BYTES / 3) * 4 + 256 * 1024;

export const inputUrl = z
  .string()
  .min(1, 'required')
  .max(MAX_URL_LENGTH, 'too long')
  .refine((v) => !CHINESE.test(v), 'must not contain Chinese characters')
  .refine((v) => /^(https?:\/\/|data:)/i.test(v), 'must be an http, https or data: URL');

/** Data sources; `local` (the built-in PP-OCR engine) always exists. */
export const dataSources = ['local'] as const;
export const dsId = z.enum(dataSources).describe('data source; `local` is the built-in engine');

export const asyncFlag = boolString(false).describe(
  '`true` queues the job and answers with only RequestId; read the result with 2582-16',
);

export const imageRequest = {
  ImageURL: inputUrl.describe('http, https or data: URL of the image (JPEG, PNG, BMP, GIF, WebP, AVIF; up to 3 MB)'),
  ds_id: dsId,
  Async: asyncFlag,
};

export const side = z.enum(['face', 'back']).describe('face (front page) or back (back page)');

const requestId = z.string().describe('unique id of this recognition; for an asynchronous call also the JobId');

/** The body of a synchronous recognition answer. */
export function recognitionResponse<Data extends z.ZodType>(data: Data) {
  return z.object({ ...businessBase, RequestId: requestId, Data: data });
}

/**
 * The body of an `Async=true` answer: only the id to poll 2582-16 with. Strict, so a synchronous
 * answer whose Data is malformed fails validation instead of passing as an accepted job.
 */
export const asyncAccepted = z.strictObject({ ...businessBase, RequestId: requestId });

/** A recognition point's body: the synchronous result, or the RequestId of a queued job. */
export function recognitionBody<Data extends z.ZodType>(data: Data) {
  return z.union([recognitionResponse(data), asyncAccepted]);
}

/** An axis-aligned rectangle given by its top-left corner and size, in image pixels. */
export const xywh = z.object({ X: z.number(), Y: z.number(), W: z.number(), H: z.number() });
