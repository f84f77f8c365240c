import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '../../src/gateway/http/server-limits';
import { hit } from '../scale/support/calls';
import { type Target, rawExchange, startTarget } from './support';

/*
 * Regression (found by `npm run bench:load`'s soak): past Node's `maxRequestsPerSocket` a
 * client that does not read `Connection: close` (autocannon does not) kept its connection and
 * got a bare 503, without the envelope and unseen by logs and metrics, for every later request:
 * 171,463 of them in one minute. Now the answer to the last allowed request closes the connection.
 */

describe('a connection past its requests', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target?.close());

  it(`is closed after the answer to request ${SERVER_LIMITS.maxRequestsPerSocket}, with no bare 503 for the ones after`, async () => {
    const max = SERVER_LIMITS.maxRequestsPerSocket;
    // all sent at once (pipelined): the client never waits to read a Connection header
    const request = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
    const r = await rawExchange(target.port, request.repeat(max + 5));
    const statuses = [...r.text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
    expect(statuses.length).toBe(max);
    expect(new Set(statuses)).toEqual(new Set(['200']));
    const last = r.text.slice(r.text.lastIndexOf('HTTP/1.1 '));
    expect(last).toMatch(/^connection: close\r$/im);
    expect(r.error ?? '').not.toMatch(/no close/);
    // and the gateway serves the next connection as usual
    expect((await hit(target.url, 'healthz')).status).toBe(200);
  }, 60_000);
});
