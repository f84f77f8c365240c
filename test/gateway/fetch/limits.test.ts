import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src/gateway/errors';
import { type FetchLookup, fetchInput, parseFetchAllow } from '../../../src/gateway/fetch';
import { expectGatewayError, startServer, type TestServer } from './server';

const KB = 1024;
const LOCAL = parseFetchAllow('127.0.0.1');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the endless route managed to hand to the socket, and whether the client hung up. */
const endless = { written: 0, closed: undefined as Promise<void> | undefined };

/** Writes 64 KB chunks, honouring back-pressure, until the client goes away. */
function pour(res: ServerResponse): void {
  const chunk = Buffer.alloc(64 * KB, 0x61);
  endless.written = 0;
  endless.closed = new Promise((resolve) => res.on('close', resolve));
  const write = (): void => {
    while (!res.destroyed) {
      endless.written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', write);
    }
  };
  write();
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    switch (req.url) {
      case '/announced-large':
        // Announces 5 MB and sends nothing: the refusal must come from the header alone.
        res.writeHead(200, { 'content-length': String(5 * 1024 * KB) });
        res.flushHeaders();
        return;
      case '/endless':
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return pour(res);
      case '/exact':
        return void res.writeHead(200).end(Buffer.alloc(100 * KB, 1));
      case '/silent':
        return; // never answers
      case '/drip-slow':
      case '/drip-fast': {
        res.writeHead(200, { 'content-type': 'image/png' });
        const every = req.url === '/drip-slow' ? 1000 : 60;
        let sent = 0;
        const timer = setInterval(() => {
          if (++sent > 8) return void (clearInterval(timer), res.end());
          res.write('z');
        }, every);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/cut':
        res.writeHead(200, { 'content-length': '1000' });
        res.write('only half');
        return void setTimeout(() => res.destroy(), 50);
      default:
        res.writeHead(404).end();
    }
  });
});
afterAll(() => server.close());

describe('fetchInput size limit', () => {
  it('refuses a Content-Length over the limit before reading', async () => {
    const started = Date.now();
    await expectGatewayError(
      fetchInput(`${server.origin}/announced-large`, { maxBytes: 3 * 1024 * KB, allow: LOCAL }),
      'INPUT_TOO_LARGE',
      /^upstream announces 5242880 bytes, over the limit of 3145728 bytes$/,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('cuts off a chunked body that keeps coming, as soon as it passes the limit', async () => {
    const error = await expectGatewayError(
      fetchInput(`${server.origin}/endless`, { maxBytes: 256 * KB, allow: LOCAL }),
      'INPUT_TOO_LARGE',
      /^body exceeds the limit of 262144 bytes$/,
    );
    expect(error.code).toBe(-1101);
    const hungUp = await Promise.race([endless.closed?.then(() => true), sleep(2000).then(() => false)]);
    expect(hungUp, 'the client kept the connection open').toBe(true);
    // Only what fits in the socket buffers beyond the limit was sent; the server would go on forever.
    expect(endless.written).toBeLessThan(32 * 1024 * KB);
  });

  it('accepts a body of exactly the limit', async () => {
    const got = await fetchInput(`${server.origin}/exact`, { maxBytes: 100 * KB, allow: LOCAL });
    expect(got.bytes.length).toBe(100 * KB);
    await expectGatewayError(
      fetchInput(`${server.origin}/exact`, { maxBytes: 100 * KB - 1, allow: LOCAL }),
      'INPUT_TOO_LARGE',
      /the limit of 102399 bytes$/,
    );
  });

  it('reports a body cut short by the server as unreadable', async () => {
    await expectGatewayError(
      fetchInput(`${server.origin}/cut`, { maxBytes: 100 * KB, allow: LOCAL }),
      'INPUT_UNREADABLE',
      /^upstream closed the connection before the body was complete$/,
    );
  });
});

describe('fetchInput time-outs', () => {
  it('times out a server that never sends its head', async () => {
    const started = Date.now();
    await expectGatewayError(
      fetchInput(`${server.origin}/silent`, { maxBytes: KB, allow: LOCAL, readTimeoutMs: 300 }),
      'TIMEOUT',
      /^read time-out: no data from upstream for 300 ms$/,
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2000);
  });

  it('times out a body that drips slower than the read time-out', async () => {
    const started = Date.now();
    await expectGatewayError(
      fetchInput(`${server.origin}/drip-slow`, { maxBytes: KB, allow: LOCAL, readTimeoutMs: 300 }),
      'TIMEOUT',
      /^read time-out: no data from upstream for 300 ms$/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('counts the read time-out between chunks, not over the whole body', async () => {
    // 8 bytes at 60 ms intervals: ~500 ms in all, each gap well under 300 ms.
    const got = await fetchInput(`${server.origin}/drip-fast`, { maxBytes: KB, allow: LOCAL, readTimeoutMs: 300 });
    expect(Buffer.from(got.bytes).toString()).toBe('zzzzzzzz');
  });

  it('times out a connection that is never made (name resolution included)', async () => {
    const hang: FetchLookup = () => new Promise(() => {});
    const started = Date.now();
    await expectGatewayError(
      fetchInput('http://slow.example/a.png', { maxBytes: KB, allow: LOCAL, lookup: hang, connectTimeoutMs: 300 }),
      'TIMEOUT',
      /^connect time-out: no connection within 300 ms$/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('fetchInput caller cancellation', () => {
  it('stops when the caller aborts, long before its own time-outs', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expectGatewayError(
      fetchInput(`${server.origin}/silent`, { maxBytes: KB, allow: LOCAL, signal: controller.signal }),
      'TIMEOUT',
      /^fetch cancelled by the caller$/,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('names an AbortSignal.timeout as the overall time limit', async () => {
    await expectGatewayError(
      fetchInput(`${server.origin}/drip-slow`, { maxBytes: KB, allow: LOCAL, signal: AbortSignal.timeout(150) }),
      'TIMEOUT',
      /^fetch stopped: overall time limit reached$/,
    );
  });

  it("rethrows the caller's own GatewayError reason", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new GatewayError('OVERLOADED', 'shutting down')), 50);
    await expectGatewayError(
      fetchInput(`${server.origin}/silent`, { maxBytes: KB, allow: LOCAL, signal: controller.signal }),
      'OVERLOADED',
      /^shutting down$/,
    );
  });

  it('does nothing for an already aborted signal', async () => {
    const before = server.requests.length;
    await expectGatewayError(
      fetchInput(`${server.origin}/exact`, { maxBytes: 1000 * KB, allow: LOCAL, signal: AbortSignal.abort() }),
      'TIMEOUT',
      /^fetch cancelled by the caller$/,
    );
    await expectGatewayError(
      fetchInput('data:,abc', { maxBytes: KB, allow: LOCAL, signal: AbortSignal.abort() }),
      'TIMEOUT',
      /cancelled/,
    );
    expect(server.requests.length).toBe(before);
  });
});
