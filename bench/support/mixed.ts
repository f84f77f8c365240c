import fs from 'node:fs';
import autocannon from 'autocannon';
import { formatTable } from './load';

/*
 * Mixed traffic for `npm run bench:load`: streams of requests, each at its own fixed concurrency,
 * driven together for a fixed time against one or more gateways (autocannon spreads a stream's
 * connections over the URLs). Answers are counted by gateway code from the gateways' own
 * /metrics (gateway_requests_total), so the load generator never parses a body.
 */

export interface Stream {
  name: string;
  connections: number;
  /** one connection's cycle; a request with `setupRequest` may read what earlier ones put in the context */
  requests: autocannon.Request[];
}

export interface StreamResult {
  name: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** socket errors and time-outs seen by the client */
  errors: number;
  /** HTTP status → count */
  statuses: Record<string, number>;
}

/** Runs every stream at once for `seconds` against `urls`. */
export async function drive(urls: string[], streams: Stream[], seconds: number): Promise<StreamResult[]> {
  return Promise.all(
    streams.map(async (s) => {
      const r = await autocannon({
        // autocannon takes several targets (its typings say one)
        url: urls as unknown as string,
        connections: s.connections,
        duration: seconds,
        requests: s.requests,
        timeout: 20,
      });
      return {
        name: s.name,
        connections: s.connections,
        requests: r.requests.total,
        rps: r.requests.total / seconds,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count ?? 0])),
      };
    }),
  );
}

/** `gateway_requests_total` (but the scrapes), summed over the gateways: "point code" → count. */
export async function answeredByCode(urls: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const url of urls) {
    const text = await (await fetch(new URL('/metrics', url))).text();
    for (const m of text.matchAll(/^gateway_requests_total\{point="([^"]+)",code="([^"]+)"\} (\d+)/gm)) {
      if (m[1] === '/metrics') continue;
      const key = `${m[1]} ${m[2]}`;
      counts.set(key, (counts.get(key) ?? 0) + Number(m[3]));
    }
  }
  return counts;
}

/** What was answered between two `answeredByCode` readings. */
export function answeredBetween(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const delta = new Map<string, number>();
  for (const [k, v] of after) if (v - (before.get(k) ?? 0) > 0) delta.set(k, v - (before.get(k) ?? 0));
  return delta;
}

/** Counts by gateway code alone, e.g. "0 ×5120, -7 ×3". */
export function codesLine(answered: Map<string, number>): string {
  const byCode = new Map<string, number>();
  for (const [k, v] of answered) {
    const code = k.split(' ')[1]!;
    byCode.set(code, (byCode.get(code) ?? 0) + v);
  }
  return [...byCode].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ×${n}`).join(', ') || '(none)';
}

/** Answers of one point with one code. */
export function answered(counts: Map<string, number>, point: string, code: string): number {
  return counts.get(`${point} ${code}`) ?? 0;
}

/** Resident memory of a process in MiB (Linux /proc), undefined once it is gone. */
export function rssMiB(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Busy and total CPU time of the whole machine so far, in clock ticks (Linux /proc/stat). */
export function machineCpu(): { busy: number; total: number } {
  const [user, nice, system, idle, iowait, ...rest] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = [user, nice, system, idle, iowait, ...rest].reduce((a, b) => a! + b!, 0)!;
  return { busy: total - idle! - iowait!, total };
}

/** A fixed-width table of stream results. */
export function streamTable(rows: StreamResult[]): string {
  const head = ['stream', 'conns', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
  const lines = rows.map((r) => [r.name, String(r.connections), String(r.requests), r.rps.toFixed(1), String(r.p50), String(r.p99), String(r.non2xx), String(r.errors)]);
  return formatTable(head, lines);
}
