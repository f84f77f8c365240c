import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedCredentials } from '../../../src/gateway/auth/credential-cache';
import { openStorage, type Storage } from '../../../src/gateway/store/db';
import { applicationsRepo } from '../../../src/gateway/store/applications';
import { subAuthsRepo } from '../../../src/gateway/store/sub-auths';

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.close();
  storage = undefined;
});

async function setup(ttlMs: number, announce?: () => Promise<unknown>) {
  storage = await openStorage(':memory:');
  const apps = applicationsRepo(storage.db);
  const subs = subAuthsRepo(storage.db);
  const app = await apps.create('cache');
  const created = await subs.create(app.appid, {
    outCode: 'c',
    permissions: ['1917-*'],
    ipWhiteList: [],
    rate: 0,
    concurrency: 0,
    endTime: Date.now() + 3600_000,
    remark: '',
  });
  if (created === 'exists') throw new Error('unexpected');
  const lookups = { token: 0 };
  const counted = { ...subs, findByToken: (t: string) => (lookups.token++, subs.findByToken(t)) };
  return { app, token: created.accessToken, raw: subs, cached: cachedCredentials(apps, counted, ttlMs, announce), lookups };
}

describe('credential cache', () => {
  it('answers repeated token lookups from memory', async () => {
    const { cached, token, lookups } = await setup(1000);
    for (let i = 0; i < 5; i++) expect((await cached.subAuths.findByToken(token))?.outCode).toBe('c');
    expect(lookups.token).toBe(1);
  });

  it('forgets at once what this process changes, and announces it to the others', async () => {
    const announce = vi.fn(async () => {});
    const { cached, token, app } = await setup(60_000, announce);
    expect(await cached.subAuths.findByToken(token)).toBeDefined();
    await cached.subAuths.delete(app.appid, 'c');
    expect(await cached.subAuths.findByToken(token)).toBeUndefined();
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('sees a change made elsewhere after the time to live, or at once when told', async () => {
    const { cached, token, app, raw } = await setup(1000);
    expect(await cached.subAuths.findByToken(token)).toBeDefined();
    await raw.delete(app.appid, 'c'); // another gateway or the admin command line
    expect(await cached.subAuths.findByToken(token)).toBeDefined();
    cached.clear(); // its announcement arrives
    expect(await cached.subAuths.findByToken(token)).toBeUndefined();
  });

  it('on SQLite, sees at once what another process committed (the admin command line)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-cache-'));
    const file = path.join(dir, 'gateway.db');
    const mine = await openStorage(file);
    const other = await openStorage(file);
    try {
      const app = await applicationsRepo(other.db).create('elsewhere');
      const cached = cachedCredentials(applicationsRepo(mine.db), subAuthsRepo(mine.db), 60_000, undefined, mine.changedElsewhere);
      expect((await cached.applications.findById(app.appid))?.disabled).toBe(false);
      await applicationsRepo(other.db).setDisabled(app.appid, true);
      expect((await cached.applications.findById(app.appid))?.disabled).toBe(true);
    } finally {
      await mine.close();
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps an entry no longer than the time to live', async () => {
    const { cached, token, lookups } = await setup(50);
    await cached.subAuths.findByToken(token);
    await new Promise((r) => setTimeout(r, 120));
    await cached.subAuths.findByToken(token);
    expect(lookups.token).toBe(2);
  });

  it('never keeps unknown tokens, so guessing cannot fill it and new tokens work at once', async () => {
    const { cached, lookups } = await setup(1000);
    expect(await cached.subAuths.findByToken('nope')).toBeUndefined();
    expect(await cached.subAuths.findByToken('nope')).toBeUndefined();
    expect(lookups.token).toBe(2);
  });
});
