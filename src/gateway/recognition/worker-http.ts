import http from 'node:http';
import { GatewayError } from '../errors';
import { errorEnvelope, successEnvelope } from '../http/envelope';
import { readinessAnswer, readinessProbe } from '../http/health';
import { createRegistry, metricsAccess, recognitionMetrics } from '../http/metrics';
import type { Config } from '../config';
import type { RecognitionRuntime } from './runtime';
import type { Storage } from '../store/db';
import { randomUUID } from 'node:crypto';

/*
 * A worker process has no gateway HTTP; with METRICS_PORT it serves what an operator needs of
 * it: /healthz, /readyz (storage, Redis through the queue, threads warm) and /metrics (threads
 * busy and free, the shared queue, job outcomes), with the gateway's rules (docs/deploy.md).
 */

export interface WorkerHttp {
  url: string;
  close(): Promise<void>;
}

export async function startWorkerHttp(config: Config, port: number, storage: Storage, runtime: RecognitionRuntime): Promise<WorkerHttp> {
  const registry = createRegistry();
  recognitionMetrics(registry, runtime);
  const mayReadMetrics = metricsAccess(config.METRICS_ALLOW);
  const readiness = readinessProbe({ storage, recognition: runtime, redis: { ping: () => runtime.queueCounts() ?? Promise.resolve() } });

  const send = (res: http.ServerResponse, status: number, body: string, type = 'application/json; charset=utf-8') => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const id = () => randomUUID().replace(/-/g, '');
  const fail = (res: http.ServerResponse, err: GatewayError) => send(res, err.httpStatus, JSON.stringify(errorEnvelope(id(), err)));

  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    try {
      if (req.method !== 'GET') return fail(res, new GatewayError('PARAM_INVALID', 'use GET'));
      if (path === '/healthz') return send(res, 200, JSON.stringify(successEnvelope(id(), { ret_code: 0, remark: '', status: 'ok' })));
      if (path === '/readyz') {
        const answer = readinessAnswer(await readiness());
        return 'body' in answer ? send(res, 200, JSON.stringify(successEnvelope(id(), answer.body))) : fail(res, answer.error);
      }
      if (path === '/metrics' && mayReadMetrics?.(req.socket.remoteAddress ?? '')) return send(res, 200, await registry.metrics(), registry.contentType);
      return fail(res, new GatewayError('NOT_FOUND', path));
    } catch {
      return fail(res, new GatewayError('INTERNAL'));
    }
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.HOST, () => resolve());
  });
  const addr = server.address();
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${typeof addr === 'object' && addr ? addr.port : port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
