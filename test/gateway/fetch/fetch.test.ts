import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_ALLOW_LIST, type FetchLookup, fetchInput, parseFetchAllow } from '../../../src/gateway/fetch';
import { expectGatewayError, freePort, startServer, type TestServer } from './server';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const LOCAL = parseFetchAllow('127.0.0.1');
const MB = 1024 * 1024;

/** A resolver that fails the test if the fetch consults DNS at all. */
const noDns: FetchLookup = async (host) => {
  throw new Error(`DNS must not be consulted for ${host}`);
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === '/missing') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not here</h1>');
    } else if (req.url === '/teapot') {
      res.writeHead(418).end();
    } else if (req.url === '/no-location') {
      res.writeHead(302).end();
    } else {
      res.writeHead(200, { 'content-type': 'image/png', 'set-cookie': 'session=abc' }).end(PNG);
    }
  });
});
afterAll(() => server.close());

describe('fetchInput over http', () => {
  it('fetches from an allowed host, with our headers and no cookies', async () => {
    const before = server.requests.length;
    const got = await fetchInput(`${server.origin}/a.png?sig=secret`, { maxBytes: 3 * MB, allow: LOCAL });
    expect(Buffer.from(got.bytes).equals(PNG)).toBe(true);
    expect(got.contentType).toBe('image/png');
    expect(got.finalUrl).toBe(`${server.origin}/a.png?sig=secret`);
    const head = server.requests[before];
    expect(head?.['user-agent']).toMatch(/^recognition-gateway\//);
    expect(head?.accept).toBe('image/*,application/pdf;q=0.9,*/*;q=0.5');
    expect(head?.cookie).toBeUndefined();
    expect(head?.host).toBe(`127.0.0.1:${server.port}`);
  });

  it('refuses loopback without an allow list, before connecting', async () => {
    const before = server.requests.length;
    await expectGatewayError(
      fetchInput(`${server.origin}/a.png`, { maxBytes: MB, allow: EMPTY_ALLOW_LIST, lookup: noDns }),
      'INPUT_UNREADABLE',
      /^address not allowed: 127\.0\.0\.1 is a loopback address$/,
    );
    expect(server.requests.length).toBe(before);
  });

  it('refuses the real name localhost (resolved by the system) without an allow list', async () => {
    await expectGatewayError(
      fetchInput(`http://localhost:${server.port}/a.png`, { maxBytes: MB, allow: EMPTY_ALLOW_LIST }),
      'INPUT_UNREADABLE',
      /^address not allowed: localhost resolves to a loopback address$/,
    );
  });

  it.each([
    ['http://2130706433:PORT/', /127\.0\.0\.1 is a loopback address/],
    ['http://0x7f.1:PORT/', /127\.0\.0\.1 is a loopback address/],
    ['http://017700000001:PORT/', /127\.0\.0\.1 is a loopback address/],
    ['http://127.1:PORT/', /127\.0\.0\.1 is a loopback address/],
    ['http://127.0.0.1.:PORT/', /127\.0\.0\.1 is a loopback address/],
    ['http://[::ffff:7f00:1]:PORT/', /::ffff:7f00:1 is a loopback address/],
    ['http://[::ffff:127.0.0.1]:PORT/', /::ffff:7f00:1 is a loopback address/],
    ['http://[::ffff:10.0.0.1]/', /::ffff:a00:1 is a private address/],
    ['http://[::127.0.0.1]:PORT/', /::7f00:1 is a reserved address/],
    ['http://[64:ff9b::127.0.0.1]:PORT/', /64:ff9b::7f00:1 is a loopback address \(embedded in an IPv6 address\)/],
    ['http://[::1]:PORT/', /::1 is a loopback address/],
    ['http://0:PORT/', /0\.0\.0\.0 is an unspecified address/],
    ['http://[::]:PORT/', /:: is an unspecified address/],
  ])('refuses the odd spelling %s without asking DNS', async (url, detail) => {
    await expectGatewayError(
      fetchInput(url.replace('PORT', String(server.port)), { maxBytes: MB, allow: EMPTY_ALLOW_LIST, lookup: noDns }),
      'INPUT_UNREADABLE',
      detail,
    );
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a cloud metadata address/],
    ['http://[fd00:ec2::254]/latest/meta-data/', /fd00:ec2::254 is a cloud metadata address/],
    ['http://100.100.100.200/latest/meta-data/', /100\.100\.100\.200 is a cloud metadata address/],
    ['http://metadata.google.internal/computeMetadata/v1/', /metadata\.google\.internal is a cloud metadata host/],
    ['http://METADATA.google.internal./computeMetadata/v1/', /metadata\.google\.internal is a cloud metadata host/],
  ])('refuses the metadata service %s, even when its network is allowed', async (url, detail) => {
    const allow = parseFetchAllow('169.254.0.0/16,100.64.0.0/10,fd00::/8,*.google.internal');
    await expectGatewayError(fetchInput(url, { maxBytes: MB, allow, lookup: noDns }), 'INPUT_UNREADABLE', detail);
  });

  it('answers a non-2xx status with the status in the detail', async () => {
    const options = { maxBytes: MB, allow: LOCAL };
    await expectGatewayError(fetchInput(`${server.origin}/missing`, options), 'INPUT_UNREADABLE', /^HTTP 404 from upstream$/);
    await expectGatewayError(fetchInput(`${server.origin}/teapot`, options), 'INPUT_UNREADABLE', /^HTTP 418 from upstream$/);
    await expectGatewayError(fetchInput(`${server.origin}/no-location`, options), 'INPUT_UNREADABLE', /^HTTP 302 from upstream$/);
  });

  it('reports a refused connection as unreachable', async () => {
    const port = await freePort();
    await expectGatewayError(
      fetchInput(`http://127.0.0.1:${port}/a.png`, { maxBytes: MB, allow: LOCAL }),
      'INPUT_UNREADABLE',
      /^unreachable: ECONNREFUSED$/,
    );
  });

  it.each([
    ['file:///etc/passwd', 'file:'],
    ['ftp://example.com/a.png', 'ftp:'],
    ['gopher://example.com/_GET', 'gopher:'],
    ['javascript:alert(1)', 'javascript:'],
    ['blob:https://example.com/0b0c', 'blob:'],
    ['ws://example.com/', 'ws:'],
  ])('refuses the scheme of %s', async (url, scheme) => {
    await expectGatewayError(
      fetchInput(url, { maxBytes: MB, allow: EMPTY_ALLOW_LIST, lookup: noDns }),
      'INPUT_UNREADABLE',
      new RegExp(`^scheme ${scheme} is not supported$`),
    );
  });

  it.each(['not a url', '', '/relative/a.png', 'http://', 'http://exa mple.com/', 'https://[::1/'])(
    'refuses the malformed URL %j as a parameter error',
    async (url) => {
      await expectGatewayError(
        fetchInput(url, { maxBytes: MB, allow: EMPTY_ALLOW_LIST, lookup: noDns }),
        'PARAM_INVALID',
        /^not a valid absolute URL$/,
      );
    },
  );
});

