import http from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import { GatewayError, isGatewayError } from '../errors';
import type { FetchAllowList } from './allow';
import { checkAddress, checkHostName, type FetchLookup, guardedLookup } from './guard';

/**
 * One HTTP(S) GET: connect (through the guarded lookup), read the head, stream the body up to
 * the size limit. Redirects are returned, not followed; fetch.ts decides about them.
 */

export interface HopOptions {
  maxBytes: number;
  allow: FetchAllowList;
  lookup: FetchLookup;
  connectTimeoutMs: number;
  readTimeoutMs: number;
  signal?: AbortSignal;
}

export type HopResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'body'; bytes: Uint8Array; contentType?: string };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const HEADERS = {
  'user-agent': 'recognition-gateway/0.1 (image fetch)',
  accept: 'image/*,application/pdf;q=0.9,*/*;q=0.5',
  // Compressed bodies would defeat the byte limit (a gzip bomb) and images do not compress anyway.
  'accept-encoding': 'identity',
};

/** What a caller's abort becomes: their own GatewayError if they gave one, otherwise -3. */
export function abortError(signal: AbortSignal): GatewayError {
  const reason: unknown = signal.reason;
  if (isGatewayError(reason)) return reason;
  const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError';
  return new GatewayError('TIMEOUT', timedOut ? 'fetch stopped: overall time limit reached' : 'fetch cancelled by the caller');
}

/** Socket and TLS failures in plain words; node's messages carry addresses and stack-ish text. */
function networkError(error: unknown): GatewayError {
  if (isGatewayError(error)) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ECONNRESET') return new GatewayError('INPUT_UNREADABLE', 'upstream closed the connection early (ECONNRESET)', { cause: error });
  if (code && /^(ERR_TLS|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_SSL)/.test(code)) {
    return new GatewayError('INPUT_UNREADABLE', `TLS handshake failed: ${code}`, { cause: error });
  }
  if (code && /^HPE_/.test(code)) return new GatewayError('INPUT_UNREADABLE', `upstream sent malformed HTTP (${code})`, { cause: error });
  return new GatewayError('INPUT_UNREADABLE', `unreachable: ${code ?? 'connection failed'}`, { cause: error });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a stray "%" is sent as written
  }
}

export function requestOnce(url: URL, opts: HopOptions): Promise<HopResult> {
  if (opts.signal?.aborted) throw abortError(opts.signal);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  // the port connected to: IMAGE_FETCH_ALLOW entries may open one port only
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  // node:net skips `lookup` for IP literals, so those are checked here; names are checked in it.
  if (isIP(host) !== 0) checkAddress(host, undefined, opts.allow, port);
  else checkHostName(host, opts.allow, port);
  return new Promise<HopResult>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    // Userinfo goes to the host it was written for only: a redirect's own URL decides the next hop.
    const auth = url.username || url.password ? `${safeDecode(url.username)}:${safeDecode(url.password)}` : undefined;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;

    const req = client.request({
      protocol: url.protocol,
      host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: HEADERS,
      ...(auth ? { auth } : {}),
      // A fresh connection per request: every connection goes through the guarded lookup.
      agent: false,
      lookup: guardedLookup(url.hostname, opts.allow, opts.lookup, port),
    });

    const finish = (error: GatewayError | undefined, result?: HopResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      // Whatever is left (a redirect's body, the rest of an over-size body) is not read.
      if (error || result?.kind === 'redirect') req.destroy();
      if (error) reject(error);
      else resolve(result as HopResult);
    };
    const onAbort = (): void => finish(abortError(opts.signal as AbortSignal));
    const arm = (ms: number, detail: string): void => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(new GatewayError('TIMEOUT', detail)), ms);
    };
    // The read time-out is an idle time-out: re-armed by the head and by every chunk.
    const armRead = (): void => arm(opts.readTimeoutMs, `read time-out: no data from upstream for ${opts.readTimeoutMs} ms`);

    req.on('error', (error) => finish(networkError(error)));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    // Connect covers name resolution, TCP and the TLS handshake.
    arm(opts.connectTimeoutMs, `connect time-out: no connection within ${opts.connectTimeoutMs} ms`);
    req.on('socket', (socket: Socket) => {
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', armRead);
    });
    req.on('response', (res) => {
      armRead();
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        return finish(undefined, { kind: 'redirect', status, location });
      }
      if (status < 200 || status > 299) {
        return finish(new GatewayError('INPUT_UNREADABLE', `HTTP ${status} from upstream`));
      }
      const announced = Number(res.headers['content-length']);
      if (Number.isFinite(announced) && announced > opts.maxBytes) {
        return finish(
          new GatewayError('INPUT_TOO_LARGE', `upstream announces ${announced} bytes, over the limit of ${opts.maxBytes} bytes`),
        );
      }
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > opts.maxBytes) {
          return finish(new GatewayError('INPUT_TOO_LARGE', `body exceeds the limit of ${opts.maxBytes} bytes`));
        }
        chunks.push(chunk);
        armRead();
      });
      res.on('error', (error: NodeJS.ErrnoException) =>
        finish(
          error.code === 'ECONNRESET'
            ? new GatewayError('INPUT_UNREADABLE', 'upstream closed the connection before the body was complete')
            : networkError(error),
        ),
      );
      res.on('end', () => {
        const contentType = res.headers['content-type'];
        // One copy into an unpooled array: Buffer.concat may hand out a slice of node's shared pool.
        const bytes = new Uint8Array(received);
        let at = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, at);
          at += chunk.length;
        }
        finish(undefined, contentType ? { kind: 'body', bytes, contentType } : { kind: 'body', bytes });
      });
    });
    req.end();
  });
}
