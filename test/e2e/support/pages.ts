import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A static site on loopback for the pages the extension works on: forms to fill, images to
 * right-click. Routes are registered by the tests; nothing else is served.
 */

export interface Route {
  type: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestSite {
  origin: string;
  /** same server, other origin (localhost vs 127.0.0.1): cross-origin images, pages without host permission */
  otherOrigin: string;
  route(path: string, r: Route): string;
  close(): Promise<void>;
}

export async function startSite(): Promise<TestSite> {
  const routes = new Map<string, Route>();
  const server = http.createServer((req, res) => {
    const r = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!r) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': r.type, 'cache-control': 'no-store', ...r.headers }).end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    otherOrigin: `http://localhost:${port}`,
    route(path, r) {
      routes.set(path, r);
      return `${origin}${path}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const html = (body: string, title = 'test page'): Route => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`,
});
