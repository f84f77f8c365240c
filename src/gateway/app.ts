import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pointDispatcher } from './http/dispatch';
import { docsRoutes } from './http/docs-page';
import type { GatewayRequestState } from './http/envelope';
import { parseFormBody } from './http/form';
import { gatewayHooks } from './http/hooks';
import { inFlightLimit } from './http/in-flight';
import { createRegistry, httpMetrics, recognitionMetrics } from './http/metrics';
import { probeRoutes } from './http/probes';
import { serverOptions } from './http/server';
import { capConnections } from './http/server-limits';
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

export interface AppOptions {
  /** a pino logger; none when absent */
  logger?: FastifyBaseLogger;
}

/**
 * The gateway's HTTP surface: the server and its limits here; what happens around every request
 * in http/hooks.ts (every answer, 404s, oversize bodies and internal errors included, is the
 * envelope); the probes, the API's description and the points, which go through one dispatcher.
 */
export function buildApp(services: Services, opts: AppOptions = {}): FastifyInstance {
  const registry = createRegistry();
  const dispatchStats = { inFlight: 0 };
  let connections: { readonly open: number } = { open: 0 };
  const metrics = httpMetrics(registry, { inFlight: () => dispatchStats.inFlight, openConnections: () => connections.open });
  recognitionMetrics(registry, services.recognition);

  const app = Fastify({
    ...serverOptions(opts.logger, metrics.clientError),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustedProxies(services.config.TRUST_PROXY),
    // answered by the onRequest hook (http/hooks.ts), with the envelope
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  });
  connections = capConnections(app.server, services.config.MAX_CONNECTIONS, metrics.connectionShed);
  app.decorateRequest('gw', null as unknown as GatewayRequestState);

  app.removeAllContentTypeParsers();
  // bytes, not a string: invalid UTF-8 is refused, not replaced (http/form.ts)
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, body, done) => {
    try {
      done(null, parseFormBody(body as Buffer));
    } catch (e) {
      done(e as Error, undefined);
    }
  });

  gatewayHooks(app, services, metrics);
  docsRoutes(app);
  probeRoutes(app, { storage: services.storage, ...(services.redis ? { redis: services.redis } : {}), recognition: services.recognition, registry, metricsAllow: services.config.METRICS_ALLOW });
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'],
    url: '/:pointId',
    onRequest: inFlightLimit(services.config.MAX_IN_FLIGHT, dispatchStats),
    handler: pointDispatcher(services),
  });

  return app;
}
