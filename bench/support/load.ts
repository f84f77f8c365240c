import fs from 'node:fs';
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  /** full URL to call */
  url: string;
  /** the server process, whose CPU time per request is measured (a figure other load hardly moves) */
  pid?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the server spent per request, µs (user + system), when its pid is known */
  cpuPerRequest?: number;
}

/** User + system CPU time of a process so far, in µs (Linux /proc; clock ticks are 10 ms). */
export function cpuTime(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

/**
 * Drives one scenario with autocannon at a fixed concurrency for a fixed time: as fast as the
 * server answers, or at `rate` requests/s in all (latencies then count from when each request
 * was due, so a stalled server is not hidden by the requests it kept from being sent).
 */
export async function measure(s: Scenario, opts: { connections: number; seconds: number; rate?: number }): Promise<Measured> {
  const before = s.pid === undefined ? undefined : cpuTime(s.pid);
  const result = await autocannon({
    url: s.url,
    method: s.method ?? 'GET',
    headers: s.headers,
    body: s.body,
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.rate ? { overallRate: Math.round(opts.rate) } : {}),
  });
  const after = s.pid === undefined ? undefined : cpuTime(s.pid);
  return {
    cpuPerRequest: before === undefined || after === undefined ? undefined : (after - before) / Math.max(1, result.requests.total),
    name: s.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A fixed-width table of the measurements, with each row's requests/s relative to the first unless `relative` is false. */
export function table(rows: Measured[], relative = true): string {
  const base = rows[0]?.rps ?? 1;
  const head = ['scenario', 'req/s', ...(relative ? ['vs ceiling'] : []), 'p50 ms', 'p99 ms', 'CPU µs/req', 'non-2xx', 'errors'];
  const lines = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    ...(relative ? [`${((r.rps / base) * 100).toFixed(0)}%`] : []),
    String(r.p50),
    String(r.p99),
    r.cpuPerRequest === undefined ? '-' : r.cpuPerRequest.toFixed(0),
    String(r.non2xx),
    String(r.errors),
  ]);
  return formatTable(head, lines);
}

/** Rows under a header, the first column left-aligned and the others right-aligned. */
export function formatTable(head: string[], lines: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [fmt(head), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n');
}
