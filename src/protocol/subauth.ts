import { z } from 'zod';
import { optionalInt } from './fields';

/*
 * Fields of sub-authorization management (product 2141), DESIGN.md §3.
 */

/** Asia/Shanghai wall-clock time as the wire shows it: `YYYY-MM-DD HH:MM:SS`. */
export const shanghaiTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be YYYY-MM-DD HH:MM:SS (Asia/Shanghai)')
  .refine((v) => !Number.isNaN(parseShanghaiTime(v)), 'not a real date and time');

/**
 * Milliseconds since the epoch of an Asia/Shanghai wall-clock time (UTC+8, no daylight saving
 * since 1991). NaN when the text is not a real date (2023-02-30 is refused, not rolled over).
 */
export function parseShanghaiTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h - 8, mi, s);
  const back = new Date(ms + 8 * 3600_000);
  const same =
    back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  return same ? ms : NaN;
}

/** The wire form of an instant: Asia/Shanghai wall-clock `YYYY-MM-DD HH:MM:SS`. */
export function formatShanghaiTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export const outCode = z
  .string()
  .min(1, 'required')
  .max(128, 'at most 128 characters')
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain control characters')
  .describe("client-chosen key of the sub-authorization, unique within the application");

const permissionEntry = /^\d{1,6}-(\d{1,6}|\*)$/;

/** Entries of a permission list: `P-N` (one point) or `P-*` (every point of product P). */
export function splitList(text: string): string[] {
  return text
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export const permissionList = z
  .string()
  .max(4000)
  .refine((v) => splitList(v).length > 0, 'must name at least one access point, e.g. 2582-*,1917-1')
  .refine((v) => splitList(v).every((e) => permissionEntry.test(e)), 'entries must be P-N or P-*, e.g. 2582-20 or 1917-*')
  .transform((v) => [...new Set(splitList(v))])
  .describe('comma list of P-N or P-* entries');

const ipEntry = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

export const ipWhiteList = z
  .string()
  .max(4000)
  .refine((v) => splitList(v).every((e) => ipEntry.safeParse(e).success), 'entries must be IPv4/IPv6 addresses or CIDR blocks')
  .transform(splitList)
  .describe('comma list of IPv4/IPv6 addresses or CIDR blocks; empty means any IP');

/** Seconds of validity: at least one second, at most ten years. */
export const TEN_YEARS = 10 * 365 * 24 * 3600;
export const expiresIn = optionalInt({ min: 1, max: TEN_YEARS }).describe('seconds of validity');
export const endTime = z.union([z.literal('').transform(() => undefined), shanghaiTime]).optional().describe('YYYY-MM-DD HH:MM:SS, Asia/Shanghai');

export const rate = optionalInt({ min: 0, max: 1_000_000 }).describe('calls per second, 0 = no limit');
export const concurrency = optionalInt({ min: 0, max: 100_000 }).describe('calls in flight, 0 = no limit');
export const remark = z.string().max(500).optional().describe('free text');

export const subAuthRecord = z.object({
  access_token: z.string(),
  out_code: z.string(),
  appid: z.number().int(),
  permission_list: z.string().describe('comma list of P-N / P-* entries, with a trailing comma'),
  ip_white_list: z.string().describe('comma list of addresses or CIDR blocks; "" = any IP'),
  rate: z.number().int().describe('calls per second, 0 = no limit'),
  concurrency: z.number().int().describe('calls in flight, 0 = no limit'),
  expires_in: z.number().int().describe('seconds of validity left, 0 when expired'),
  end_time: z.string().describe('YYYY-MM-DD HH:MM:SS, Asia/Shanghai'),
  remark: z.string(),
  create_time: z.string().describe('YYYY-MM-DD HH:MM:SS, Asia/Shanghai'),
});
export type SubAuthRecord = z.infer<typeof subAuthRecord>;
