import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../../src/gateway/config';
import { type RunningGateway, startGateway } from '../../src/gateway/main';
import { type NewApplication, applicationsRepo } from '../../src/gateway/store/applications';
import { openStorage } from '../../src/gateway/store/db';
import { sealer } from '../../src/gateway/store/sealed';
import { type NewSubAuth, subAuthsRepo } from '../../src/gateway/store/sub-auths';

export interface TestGateway extends RunningGateway {
  config: Config;
  /** creates an application directly in the gateway's store */
  createApp(name?: string): Promise<NewApplication>;
  /** creates a sub-authorization directly in the store and returns its token */
  createToken(appid: number, s?: Partial<NewSubAuth>): Promise<string>;
  /** turns the application's ShowAPI-compatible signatures on or off, as `npm run admin -- app set` does */
  setLegacySignature(appid: number, on: boolean): Promise<void>;
}

/**
 * Starts a real gateway on 127.0.0.1 with an ephemeral port and, unless told otherwise, a fresh
 * SQLite file in a temporary directory. Tests talk to it over HTTP, as clients do.
 */
export async function startTestGateway(
  env: Record<string, string> = {},
  opts: { logStream?: NodeJS.WritableStream; keepStore?: boolean } = {},
): Promise<TestGateway> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: path.join(dir, 'gateway.db'),
    LOG_LEVEL: 'silent',
    RECOGNITION_WORKERS: '0',
    ...env,
  });
  const gw = await startGateway(config, { logStream: opts.logStream });
  // a second connection to the same store, so tests can arrange records without HTTP
  const storage = await openStorage(config.DATABASE_URL);
  // sealed as the gateway seals them, when the test gives a SECRETS_KEY
  const sealed = sealer(config.SECRETS_KEY, config.SECRETS_KEY_PREVIOUS);
  const apps = applicationsRepo(storage.db, sealed);
  const subs = subAuthsRepo(storage.db, sealed);
  return {
    ...gw,
    config,
    createApp: (name = 'test') => apps.create(name),
    async setLegacySignature(appid, on) {
      await apps.setLegacySignature(appid, on);
    },
    async createToken(appid, s = {}) {
      const created = await subs.create(appid, {
        outCode: s.outCode ?? `oc-${Math.random().toString(36).slice(2)}`,
        permissions: s.permissions ?? ['2582-*', '1917-*'],
        ipWhiteList: s.ipWhiteList ?? [],
        rate: s.rate ?? 0,
        concurrency: s.concurrency ?? 0,
        endTime: s.endTime ?? Date.now() + 3600_000,
        remark: s.remark ?? '',
      });
      if (created === 'exists') throw new Error('out_code exists');
      return created.accessToken;
    },
    async stop() {
      await gw.stop();
      await storage.close();
      if (!opts.keepStore) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string>;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Calls an access point like a client: form-encoded POST (or GET with a query) and the envelope back. */
export async function call(base: string, point: string, opts: CallOptions = {}) {
  const url = new URL(`/${point}`, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const method = opts.method ?? (opts.form ? 'POST' : 'GET');
  const res = await fetch(url, {
    method,
    headers: { ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...opts.headers },
    body: opts.form ? new URLSearchParams(opts.form).toString() : undefined,
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, json, body: json.gateway_res_body };
}
