import { GatewayError } from '../errors';

/*
 * `application/x-www-form-urlencoded` text (a body or a query string), parsed strictly and
 * cheaply. No access point has more than a dozen fields, so past MAX_FORM_FIELDS a request is
 * refused after one native scan for "&", before anything is split, decoded, merged or sorted:
 * a 20 MB body of 2.8 million short fields cost 12 s of the main thread before authentication
 * (issue 14, finding 3). A value is bounded only by the body limit (a data: URL can be 14 MB).
 */

/** Fields per body or query string. */
export const MAX_FORM_FIELDS = 100;
/** Characters of a field name, as sent (percent-encoded). */
export const MAX_KEY_CHARS = 256;

/** Throws unless `text` has at most MAX_FORM_FIELDS fields; stops counting there. */
function checkFieldCount(text: string | Buffer, where: string): void {
  let fields = 1;
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
    if (++fields > MAX_FORM_FIELDS) throw new GatewayError('PARAM_INVALID', `more than ${MAX_FORM_FIELDS} fields in the ${where}`);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A form body as it came off the wire. Bytes that are not UTF-8 are refused (-1100) rather than
 * turned into U+FFFD, which would change what was signed and what is stored.
 */
export function parseFormBody(body: Buffer): Record<string, string> {
  checkFieldCount(body, 'body');
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new GatewayError('PARAM_INVALID', 'the body is not valid UTF-8');
  }
  return parseForm(text, 'body');
}

/**
 * Parses form text: malformed percent-encoding or invalid UTF-8 is an error rather than a silently
 * mangled value, and a field given twice is refused because which copy was meant (and signed) is
 * ambiguous.
 */
export function parseForm(text: string, where: 'body' | 'query'): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (text === '') return out;
  checkFieldCount(text, where);
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    if (rawKey.length > MAX_KEY_CHARS) throw new GatewayError('PARAM_INVALID', `a field name in the ${where} is longer than ${MAX_KEY_CHARS} characters`);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const key = decode(rawKey, where);
    if (key === '') continue;
    if (key in out) throw new GatewayError('PARAM_INVALID', `${key} is given more than once in the ${where}`);
    out[key] = decode(rawValue, where);
  }
  return out;
}

/** A value as sent; the scans for "+" and "%" skip copying a multi-megabyte data: URL for nothing. */
function decode(text: string, where: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw new GatewayError('PARAM_INVALID', `malformed percent-encoding or invalid UTF-8 in the ${where}`);
  }
}

/** The query string of a raw request URL, without the `?`. */
export function queryOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? '' : url.slice(q + 1);
}
