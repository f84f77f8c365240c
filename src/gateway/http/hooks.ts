import type { FastifyInstance } from 'fastify';
import { GatewayError } from '../errors';
import type { Services } from '../services';
import { corsPolicy } from './cors';
import { fromFrameworkError, sendError } from './envelope';
import type { HttpMetrics } from './metrics';
import { lastRequestOnSocket } from './server-limits';

/*
 * What the gateway does around every request: CORS, the shutdown answer, the headers every
 * answer carries, one log line, the metrics and the audit trail of each point call; and the
 * envelope for errors and unknown paths (`envelopeErrors`, which the worker's probes share).
 */

/** Routes that health checks and Prometheus call. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** Errors and unknown paths answered with the envelope, in one place. */
export function envelopeErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const err = fromFrameworkError(error as { code?: string; statusCode?: number });
    if (err.codeName === 'INTERNAL') request.log.error({ err: error }, 'internal error');
    else if (!(error instanceof GatewayError)) request.log.info({ code: (error as { code?: string }).code }, err.message);
    return sendError(reply, err);
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, new GatewayError('NOT_FOUND', request.url.split('?')[0])));
}

export function gatewayHooks(app: FastifyInstance, services: Services, metrics: HttpMetrics): void {
  const cors = corsPolicy(services.config.CORS_ORIGINS);

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

  envelopeErrors(app);
}
