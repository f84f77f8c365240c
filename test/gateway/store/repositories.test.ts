import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsRepo } from '../../../src/gateway/store/applications';
import { auditLog } from '../../../src/gateway/store/audit';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import { type NewSubAuth, subAuthsRepo } from '../../../src/gateway/store/sub-auths';
import { storageBackends } from '../../support/services';

const backends = await storageBackends();
const HOUR = 3600_000;

function newSub(outCode: string, endTime: number, extra: Partial<NewSubAuth> = {}): NewSubAuth {
  return { outCode, permissions: ['2582-20'], ipWhiteList: [], rate: 0, concurrency: 0, endTime, remark: '', ...extra };
}

describe.each(backends)('repositories on $name', (backend) => {
  let storage: Storage;
  beforeAll(async () => {
    if (!backend.available) return;
    storage = await openStorage(backend.url);
  });
  afterAll(async () => {
    await storage?.close();
    await backend.cleanup();
  });

  describe.skipIf(!backend.available)('', () => {
    it('migrates an already migrated store without error', async () => {
      const again = await openStorage(backend.url);
      await again.close();
    });

    it('creates applications whose appKey is found by value but never stored as such', async () => {
      const apps = applicationsRepo(storage.db);
      const a = await apps.create('one');
      expect(a.appKey).toMatch(/^[0-9a-f]{32}$/);
      expect(a.secret).toMatch(/^[0-9a-f]{32}$/);
      expect((await apps.findByAppKey(a.appKey))?.appid).toBe(a.appid);
      expect(await apps.findByAppKey(a.secret)).toBeUndefined();
      const raw = await storage.db.selectFrom('applications').selectAll().where('appid', '=', a.appid).executeTakeFirstOrThrow();
      expect(JSON.stringify(raw)).not.toContain(a.appKey);
      expect(await apps.setDisabled(a.appid, true)).toBe(true);
      expect((await apps.findById(a.appid))?.disabled).toBe(true);
      const secret = await apps.rotateSecret(a.appid);
      expect(secret).not.toBe(a.secret);
      expect((await apps.findById(a.appid))?.secret).toBe(secret);
      expect(await apps.rotateSecret(999_999)).toBeUndefined();
      const key = await apps.rotateAppKey(a.appid);
      expect(await apps.findByAppKey(a.appKey)).toBeUndefined();
      expect((await apps.findByAppKey(key!))?.appid).toBe(a.appid);
    });

    it('keeps one token per (appid, out_code) and distinct tokens across applications', async () => {
      const apps = applicationsRepo(storage.db);
      const subs = subAuthsRepo(storage.db);
      const a = await apps.create('a');
      const b = await apps.create('b');
      const now = Date.now();
      const first = await subs.create(a.appid, newSub('same', now + HOUR), now);
      expect(first).not.toBe('exists');
      expect(await subs.create(a.appid, newSub('same', now + HOUR), now)).toBe('exists');
      const other = await subs.create(b.appid, newSub('same', now + HOUR), now);
      expect(other).not.toBe('exists');
      if (first === 'exists' || other === 'exists') return;
      expect(first.accessToken).not.toBe(other.accessToken);
      expect(first.accessToken).toMatch(/^[0-9a-f]{32}$/);
      expect((await subs.findByToken(first.accessToken))?.appid).toBe(a.appid);
      expect(await subs.findByToken('0'.repeat(32))).toBeUndefined();
    });

    it('extends from the current end while valid and from now once expired', async () => {
      const apps = applicationsRepo(storage.db);
      const subs = subAuthsRepo(storage.db);
      const a = await apps.create('ext');
      const now = Date.now();
      await subs.create(a.appid, newSub('valid', now + HOUR), now);
      await subs.create(a.appid, newSub('expired', now - HOUR), now - 2 * HOUR);
      expect((await subs.extend(a.appid, 'valid', { addMs: HOUR }, now))?.endTime).toBe(now + 2 * HOUR);
      expect((await subs.extend(a.appid, 'expired', { addMs: HOUR }, now))?.endTime).toBe(now + HOUR);
      expect((await subs.extend(a.appid, 'valid', { endTime: now + 5 * HOUR }, now))?.endTime).toBe(now + 5 * HOUR);
      expect(await subs.extend(a.appid, 'missing', { addMs: HOUR }, now)).toBeUndefined();
    });

    it('updates permissions and limits without touching validity', async () => {
      const apps = applicationsRepo(storage.db);
      const subs = subAuthsRepo(storage.db);
      const a = await apps.create('upd');
      const now = Date.now();
      await subs.create(a.appid, newSub('u', now + HOUR), now);
      const u = await subs.update(a.appid, 'u', { permissions: ['1917-*', '2582-11'], rate: 5, ipWhiteList: ['10.0.0.0/8'] }, now + 1000);
      expect(u).toMatchObject({ permissions: ['1917-*', '2582-11'], rate: 5, concurrency: 0, ipWhiteList: ['10.0.0.0/8'], endTime: now + HOUR });
      expect(await subs.update(a.appid, 'none', { rate: 1 })).toBeUndefined();
    });

    it('deletes and returns the deleted record; the token stops resolving', async () => {
      const apps = applicationsRepo(storage.db);
      const subs = subAuthsRepo(storage.db);
      const a = await apps.create('del');
      const created = await subs.create(a.appid, newSub('d', Date.now() + HOUR));
      if (created === 'exists') throw new Error('unexpected');
      expect((await subs.delete(a.appid, 'd'))?.accessToken).toBe(created.accessToken);
      expect(await subs.findByToken(created.accessToken)).toBeUndefined();
      expect(await subs.delete(a.appid, 'd')).toBeUndefined();
    });

    it('pages with prefix (case-sensitive, wildcard-free) and state filters', async () => {
      const apps = applicationsRepo(storage.db);
      const subs = subAuthsRepo(storage.db);
      const a = await apps.create('page');
      const now = Date.now();
      for (let i = 0; i < 7; i++) await subs.create(a.appid, newSub(`user-${i}`, i < 5 ? now + HOUR : now - 1), now);
      await subs.create(a.appid, newSub('USER-x', now + HOUR), now);
      await subs.create(a.appid, newSub('user_%', now + HOUR), now);
      await subs.create(a.appid, newSub('用户-1', now + HOUR), now);
      const p1 = await subs.page(a.appid, { page: 1, maxResult: 3, outCodePrefix: 'user-' }, now);
      expect(p1.total).toBe(7);
      expect(p1.rows.map((r) => r.outCode)).toEqual(['user-0', 'user-1', 'user-2']);
      const p3 = await subs.page(a.appid, { page: 3, maxResult: 3, outCodePrefix: 'user-' }, now);
      expect(p3.rows.map((r) => r.outCode)).toEqual(['user-6']);
      expect((await subs.page(a.appid, { page: 1, maxResult: 50, outCodePrefix: 'user-', state: 'expired' }, now)).total).toBe(2);
      expect((await subs.page(a.appid, { page: 1, maxResult: 50, outCodePrefix: 'user-', state: 'valid' }, now)).total).toBe(5);
      expect((await subs.page(a.appid, { page: 1, maxResult: 50, outCodePrefix: 'user_%' }, now)).total).toBe(1);
      expect((await subs.page(a.appid, { page: 1, maxResult: 50, outCodePrefix: '用户' }, now)).total).toBe(1);
      expect((await subs.page(a.appid, { page: 1, maxResult: 50 }, now)).total).toBe(10);
      expect((await subs.page(a.appid, { page: 9, maxResult: 50 }, now)).rows).toEqual([]);
    });

    it('writes the audit trail in batches and lists it newest first', async () => {
      const audit = auditLog(storage.db, { flushMs: 10_000, maxBuffer: 1000 });
      for (let i = 0; i < 250; i++) {
        audit.record({ at: 1000 + i, request_id: `r${i}`, appid: 42, out_code: i % 2 ? 'odd' : null, mode: 'token', point: '2141-4', code: 0, latency_ms: 1.5, client_ip: '127.0.0.1' });
      }
      const rows = await audit.list({ appid: 42, limit: 5 });
      expect(rows.map((r) => r.request_id)).toEqual(['r249', 'r248', 'r247', 'r246', 'r245']);
      expect((await audit.list({ appid: 42, outCode: 'odd', limit: 1000 })).length).toBe(125);
      await audit.close();
    });
  });
});
