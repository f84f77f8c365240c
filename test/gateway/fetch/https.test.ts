import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchInput, parseFetchAllow } from '../../../src/gateway/fetch';
import { expectGatewayError, startServer, type TestServer } from './server';

const LOCAL = parseFetchAllow('127.0.0.1');
const KB = 1024;

/** A throw-away self-signed certificate, made per run so no key is ever committed. */
function selfSigned(): { key: Buffer; cert: Buffer } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'fetch-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tls = selfSigned();
let tlsServer: https.Server | undefined;
let tlsPort = 0;
/** Accepts TCP connections and never says a word: no TLS handshake, no HTTP head. */
let mute: net.Server;
let mutePort = 0;
let muteOpen = 0;
let plain: TestServer;

beforeAll(async () => {
  if (tls) {
    tlsServer = https.createServer(tls, (_req, res) => res.end('secret image'));
    await new Promise<void>((resolve) => tlsServer?.listen(0, '127.0.0.1', resolve));
    tlsPort = (tlsServer.address() as AddressInfo).port;
  }
  // resume(): read (and drop) input so the server sees the client hang up.
  mute = net.createServer((socket) => {
    muteOpen++;
    socket.resume();
    socket.on('close', () => muteOpen--);
  });
  await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
  mutePort = (mute.address() as AddressInfo).port;
  plain = await startServer((_req, res) => res.end('plain'));
});
afterAll(async () => {
  tlsServer?.closeAllConnections();
  await new Promise((resolve) => (tlsServer ? tlsServer.close(resolve) : resolve(undefined)));
  await new Promise((resolve) => mute.close(resolve));
  await plain.close();
});

/** A timed-out fetch must close its connection, not leave it to the server. */
async function expectHungUp(): Promise<void> {
  for (let i = 0; i < 50 && muteOpen > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(muteOpen, 'connections left open by the client').toBe(0);
}

describe('fetchInput over https', () => {
  it.skipIf(!tls)('refuses a certificate it cannot verify, naming the TLS error', async () => {
    await expectGatewayError(
      fetchInput(`https://127.0.0.1:${tlsPort}/a.png`, { maxBytes: KB, allow: LOCAL }),
      'INPUT_UNREADABLE',
      /^TLS handshake failed: (DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_CERT_ALTNAME_INVALID)$/,
    );
  });

  it('counts the TLS handshake as part of connecting', async () => {
    const started = Date.now();
    await expectGatewayError(
      fetchInput(`https://127.0.0.1:${mutePort}/a.png`, {
        maxBytes: KB,
        allow: LOCAL,
        connectTimeoutMs: 300,
        readTimeoutMs: 5000,
      }),
      'TIMEOUT',
      /^connect time-out: no connection within 300 ms$/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    await expectHungUp();
  });

  it('answers the same silent server over http with a read time-out instead', async () => {
    await expectGatewayError(
      fetchInput(`http://127.0.0.1:${mutePort}/a.png`, {
        maxBytes: KB,
        allow: LOCAL,
        connectTimeoutMs: 5000,
        readTimeoutMs: 300,
      }),
      'TIMEOUT',
      /^read time-out: no data from upstream for 300 ms$/,
    );
    await expectHungUp();
  });

  it('speaks plain http to an https-less port as http, not as TLS', async () => {
    const got = await fetchInput(`${plain.origin}/x`, { maxBytes: KB, allow: LOCAL });
    expect(Buffer.from(got.bytes).toString()).toBe('plain');
    await expectGatewayError(
      fetchInput(`https://127.0.0.1:${plain.port}/x`, { maxBytes: KB, allow: LOCAL }),
      'INPUT_UNREADABLE',
      /^(TLS handshake failed: \S+|unreachable: \S+|upstream closed the connection early \(ECONNRESET\))$/,
    );
  });

  it('sends URL credentials only as written, and survives a stray percent sign', async () => {
    const got = await fetchInput(`http://us%zzer:p%40ss@127.0.0.1:${plain.port}/x`, { maxBytes: KB, allow: LOCAL });
    expect(Buffer.from(got.bytes).toString()).toBe('plain');
    const head = plain.requests.at(-1);
    expect(Buffer.from(String(head?.authorization).replace(/^Basic /, ''), 'base64').toString()).toBe('us%zzer:p@ss');
  });
});
