import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { compileIpList } from '../auth/ip-list';
import type { Config } from '../config';
import type { RecognitionRuntime } from '../recognition/runtime';

/*
 * Prometheus metrics (docs/deploy.md lists them). One registry per process (per gateway in
 * tests, which run several in one process). Labels are bounded sets: the access point id (or a
 * fixed route), the gateway code, a job state; never an appid, a token or a path as sent.
 * Figures that live elsewhere (threads, queue depth, job table) are read when scraped.
 */

/** Seconds: from a cached token call (sub-millisecond) to a recognition at its 5 s budget and a slow 20 MB upload. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface HttpSources {
  /** point requests being served now (the dispatcher's count, the one MAX_IN_FLIGHT limits) */
  inFlight(): number;
  /** open connections (the one MAX_CONNECTIONS limits) */
  openConnections(): number;
}

export interface HttpMetrics {
  /** one answered request */
  observe(point: string, code: string, seconds: number): void;
  /** a connection answered -7 and closed for MAX_CONNECTIONS */
  connectionShed(): void;
  /** a request Node's parser refused: header_overflow, timeout, malformed */
  clientError(kind: string): void;
}

export function createRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Request counts, latencies, in-flight requests and connections of a gateway. */
export function httpMetrics(registry: Registry, sources: HttpSources): HttpMetrics {
  const registers = [registry];
  const requests = new Counter({ name: 'gateway_requests_total', help: 'Answered requests by access point (or route) and gateway code', labelNames: ['point', 'code'], registers });
  const latency = new Histogram({ name: 'gateway_request_duration_seconds', help: 'Time from the request to its answer, by access point (or route)', labelNames: ['point'], buckets: LATENCY_BUCKETS, registers });
  new Gauge({ name: 'gateway_requests_in_flight', help: 'Access point requests being served (MAX_IN_FLIGHT sheds past it)', registers, collect() { this.set(sources.inFlight()); } });
  new Gauge({ name: 'gateway_open_connections', help: 'Open client connections (MAX_CONNECTIONS sheds past it)', registers, collect() { this.set(sources.openConnections()); } });
  const shed = new Counter({ name: 'gateway_connections_shed_total', help: 'Connections answered -7 and closed because MAX_CONNECTIONS were open', registers });
  const clientErrors = new Counter({ name: 'gateway_client_errors_total', help: 'Requests refused by the HTTP parser: header_overflow (431), timeout (408), malformed (400)', labelNames: ['kind'], registers });
  return {
    observe(point, code, seconds) {
      requests.inc({ point, code });
      latency.observe({ point }, seconds);
    },
    connectionShed: () => shed.inc(),
    clientError: (kind) => clientErrors.inc({ kind }),
  };
}

/** Threads, queue depth and job states, for gateways and worker processes alike. */
export function recognitionMetrics(registry: Registry, runtime: RecognitionRuntime): void {
  const registers = [registry];
  new Gauge({
    name: 'gateway_recognition_threads',
    help: "This process' recognition worker threads: busy (reading, or finishing an abandoned inference) and free",
    labelNames: ['state'],
    registers,
    collect() {
      const t = runtime.threadStats;
      this.set({ state: 'busy' }, t?.busy ?? 0);
      this.set({ state: 'free' }, t ? t.threads - t.busy : 0);
    },
  });
  new Gauge({
    name: 'gateway_recognition_warm',
    help: "1 once this process' recognition threads have loaded their models (or it has none), 0 while warming or after a failed warm-up",
    registers,
    collect() {
      const s = runtime.warmth.state;
      this.set(s === 'ready' || s === 'none' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'gateway_recognition_local_waiting',
    help: 'Synchronous calls waiting in line for a thread of this process',
    registers,
    collect() {
      this.set(runtime.threadStats?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'gateway_recognition_queue_jobs',
    help: 'The shared queue (BullMQ) by state: waiting = synchronous calls, prioritized = asynchronous jobs; absent while Redis is away',
    labelNames: ['state'],
    registers,
    async collect() {
      this.reset();
      const counts = await runtime.queueCounts()?.catch(() => undefined);
      for (const [state, n] of Object.entries(counts ?? {})) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'gateway_recognition_jobs',
    help: 'Rows of the job table by status, every process sharing the storage (finished ones while kept for reading); absent while storage is away',
    labelNames: ['status'],
    registers,
    async collect() {
      this.reset();
      const rows = await runtime.jobsByStatus().catch(() => undefined);
      for (const [status, n] of Object.entries(rows ?? {})) this.set({ status }, n);
    },
  });
  new Counter({
    name: 'gateway_recognition_job_starts_total',
    help: 'Asynchronous job attempts started by this process',
    registers,
    collect() {
      this.reset();
      this.inc(runtime.jobCounters.started);
    },
  });
  new Counter({
    name: 'gateway_recognition_jobs_finished_total',
    help: 'Asynchronous jobs this process ended, by final state',
    labelNames: ['status'],
    registers,
    collect() {
      this.reset();
      for (const [status, n] of runtime.jobCounters.finished) this.inc({ status }, n);
    },
  });
}

/** Whether a client may read /metrics (METRICS_ALLOW); `undefined` when metrics are off. */
export function metricsAccess(allow: Config['METRICS_ALLOW']): ((ip: string) => boolean) | undefined {
  if (allow === 'off') return undefined;
  if (allow === '*') return () => true;
  return compileIpList(allow);
}
