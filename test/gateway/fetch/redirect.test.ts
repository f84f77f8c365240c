import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchLookup, fetchInput, parseFetchAllow } from '../../../src/gateway/fetch';
import { expectGatewayError, startServer, type TestServer } from './server';

const MB = 1024 * 1024;
const LOCAL = parseFetchAllow('127.0.0.1');

/**
 * /chain/N redirects N more times, then answers "done"; /to?u=URL redirects to URL with the
 * status in ?s= (302 by default). A second server counts whether a refused target was contacted.
 */
let server: TestServer;
let target: TestServer;
let endlessClosed: Promise<void> = Promise.resolve();
beforeAll(async () => {
  target = await startServer((_req, res) => res.writeHead(200).end('target'));
  server = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (chain) {
      const left = Number(chain[1]);
      if (left === 0) res.writeHead(200, { 'content-type': 'text/plain' }).end('done');
      else res.writeHead(301, { location: `/chain/${left - 1}` }).end();
    } else if (url.pathname === '/to') {
      const body = 'x'.repeat(1000);
      res.writeHead(Number(url.searchParams.get('s') ?? 302), { location: url.searchParams.get('u') ?? '' }).end(body);
    } else if (url.pathname === '/endless-redirect-body') {
      // A redirect whose body never ends: it must be dropped, not read.
      res.writeHead(302, { location: '/chain/0' });
      const timer = setInterval(() => res.write('y'.repeat(1024)), 5);
      endlessClosed = new Promise((resolve) => res.on('close', resolve));
      res.on('close', () => clearInterval(timer));
    } else {
      res.writeHead(404).end();
    }
  });
});
afterAll(async () => {
  await server.close();
  await target.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function via(location: string, status = 302): string {
  return `${server.origin}/to?s=${status}&u=${encodeURIComponent(location)}`;
}

describe('fetchInput redirects', () => {
  it('follows a chain of 3 redirects and reports the final URL', async () => {
    const got = await fetchInput(`${server.origin}/chain/3`, { maxBytes: MB, allow: LOCAL });
    expect(Buffer.from(got.bytes).toString()).toBe('done');
    expect(got.finalUrl).toBe(`${server.origin}/chain/0`);
  });

  it('refuses a chain of 4 redirects', async () => {
    const before = server.requests.length;
    await expectGatewayError(
      fetchInput(`${server.origin}/chain/4`, { maxBytes: MB, allow: LOCAL }),
      'INPUT_UNREADABLE',
      /^too many redirects \(more than 3\)$/,
    );
    // The original request plus 3 followed redirects; the 4th target is never requested.
    expect(server.requests.length - before).toBe(4);
  });

  it.each([301, 302, 303, 307, 308])('follows a %i redirect', async (status) => {
    const got = await fetchInput(via(`${target.origin}/img`, status), { maxBytes: MB, allow: LOCAL });
    expect(Buffer.from(got.bytes).toString()).toBe('target');
  });

  it.each([
    ['http://127.0.0.2:PORT/img', /^address not allowed: 127\.0\.0\.2 is a loopback address$/],
    ['http://[::1]:PORT/img', /^address not allowed: ::1 is a loopback address$/],
    ['http://10.0.0.1/img', /^address not allowed: 10\.0\.0\.1 is a private address$/],
    ['http://192.168.0.10:8080/img', /^address not allowed: 192\.168\.0\.10 is a private address$/],
    ['http://169.254.169.254/latest/meta-data/', /^address not allowed: 169\.254\.169\.254 is a cloud metadata address$/],
    ['http://2130706434:PORT/', /^address not allowed: 127\.0\.0\.2 is a loopback address$/],
  ])('refuses a redirect from an allowed host to %s', async (location, detail) => {
    await expectGatewayError(
      fetchInput(via(location.replace('PORT', String(target.port))), { maxBytes: MB, allow: LOCAL }),
      'INPUT_UNREADABLE',
      detail,
    );
  });

  it('checks a redirect target name after resolving it, and never contacts it', async () => {
    const lookup: FetchLookup = async (host) => {
      if (host === 'start.intra' || host === 'evil.example') return [{ address: '127.0.0.1', family: 4 }];
      throw new Error(`unexpected lookup of ${host}`);
    };
    const before = target.requests.length;
    // The first hop is allowed by its host name; the target resolves to loopback and is not.
    const start = `http://start.intra:${server.port}/to?u=${encodeURIComponent(`http://evil.example:${target.port}/img`)}`;
    await expectGatewayError(
      fetchInput(start, { maxBytes: MB, allow: parseFetchAllow('start.intra'), lookup }),
      'INPUT_UNREADABLE',
      /^address not allowed: evil\.example resolves to a loopback address$/,
    );
    expect(target.requests.length).toBe(before);
  });

  it.each([
    ['data:image/png;base64,iVBORw0KGgo=', 'data:'],
    ['file:///etc/passwd', 'file:'],
    ['ftp://127.0.0.1/a.png', 'ftp:'],
    ['gopher://127.0.0.1:6379/_INFO', 'gopher:'],
    ['javascript:alert(1)', 'javascript:'],
  ])('refuses a redirect to %s', async (location, scheme) => {
    await expectGatewayError(
      fetchInput(via(location), { maxBytes: MB, allow: LOCAL }),
      'INPUT_UNREADABLE',
      new RegExp(`^redirect to scheme ${scheme} is not supported$`),
    );
  });

  it('drops the connection of a redirect instead of reading its body', async () => {
    const got = await fetchInput(`${server.origin}/endless-redirect-body`, { maxBytes: MB, allow: LOCAL });
    expect(Buffer.from(got.bytes).toString()).toBe('done');
    const closed = await Promise.race([endlessClosed.then(() => true), sleep(1000).then(() => false)]);
    expect(closed, 'the endless redirect response was still being read').toBe(true);
  });

  it('refuses a redirect to nowhere', async () => {
    await expectGatewayError(
      fetchInput(via('http://'), { maxBytes: MB, allow: LOCAL }),
      'INPUT_UNREADABLE',
      /^HTTP 302 redirect to an invalid URL$/,
    );
    await expectGatewayError(
      fetchInput(via(''), { maxBytes: MB, allow: LOCAL }),
      'INPUT_UNREADABLE',
      /^HTTP 302 from upstream$/,
    );
  });
});
