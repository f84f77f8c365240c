import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { GatewayError } from '../../../src/gateway/errors';
import type { CodeName } from '../../../src/protocol/codes';

/** A real HTTP server on 127.0.0.1 (ephemeral port) for the fetch tests; no mocked HTTP. */
export interface TestServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** Head of every request received, in order. */
  requests: http.IncomingHttpHeaders[];
  close(): Promise<void>;
}

export async function startServer(handler: http.RequestListener): Promise<TestServer> {
  const requests: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.headers);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound once, then released. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Awaits a rejection and checks it is the GatewayError with that code and a detail matching `detail`. */
export async function expectGatewayError(
  promise: Promise<unknown>,
  codeName: CodeName,
  detail: RegExp,
): Promise<GatewayError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected the fetch to fail').toBeInstanceOf(GatewayError);
  const gatewayError = error as GatewayError;
  expect({ codeName: gatewayError.codeName, detail: gatewayError.detail }).toEqual({
    codeName,
    detail: expect.stringMatching(detail),
  });
  return gatewayError;
}