describe('fetchInput name resolution', () => {
  it('refuses a name that resolves to a private address', async () => {
    const lookup: FetchLookup = async () => [{ address: '10.0.0.5', family: 4 }];
    await expectGatewayError(
      fetchInput('http://images.example/a.png', { maxBytes: MB, allow: EMPTY_ALLOW_LIST, lookup }),
      'INPUT_UNREADABLE',
      /^address not allowed: images\.example resolves to a private address$/,
    );
  });

  it('refuses a name when any of its addresses is private, not only the first', async () => {
    const lookup: FetchLookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:192.168.1.1', family: 6 },
    ];
    await expectGatewayError(
      fetchInput('http://mixed.example/a.png', { maxBytes: MB, allow: EMPTY_ALLOW_LIST, lookup }),
      'INPUT_UNREADABLE',
      /^address not allowed: mixed\.example resolves to a private address$/,
    );
  });

  it('connects to exactly the address it checked (no second resolution to rebind)', async () => {
    const asked: string[] = [];
    const lookup: FetchLookup = async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const before = server.requests.length;
    // pinned.invalid exists in no DNS: the bytes can only come through the checked address.
    const got = await fetchInput(`http://pinned.invalid:${server.port}/a.png`, { maxBytes: MB, allow: LOCAL, lookup });
    expect(Buffer.from(got.bytes).equals(PNG)).toBe(true);
    expect(asked).toEqual(['pinned.invalid']);
    expect(server.requests[before]?.host).toBe(`pinned.invalid:${server.port}`);
  });

  it('opens a private address for an allowed host name, and only for it', async () => {
    const lookup: FetchLookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const allow = parseFetchAllow('images.intra');
    const got = await fetchInput(`http://images.intra:${server.port}/a.png`, { maxBytes: MB, allow, lookup });
    expect(Buffer.from(got.bytes).equals(PNG)).toBe(true);
    await expectGatewayError(
      fetchInput(`http://other.intra:${server.port}/a.png`, { maxBytes: MB, allow, lookup }),
      'INPUT_UNREADABLE',
      /^address not allowed: other\.intra resolves to a loopback address$/,
    );
  });

  it('opens only the port an allow-list entry names (issue 14: an entry opened every port of a host)', async () => {
    const lookup: FetchLookup = async () => [{ address: '127.0.0.1', family: 4 }];
    for (const allow of [parseFetchAllow(`images.intra:${server.port}`), parseFetchAllow(`127.0.0.1:${server.port}`), parseFetchAllow(`*.intra:${server.port}`)]) {
      const got = await fetchInput(`http://images.intra:${server.port}/a.png`, { maxBytes: MB, allow, lookup });
      expect(Buffer.from(got.bytes).equals(PNG)).toBe(true);
    }
    const other = server.port === 65535 ? 65534 : server.port + 1;
    for (const allow of [parseFetchAllow(`images.intra:${other}`), parseFetchAllow(`127.0.0.1:${other}`), parseFetchAllow(`127.0.0.0/8:${other}`)]) {
      await expectGatewayError(
        fetchInput(`http://images.intra:${server.port}/a.png`, { maxBytes: MB, allow, lookup }),
        'INPUT_UNREADABLE',
        /^address not allowed: images\.intra resolves to a loopback address$/,
      );
      await expectGatewayError(fetchInput(`http://127.0.0.1:${server.port}/a.png`, { maxBytes: MB, allow, lookup }), 'INPUT_UNREADABLE', /127\.0\.0\.1 is a loopback address/);
    }
    // without a port in the URL, the scheme's own port is the one checked
    await expectGatewayError(
      fetchInput('http://images.intra/a.png', { maxBytes: MB, allow: parseFetchAllow('images.intra:8080'), lookup }),
      'INPUT_UNREADABLE',
      /resolves to a loopback address/,
    );
  });

  it('reports a name that does not resolve as unreachable', async () => {
    const lookup: FetchLookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND secret-internal-name'), { code: 'ENOTFOUND' });
    };
    const error = await expectGatewayError(
      fetchInput('http://nowhere.invalid/a.png', { maxBytes: MB, allow: EMPTY_ALLOW_LIST, lookup }),
      'INPUT_UNREADABLE',
      /^unreachable: host name not found \(ENOTFOUND\)$/,
    );
    expect(error.message).not.toMatch(/secret-internal-name|at /);
  });
});
