import crypto from 'node:crypto';
import { constantTimeEqual } from './secrets';

/*
 * ShowAPI-compatible request signatures (DESIGN.md §2).
 */

export type SignMethod = 'md5' | 'hmac';

/**
 * The string to sign: every parameter except gateway_sign, empty values dropped, keys sorted by
 * byte order, `key + value` concatenated with no separators, raw UTF-8.
 */
export function stringToSign(params: Record<string, string>): string {
  return Object.entries(params)
    .filter(([k, v]) => k !== 'gateway_sign' && v !== '')
    .sort(([a], [b]) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')))
    .map(([k, v]) => k + v)
    .join('');
}

/** Hex signature: md5(string + secret), or HMAC-MD5(string) keyed by the secret. */
export function sign(params: Record<string, string>, secret: string, method: SignMethod = 'md5'): string {
  const text = stringToSign(params);
  return method === 'hmac'
    ? crypto.createHmac('md5', secret).update(text, 'utf8').digest('hex')
    : crypto.createHash('md5').update(text + secret, 'utf8').digest('hex');
}

/** Case-insensitive, constant-time comparison of a received signature with the expected one. */
export function verifySignature(params: Record<string, string>, secret: string, method: SignMethod, received: string): boolean {
  return constantTimeEqual(sign(params, secret, method), received.toLowerCase());
}

/** How far gateway_timestamp may be from the server clock. */
export const TIMESTAMP_WINDOW_MS = 10 * 60 * 1000;

/**
 * Parses `yyyyMMddHHmmss` in Asia/Shanghai time (UTC+8) to epoch ms; NaN when it is not a real time.
 */
export function parseGatewayTimestamp(text: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return NaN;
  const ms = Date.UTC(y, mo - 1, d, h - 8, mi, s);
  return new Date(ms + 8 * 3600_000).getUTCDate() === d ? ms : NaN;
}

/** The current time as gateway_timestamp, for clients and tests. */
export function formatGatewayTimestamp(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '');
}
