import http from 'node:http';
import type { CallOptions } from '../../support/gateway';

/*
 * Client calls for the multi-process tests. Each must answer within HANG_MS: not a performance
 * threshold (answers normally take milliseconds to a few seconds), a detector for a call that
 * would never answer, so a hang fails the test with its name instead of its time-out.
 */

export const HANG_MS = 20_000;

export interface Answer {
  status: number;
  json: any;
  body: any;
  /** the gateway code, for counting */
  code: number;
}

export async function hit(base: string, point: string, opts: CallOptions = {}): Promise<Answer> {
  const url = new URL(`/${point}`, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const method = opts.method ?? (opts.form ? 'POST' : 'GET');
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...opts.headers },
      body: opts.form ? new URLSearchParams(opts.form).toString() : undefined,
      signal: AbortSignal.timeout(HANG_MS),
    });
  } catch (e) {
    if ((e as Error).name === 'TimeoutError') throw new Error(`${method} /${point} on ${base} hung: no answer within ${HANG_MS / 1000} s`);
    throw e;
  }
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, json, body: json.gateway_res_body, code: json.gateway_res_code };
}

/** Counts of answers by gateway code, e.g. { "0": 5, "-1009": 5 }. */
export function byCode(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[a.code] = (counts[a.code] ?? 0) + 1;
  return counts;
}

/**
 * An image server that holds every response until `release()`: callers then stay inside the
 * gateway (intake) as long as the test wants, holding their concurrency slots.
 */
export async function heldImageServer(image: Uint8Array): Promise<{ url: string; waiting(): number; release(): void; close(): Promise<void> }> {
  let held: http.ServerResponse[] = [];
  let open = false;
  const server = http.createServer((_req, res) => {
    if (open) res.end(image);
    else held.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/image.png`,
    waiting: () => held.length,
    release() {
      open = true;
      for (const res of held) res.writeHead(200, { 'content-type': 'image/png' }).end(image);
      held = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `probe` returns a value, within `ms` (a detector again: the state must come). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`never happened within ${ms / 1000} s: ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
}
