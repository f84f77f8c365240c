import { GatewayError } from '../errors';

/**
 * Parses `application/x-www-form-urlencoded` text (a body or a query string) strictly: malformed
 * percent-encoding or invalid UTF-8 is an error rather than a silently mangled value, and a field
 * given twice is refused because which copy was meant (and signed) is ambiguous.
 */
export function parseForm(text: string, where: 'body' | 'query'): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (text === '') return out;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const key = decode(rawKey, where);
    if (key === '') continue;
    if (key in out) throw new GatewayError('PARAM_INVALID', `${key} is given more than once in the ${where}`);
    out[key] = decode(rawValue, where);
  }
  return out;
}

function decode(text: string, where: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new GatewayError('PARAM_INVALID', `malformed percent-encoding in the ${where}`);
  }
}

/** The query string of a raw request URL, without the `?`. */
export function queryOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? '' : url.slice(q + 1);
}
