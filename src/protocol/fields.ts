import { z } from 'zod';

/*
 * Request fields arrive as strings (form body or query string). These builders validate the string
 * form, which is what the OpenAPI document shows, and hand handlers typed values.
 */

/** A whole number written in decimal, within [min, max]. */
export function intString(opts: { min?: number; max?: number } = {}) {
  let n = z.number().int();
  if (opts.min !== undefined) n = n.min(opts.min);
  if (opts.max !== undefined) n = n.max(opts.max);
  return z
    .string()
    .regex(/^-?\d{1,15}$/, 'must be a whole number')
    .transform(Number)
    .pipe(n);
}

/**
 * An optional whole number; an empty value counts as not sent (form encoders often send `rate=`).
 */
export function optionalInt(opts: { min?: number; max?: number } = {}) {
  return z.union([z.literal('').transform(() => undefined), intString(opts)]).optional();
}

/** `true` or `false`, case-insensitive; empty or absent gives the default. */
export function boolString(fallback: boolean) {
  return z
    .string()
    .regex(/^(true|false|)$/i, 'must be true or false')
    .transform((v) => (v === '' ? fallback : v.toLowerCase() === 'true'))
    .optional()
    .transform((v) => v ?? fallback);
}

/** Paging parameters shared by 2141-5, 1917-1 and 1917-2. */
export function paging(maxResultDefault = 20, maxResultLimit = 50) {
  return {
    page: optionalInt({ min: 1, max: 1_000_000 }).transform((v) => v ?? 1).describe('1-based page number, default 1'),
    maxResult: optionalInt({ min: 1, max: maxResultLimit })
      .transform((v) => v ?? maxResultDefault)
      .describe(`rows per page, 1..${maxResultLimit}, default ${maxResultDefault}`),
  };
}

/** The page shape shared by 2141-5 and 1917-*. */
export function pageOf<Row extends z.ZodType>(row: Row) {
  return {
    allNum: z.number().int().describe('rows in all pages'),
    allPages: z.number().int().describe('number of pages'),
    currentPage: z.number().int().describe('this page, 1-based'),
    maxResult: z.number().int().describe('rows per page'),
    contentlist: z.array(row),
  };
}
