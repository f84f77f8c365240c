import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../../src/gateway/auth/hmac-sha256';
import { loadConfig } from '../../../src/gateway/config';
import { createServices } from '../../../src/gateway/services';
import { applicationsRepo } from '../../../src/gateway/store/applications';
import { openStorage } from '../../../src/gateway/store/db';
import { subAuthsRepo } from '../../../src/gateway/store/sub-auths';
import { call, startTestGateway } from '../../support/gateway';

/*
 * Issue 14, finding 6: "secrets at rest". The SQLite file was created world-readable (0644) and
 * held application secrets and tokens in plain text beside a token_hash that protected nothing.
 * Now the file (and a directory the gateway creates) is owner-only, and with SECRETS_KEY the
 * secrets and token values are sealed (AES-256-GCM) while tokens are still found by their hash.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-secrets-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const KEY = 'a'.repeat(64);
const NEW_KEY = Buffer.alloc(32, 7).toString('base64');
const quiet = { warn: () => {} };

/** Every byte SQLite keeps for the store, write-ahead log included. */
function storeBytes(file: string): string {
  return [file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f).toString('latin1')).join('');
}

describe('finding 6: secrets at rest', () => {
  it('creates the SQLite file, its WAL and a new directory readable by the owner only, and tightens an old file', async () => {
    const old = process.umask(0o022);
    try {
      const file = path.join(root, 'fresh', 'nested', 'gateway.db');
      const storage = await openStorage(file);
      await applicationsRepo(storage.db).create('x');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      await storage.close();

      const loose = path.join(root, 'loose.db');
      fs.writeFileSync(loose, '', { mode: 0o644 });
      fs.chmodSync(loose, 0o644);
      await (await openStorage(loose)).close();
      expect(fs.statSync(loose).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(old);
    }
  });

  it('with SECRETS_KEY, keeps neither secrets nor token values readable in the file, and still serves them', async () => {
    const file = path.join(root, 'sealed.db');
    const gw = await startTestGateway({ DATABASE_URL: file, SECRETS_KEY: KEY }, { keepStore: true });
    try {
      const app = await gw.createApp();
      const created = await call(gw.url, '2141-1', { form: signRequest({ method: 'POST', pointId: '2141-1', appid: app.appid, secret: app.secret, params: { out_code: 'sealed', permission_list: '2141-*,1917-*' } }) });
      expect(created.json.gateway_res_code).toBe(0);
      const token = created.body.item.access_token as string;
      expect(token).toMatch(/^[0-9a-f]{32}$/);
      // found by its hash on a call, returned in clear by 2141
      const byToken = await call(gw.url, '1917-1', { query: { code: '100089' }, headers: { 'gateway-access-token': token } });
      expect([-1012, -1010]).not.toContain(byToken.json.gateway_res_code);
      expect((await call(gw.url, '2141-4', { query: { appKey: app.appKey, out_code: 'sealed' } })).body.item.access_token).toBe(token);
      const bytes = storeBytes(file);
      expect(bytes).not.toContain(app.secret);
      expect(bytes).not.toContain(token);
    } finally {
      await gw.stop();
    }
  });

  it('seals a plain store when a key is first set, re-seals it under a new key, and refuses to start without the key', async () => {
    const file = path.join(root, 'upgrade.db');
    const plain = await openStorage(file);
    const app = await applicationsRepo(plain.db).create('before the key');
    const sub = await subAuthsRepo(plain.db).create(app.appid, { outCode: 'o', permissions: ['1917-*'], ipWhiteList: [], rate: 0, concurrency: 0, endTime: Date.now() + 3600_000, remark: '' });
    if (sub === 'exists') throw new Error('exists');
    await plain.close();
    expect(storeBytes(file)).toContain(app.secret);

    const start = async (env: Record<string, string>) => {
      const services = await createServices(loadConfig({ DATABASE_URL: file, ...env }), quiet);
      const found = await services.subAuths.findByToken(sub.accessToken);
      const secret = (await services.applications.findById(app.appid))?.secret;
      await services.close();
      return { token: found?.accessToken, secret };
    };
    expect(await start({ SECRETS_KEY: KEY })).toEqual({ token: sub.accessToken, secret: app.secret });
    // a checkpoint moves the WAL into the file; neither value is left anywhere in clear
    const s = await openStorage(file);
    await s.close();
    expect(storeBytes(file)).not.toContain(app.secret);
    expect(storeBytes(file)).not.toContain(sub.accessToken);

    await expect(start({})).rejects.toThrow(/holds secrets sealed with SECRETS_KEY: start with SECRETS_KEY set/);
    await expect(start({ SECRETS_KEY: NEW_KEY })).rejects.toThrow(/sealed with a key that is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/);
    expect(await start({ SECRETS_KEY: NEW_KEY, SECRETS_KEY_PREVIOUS: KEY })).toEqual({ token: sub.accessToken, secret: app.secret });
    // re-sealed: the new key alone opens everything now
    expect(await start({ SECRETS_KEY: NEW_KEY })).toEqual({ token: sub.accessToken, secret: app.secret });
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY: must be 32 bytes/);
  });
});
