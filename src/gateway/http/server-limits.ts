import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { GatewayError } from '../errors';
import { errorEnvelope } from './envelope';

/*
 * What one client may hold of the HTTP server, and the answers for requests that never reach
 * fastify (docs/deploy.md, "HTTP limits"). Node's defaults let a slowloris client keep a
 * connection for a minute per header line; here a request must have sent all its headers within
 * 10 s and all of it (a 20 MB body on a slow line included) within 60 s, and the server looks for
 * overdue connections every second instead of every 30.
 */
export const SERVER_LIMITS = {
  /** the whole request, headers and body */
  requestTimeout: 60_000,
  /** the request line and every header */
  headersTimeout: 10_000,
  /** how often overdue requests are looked for (Node's default is 30 s) */
  connectionsCheckingInterval: 1_000,
  /** an idle keep-alive connection is closed after this */
  keepAliveTimeout: 5_000,
  /**
   * then the connection is closed after its answer, so a load balancer's connections spread over
   * new gateways too (see `lastRequestOnSocket`)
   */
  maxRequestsPerSocket: 1_000,
  /** Node's default; more is refused with 431 */
  maxHeaderSize: 16 * 1024,
} as const;

/** How long a shed connection may still send before it is cut (see `capConnections`). */
const LINGER_MS = 2_000;

/** A raw HTTP/1.1 answer carrying the envelope; the connection closes after it. */
export function rawEnvelope(status: number, reason: string, err: GatewayError): string {
  const body = JSON.stringify(errorEnvelope(randomUUID().replace(/-/g, ''), err));
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n${body}`
  );
}

/**
 * fastify's clientErrorHandler: requests Node's parser refused (headers too large or too slow,
 * malformed HTTP) get the envelope too, instead of fastify's own JSON.
 */
export function clientErrorHandler(onError: (kind: string) => void) {
  return (err: Error & { code?: string }, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    let answer: string;
    if (err.code === 'HPE_HEADER_OVERFLOW') {
      onError('header_overflow');
      answer = rawEnvelope(431, 'Request Header Fields Too Large', new GatewayError('INPUT_TOO_LARGE', `request headers over ${SERVER_LIMITS.maxHeaderSize / 1024} KiB`));
    } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      onError('timeout');
      answer = rawEnvelope(408, 'Request Timeout', new GatewayError('PARAM_INVALID', 'the request was not received in time'));
    } else {
      onError('malformed');
      answer = rawEnvelope(400, 'Bad Request', new GatewayError('PARAM_INVALID', 'malformed HTTP request'));
    }
    if (socket.writable) socket.end(answer);
    socket.destroySoon();
  };
}

/**
 * At most `max` open connections. Past it a new connection is not handed to the HTTP server: it
 * gets a 503 envelope (-7) and is closed, so a flood of connections is shed with an answer and
 * the process keeps file descriptors for its storage, Redis and workers (Node's own
 * server.maxConnections would drop the socket without a word). What the client still sends is
 * read and discarded for a moment, so its request does not turn our close into a reset that
 * would destroy the answer before it is read.
 */
export function capConnections(server: Server, max: number, onShed: () => void): { readonly open: number } {
  const handlers = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const state = { open: 0 };
  const answer = rawEnvelope(503, 'Service Unavailable', new GatewayError('OVERLOADED', 'too many open connections'));
  server.on('connection', (socket: Socket) => {
    if (state.open >= max) {
      onShed();
      socket.on('error', () => {});
      socket.resume();
      socket.end(answer);
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
      return;
    }
    state.open++;
    socket.once('close', () => state.open--);
    for (const handle of handlers) handle.call(server, socket);
  });
  return state;
}

/**
 * Counts the requests of each connection; true for the one that reaches
 * `SERVER_LIMITS.maxRequestsPerSocket`, whose answer then carries `Connection: close` and ends the
 * connection. Not Node's own `server.maxRequestsPerSocket`: that only adds the header and keeps the
 * connection open, and a client that does not read the header (autocannon, simple HTTP/1.1
 * clients) then gets a bare 503, without the envelope, for every later request, unseen by logs
 * and metrics (test/adversarial/requests-per-connection.test.ts).
 */
export function lastRequestOnSocket(max: number = SERVER_LIMITS.maxRequestsPerSocket): (socket: Socket) => boolean {
  const counts = new WeakMap<Socket, number>();
  return (socket) => {
    const n = (counts.get(socket) ?? 0) + 1;
    counts.set(socket, n);
    return n >= max;
  };
}
