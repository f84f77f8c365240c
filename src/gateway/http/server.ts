import { randomUUID } from 'node:crypto';
import { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { SERVER_LIMITS, clientErrorHandler } from './server-limits';

/**
 * The fastify options every HTTP server of ours starts with, the gateway's and a worker's probes
 * alike: these limits, the envelope for what the parser refuses, request ids, our own log line.
 */
export function serverOptions(logger: FastifyBaseLogger | undefined, onClientError: (kind: string) => void) {
  return {
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // one line per request is written by the gateway itself (onResponse), with the path but no query string
    logController: new LogController({ disableRequestLogging: true }),
    // randomUUID draws from a pooled buffer of CSPRNG bytes, far cheaper per call than randomBytes
    genReqId: () => randomUUID().replace(/-/g, ''),
    exposeHeadRoutes: false,
    // slow clients (slowloris) cannot hold a connection open forever (server-limits.ts)
    requestTimeout: SERVER_LIMITS.requestTimeout,
    connectionTimeout: 0,
    keepAliveTimeout: SERVER_LIMITS.keepAliveTimeout,
    http: {
      headersTimeout: SERVER_LIMITS.headersTimeout,
      connectionsCheckingInterval: SERVER_LIMITS.connectionsCheckingInterval,
      maxHeaderSize: SERVER_LIMITS.maxHeaderSize,
    },
    clientErrorHandler: clientErrorHandler(onClientError),
  };
}

/** Listens on `host`:`port` (0: any free port) and returns the address to call it at. */
export async function listen(app: FastifyInstance, host: string, port: number): Promise<string> {
  await app.listen({ host, port });
  const addr = app.server.address();
  const bound = typeof addr === 'object' && addr ? addr.port : port;
  const name = host.includes(':') ? `[${host}]` : host;
  return `http://${name === '0.0.0.0' ? '127.0.0.1' : name}:${bound}`;
}
