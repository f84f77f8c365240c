import { GatewayError } from '../errors';
import type { FetchAllowList } from './allow';
import { decodeDataUrl, isDataUrl } from './data-url';
import { type FetchLookup, systemLookup } from './guard';
import { abortError, requestOnce } from './request';

/**
 * SSRF-safe input fetching for the recognition points (DESIGN.md §5, issue 4 "Image intake"):
 * http, https and data: URLs; public addresses only unless IMAGE_FETCH_ALLOW opens them, checked
 * on every connection after DNS; at most 3 redirects, each checked again; connect and idle-read
 * time-outs; the body cut off at the caller's size limit while streaming.
 *
 * Nothing here logs: URLs may carry signed query strings. Callers that log should log the host.
 */

export { EMPTY_ALLOW_LIST, type FetchAllowList, parseFetchAllow } from './allow';
export type { FetchLookup, ResolvedAddress } from './guard';

export interface FetchInputOptions {
  /** Bytes; 3 MB for images, 10 MB for 2582-22 files. Over it: INPUT_TOO_LARGE. */
  maxBytes: number;
  /** Parsed IMAGE_FETCH_ALLOW. */
  allow: FetchAllowList;
  /** Name resolution + TCP + TLS, per connection. Default 5000. */
  connectTimeoutMs?: number;
  /** Longest silence while waiting for the head or between body chunks. Default 5000. */
  readTimeoutMs?: number;
  /** The caller's overall limit or cancellation. */
  signal?: AbortSignal;
  /** Resolver for host names, for tests; every address it returns is checked. Default getaddrinfo. */
  lookup?: FetchLookup;
}

export interface FetchedInput {
  bytes: Uint8Array;
  /** As the server (or the data: URL) declared it; the bytes decide the format, not this. */
  contentType?: string;
  /** The URL the bytes came from after redirects; a data: URL is returned as given. Do not log it. */
  finalUrl: string;
}

export const MAX_REDIRECTS = 3;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
export const DEFAULT_READ_TIMEOUT_MS = 5000;

const FETCHABLE = new Set(['http:', 'https:']);

function schemeRefused(protocol: string, redirect = false): GatewayError {
  // Only the scheme goes into the detail: the rest of the URL may be secret or arbitrary text.
  const scheme = /^[a-z][a-z0-9+.-]*:$/i.test(protocol) ? protocol.toLowerCase() : 'that';
  return new GatewayError('INPUT_UNREADABLE', `${redirect ? 'redirect to ' : ''}scheme ${scheme} is not supported`);
}

export async function fetchInput(url: string, opts: FetchInputOptions): Promise<FetchedInput> {
  if (opts.signal?.aborted) throw abortError(opts.signal);
  if (isDataUrl(url)) return { ...decodeDataUrl(url, opts.maxBytes), finalUrl: url };

  let current: URL;
  try {
    current = new URL(url);
  } catch (error) {
    throw new GatewayError('PARAM_INVALID', 'not a valid absolute URL', { cause: error });
  }
  if (!FETCHABLE.has(current.protocol)) throw schemeRefused(current.protocol);

  const hop = {
    maxBytes: opts.maxBytes,
    allow: opts.allow,
    lookup: opts.lookup ?? systemLookup,
    connectTimeoutMs: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    readTimeoutMs: opts.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS,
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  for (let redirects = 0; ; redirects++) {
    const result = await requestOnce(current, hop);
    if (result.kind === 'body') {
      const { bytes, contentType } = result;
      return contentType === undefined ? { bytes, finalUrl: current.href } : { bytes, contentType, finalUrl: current.href };
    }
    if (redirects === MAX_REDIRECTS) {
      throw new GatewayError('INPUT_UNREADABLE', `too many redirects (more than ${MAX_REDIRECTS})`);
    }
    let next: URL;
    try {
      next = new URL(result.location, current);
    } catch (error) {
      throw new GatewayError('INPUT_UNREADABLE', `HTTP ${result.status} redirect to an invalid URL`, { cause: error });
    }
    if (!FETCHABLE.has(next.protocol)) throw schemeRefused(next.protocol, true);
    current = next;
  }
}
