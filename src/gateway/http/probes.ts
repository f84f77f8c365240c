import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Registry } from 'prom-client';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import type { RecognitionRuntime } from '../recognition/runtime';
import type { Storage } from '../store/db';
import { sendError, sendSuccess } from './envelope';
import { metricsAccess } from './metrics';

/*
 * The probes of every process, gateway and worker alike (docs/deploy.md): /healthz says the
 * process serves HTTP; /readyz says it can do its work: storage answers, Redis answers when
 * configured, and this process' recognition threads have warmed their models; /metrics for the
 * networks METRICS_ALLOW names. A load balancer sends traffic only to ready processes; an
 * orchestrator restarts only processes that fail /healthz. Never authenticated, never audited.
 */

/** Longest a readiness check waits on storage or Redis: a probe must answer, not hang. */
const CHECK_MS = 2_000;
/** Probes from several load balancers within this window share one round of checks. */
const CACHE_MS = 1_000;

export interface ProbeDeps {
  storage: Storage;
  /** Redis when configured: the limits' connection in a gateway, the queue's in a worker */
  redis?: { ping(): Promise<unknown> };
  recognition: RecognitionRuntime;
  /** the process' metrics */
  registry: Registry;
  metricsAllow: Config['METRICS_ALLOW'];
}

export interface Readiness {
  ready: boolean;
  /** per check: "ok", "ready", or what is wrong */
  checks: Record<string, string>;
}

function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_MS} ms`)), CHECK_MS);
  });
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function check(name: string, work: () => Promise<unknown>): Promise<[string, string]> {
  try {
    await within(work(), name);
    return [name, 'ok'];
  } catch (e) {
    // anyone may ask: the answer names the failure, never an address or a server's message
    const code = (e as { code?: unknown }).code;
    const late = (e as Error).message.includes('did not answer');
    return [name, `unavailable${typeof code === 'string' && /^[A-Z_]+$/.test(code) ? ` (${code})` : late ? ` (no answer within ${CHECK_MS} ms)` : ''}`];
  }
}

function recognitionCheck(runtime: RecognitionRuntime): [string, string] {
  const w = runtime.warmth;
  if (w.state === 'failed') return ['recognition', `failed (${w.reason})`];
  return ['recognition', w.state === 'none' ? 'ok' : w.state];
}

/** Runs the checks, at most once per CACHE_MS however often it is asked. */
function readinessProbe(deps: ProbeDeps): () => Promise<Readiness> {
  let last: { at: number; result: Promise<Readiness> } | undefined;
  return () => {
    const now = Date.now();
    if (last && now - last.at < CACHE_MS) return last.result;
    const result = (async (): Promise<Readiness> => {
      const checks = await Promise.all([
        check('storage', () => sql`select 1`.execute(deps.storage.db)),
        ...(deps.redis ? [check('redis', () => deps.redis!.ping())] : []),
      ]);
      checks.push(recognitionCheck(deps.recognition));
      return { ready: checks.every(([, v]) => v === 'ok' || v === 'ready'), checks: Object.fromEntries(checks) };
    })();
    last = { at: now, result };
    return result;
  };
}

/** The envelope body of a ready answer, or the error of a not-ready one (-7 / 503: try elsewhere). */
function readinessAnswer(r: Readiness): { body: Record<string, unknown> } | { error: GatewayError } {
  if (r.ready) return { body: { ret_code: 0, remark: '', status: 'ready', checks: r.checks } };
  const wrong = Object.entries(r.checks).filter(([, v]) => v !== 'ok' && v !== 'ready');
  return { error: new GatewayError('OVERLOADED', `not ready: ${wrong.map(([k, v]) => `${k} ${v}`).join('; ')}`) };
}

/** /healthz, /readyz and, unless METRICS_ALLOW is off, /metrics. */
export function probeRoutes(app: FastifyInstance, deps: ProbeDeps): void {
  app.get('/healthz', async (_req, reply) => sendSuccess(reply, { ret_code: 0, remark: '', status: 'ok' }));
  const readiness = readinessProbe(deps);
  app.get('/readyz', async (_req, reply) => {
    const answer = readinessAnswer(await readiness());
    return 'body' in answer ? sendSuccess(reply, answer.body) : sendError(reply, answer.error);
  });
  const mayReadMetrics = metricsAccess(deps.metricsAllow);
  if (!mayReadMetrics) return;
  app.get('/metrics', async (request, reply) => {
    // refused like a path that does not exist: whether metrics are served is nobody else's business
    if (!mayReadMetrics(request.ip)) return sendError(reply, new GatewayError('NOT_FOUND', '/metrics'));
    return reply.type(deps.registry.contentType).send(await deps.registry.metrics());
  });
}
