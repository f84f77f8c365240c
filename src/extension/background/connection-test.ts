import type { AppError } from '../../protocol/app-error';
import { codes } from '../../protocol/codes';
import { type KnownPointId, pointIds, pointSpecs } from '../../protocol/points/index';
import type { ConnectionReport } from '../../protocol/messages';
import type { GatewayClient } from './gateway';

/*
 * "Test connection": what the token may do. A token cannot read its own record (2141 points are
 * for applications only), so every point a token could call is probed with an empty request. The
 * gateway authenticates and checks permissions before it validates fields, so the answer tells:
 * -1100 (fields missing) = allowed, -1014 = not in the token's list, -6 = not offered here.
 * Nothing is recognized and nothing is changed.
 */

/** Failures that concern the token or the gateway itself, not one point: the test stops there. */
const fatal = new Set<number>([codes.TOKEN_INVALID.code, codes.IP_REFUSED.code, codes.APP_INVALID.code]);

export interface ProbeOptions {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export async function testConnection(client: GatewayClient, opts: ProbeOptions = {}): Promise<ConnectionReport> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;
  const ids = pointIds.filter((id) => pointSpecs[id].auth === 'any');
  const report: ConnectionReport = { ok: true, latencyMs: 0, points: [] };
  for (const [i, id] of ids.entries()) {
    const started = now();
    let res = await client.call(id as KnownPointId, {}, { validate: false });
    // the probes count against the token's rate limit like any call: wait and try again
    for (let retry = 0; !res.ok && res.error.code === codes.LIMITED.code && retry < 3; retry++) {
      await sleep(1100);
      res = await client.call(id as KnownPointId, {}, { validate: false });
    }
    if (i === 0) report.latencyMs = now() - started;
    const title = pointSpecs[id].title;
    if (res.ok || res.error.code === codes.PARAM_INVALID.code) {
      report.points.push({ id, title, state: 'allowed' });
      continue;
    }
    const error: AppError = res.error;
    if (error.code === undefined || fatal.has(error.code)) return { ok: false, latencyMs: report.latencyMs, error, points: [] };
    const state = error.code === codes.TOKEN_NO_PERMISSION.code ? 'denied' : error.code === codes.NOT_FOUND.code ? 'unavailable' : 'error';
    report.points.push({ id, title, state, ...(state === 'error' ? { error } : {}) });
  }
  return report;
}
