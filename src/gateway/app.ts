import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { buildOpenApi } from '../protocol/openapi';
import { randomUUID } from 'node:crypto';
import { GatewayError } from './errors';
import { corsPolicy } from './http/cors';
import { pointDispatcher } from './http/dispatch';
import { renderDocsPage } from './http/docs-page';
import { type GatewayRequestState, fromFrameworkError, sendError, sendSuccess } from './http/envelope';
import { parseFormBody } from './http/form';
import { inFlightLimit } from './http/in-flight';
import { readinessAnswer, readinessProbe } from './http/health';
import { createRegistry, httpMetrics, metricsAccess, recognitionMetrics } from './http/metrics';
import { SERVER_LIMITS, capConnections, clientErrorHandler, lastRequestOnSocket } from './http/server-limits';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyRequest {
    gw: GatewayRequestState;
  }
}

/** Largest request body read (a 10 MB file as a form-encoded data: URL fits), DESIGN.md §1. */
export const BODY_LIMIT = 20 * 1024 * 1024;

/**
 * fastify's trustProxy for TRUST_PROXY (config.ts; never `true`). Addresses go as they are. A hop
 * count N trusts the N nearest hops (the socket's peer first), so the client is the N-th
 * X-Forwarded-For entry from the right: fastify itself now ignores a bare number (a client
 * reaching the gateway directly could add hops), hence the function; docs/deploy.md says to use
 * a hop count only where nothing but the proxies can reach the gateway.
 */
function trustedProxies(setting: false | number | string): false | string | ((addr: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting > 0 && ((_addr: string, hop: number) => hop < setting);
  return setting;
}

/** Routes that health checks and Prometheus call. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

export interface AppOptions {
  /** a pino logger; none when absent */
  logger?: FastifyBaseLogger;
}

/**
 * The gateway's HTTP surface. Points go through one dispatcher; every answer, including 404s,
 * oversize bodies and internal errors, is written as the envelope in one place.
 */
export function buildApp(services: Services, opts: AppOptions = {}): FastifyInstance {
  const registry = createRegistry();
  const dispatchStats = { inFlight: 0 };
  let connections: { readonly open: number } = { open: 0 };
  const metrics = httpMetrics(registry, { inFlight: () => dispatchStats.inFlight, openConnections: () => connections.open });
  recognitionMetrics(registry, services.recognition);

  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    // the core writes one line per request itself (onResponse), with the path but no query string
    logController: new LogController({ disableRequestLogging: true }),
    // randomUUID draws from a pooled buffer of CSPRNG bytes, far cheaper per call than randomBytes
    genReqId: () => randomUUID().replace(/-/g, ''),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustedProxies(services.config.TRUST_PROXY),
    exposeHeadRoutes: false,
    // answered by the onRequest hook below, with the envelope
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // slow clients (slowloris) cannot hold a connection open forever: see server-limits.ts
    requestTimeout: SERVER_LIMITS.requestTimeout,
    connectionTimeout: 0,
    keepAliveTimeout: SERVER_LIMITS.keepAliveTimeout,
    http: {
      headersTimeout: SERVER_LIMITS.headersTimeout,
      connectionsCheckingInterval: SERVER_LIMITS.connectionsCheckingInterval,
      maxHeaderSize: SERVER_LIMITS.maxHeaderSize,
    },
    clientErrorHandler: clientErrorHandler(metrics.clientError),
    routerOptions: { maxParamLength: 200 },
  });
  connections = capConnections(app.server, services.config.MAX_CONNECTIONS, metrics.connectionShed);
  app.decorateRequest('gw', null as unknown as GatewayRequestState);
  const cors = corsPolicy(services.config.CORS_ORIGINS);

  app.removeAllContentTypeParsers();
  // bytes, not a string: invalid UTF-8 is refused, not replaced (http/form.ts)
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, body, done) => {
    try {
      done(null, parseFormBody(body as Buffer));
    } catch (e) {
      done(e as Error, undefined);
    }
  });

  // once closing, answers tell keep-alive clients to go, so in-flight work ends the connection
  // instead of holding the shutdown until the keep-alive time-out; new requests are refused
  // (-7: a load balancer tries another gateway), /readyz included
  let closing = false;
  const lastRequest = lastRequestOnSocket();
  app.addHook('preClose', async () => {
    closing = true;
  });

  // the hooks take callbacks rather than being async: they run on every request, and an async
  // hook costs fastify a promise and a microtask turn each (measurable on the cheap points)
  app.addHook('onRequest', (request, reply, done) => {
    request.gw = {};
    // answering here ends the request: `done` is not called then
    if (closing) sendError(reply, new GatewayError('OVERLOADED', 'the gateway is shutting down'));
    else if (request.method === 'OPTIONS') cors.preflight(request, reply);
    else done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    cors.decorate(request, reply);
    if (closing || lastRequest(request.raw.socket)) reply.header('connection', 'close');
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const gw = request.gw;
    const latency = reply.elapsedTime;
    metrics.observe(gw.pointId ?? request.routeOptions.url ?? 'unmatched', String(gw.code ?? 'none'), latency / 1000);
    const route = request.routeOptions.url;
    // probes come every few seconds from every load balancer and Prometheus: logged when they fail
    const level = route && PROBES.has(route) && reply.statusCode < 400 ? 'debug' : 'info';
    request.log[level](
      { point: gw.pointId, code: gw.code, status: reply.statusCode, ms: Math.round(latency * 10) / 10, appid: gw.appid, mode: gw.mode },
      `${request.method} ${route ?? 'unmatched'}`,
    );
    if (gw.pointId) {
      services.audit.record({
        at: Date.now(),
        request_id: request.id,
        appid: gw.appid ?? null,
        out_code: gw.outCode ?? null,
        mode: gw.mode ?? 'none',
        point: gw.pointId,
        code: gw.code ?? -1,
        latency_ms: latency,
        client_ip: request.ip,
      });
    }
    done();
  });

  app.setErrorHandler((error, request, reply) => {
    const err = fromFrameworkError(error as { code?: string; statusCode?: number });
    if (err.codeName === 'INTERNAL') request.log.error({ err: error }, 'internal error');
    else if (!(error instanceof GatewayError)) request.log.info({ code: (error as { code?: string }).code }, err.message);
    return sendError(reply, err);
  });

  app.setNotFoundHandler((request, reply) => sendError(reply, new GatewayError('NOT_FOUND', request.url.split('?')[0])));

  const openapi = buildOpenApi();
  const docsPage = renderDocsPage();
  app.get('/openapi.json', async () => openapi);
  app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(docsPage));
  // never authenticated, never audited (no point id): see docs/deploy.md
  app.get('/healthz', async (_req, reply) => sendSuccess(reply, { ret_code: 0, remark: '', status: 'ok' }));
  const readiness = readinessProbe(services);
  app.get('/readyz', async (_req, reply) => {
    const answer = readinessAnswer(await readiness());
    return 'body' in answer ? sendSuccess(reply, answer.body) : sendError(reply, answer.error);
  });
  const mayReadMetrics = metricsAccess(services.config.METRICS_ALLOW);
  if (mayReadMetrics) {
    app.get('/metrics', async (request, reply) => {
      // refused like a path that does not exist: whether metrics are served is nobody else's business
      if (!mayReadMetrics(request.ip)) return sendError(reply, new GatewayError('NOT_FOUND', '/metrics'));
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'],
    url: '/:pointId',
    onRequest: inFlightLimit(services.config.MAX_IN_FLIGHT, dispatchStats),
    handler: pointDispatcher(services),
  });

  return app;
}
