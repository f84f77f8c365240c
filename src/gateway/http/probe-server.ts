import Fastify from 'fastify';
import type { GatewayRequestState } from './envelope';
import { envelopeErrors } from './hooks';
import { type ProbeDeps, probeRoutes } from './probes';
import { listen, serverOptions } from './server';

/*
 * A worker process serves no points; with METRICS_PORT it serves the probes (probes.ts) on a
 * server of its own, with the gateway's limits and envelope (docs/deploy.md).
 */

export interface ProbeServer {
  url: string;
  close(): Promise<void>;
}

export async function startProbeServer(host: string, port: number, deps: ProbeDeps): Promise<ProbeServer> {
  const app = Fastify({ ...serverOptions(undefined, () => {}), forceCloseConnections: true });
  app.decorateRequest('gw', null as unknown as GatewayRequestState);
  app.addHook('onRequest', (request, _reply, done) => {
    request.gw = {};
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  envelopeErrors(app);
  probeRoutes(app, deps);
  const url = await listen(app, host, port);
  return { url, close: () => app.close() };
}
