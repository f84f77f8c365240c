import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsRepo } from '../../../src/gateway/store/applications';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import { queuedUsage } from '../../../src/gateway/store/job-usage';
import { jobsRepo } from '../../../src/gateway/store/jobs';
import { usedNoncesRepo } from '../../../src/gateway/store/nonces';
import { endJob } from '../../support/jobs';
import { storageBackends } from '../../support/services';

/*
 * The tables of issue 14 on both stores: used nonces (single use, expiry, sweeping) and the
 * usage the job quotas read.
 */

const backends = await storageBackends();
afterAll(async () => {
  for (const b of backends) await b.cleanup();
});

describe.each(backends)('security tables on $name', (backend) => {
  let storage: Storage;
  beforeAll(async () => {
    if (backend.available) storage = await openStorage(backend.url);
  });
  afterAll(() => storage?.close());

  it.skipIf(!backend.available)('accepts a nonce once until it expires, also when claimed concurrently', async () => {
    const nonces = usedNoncesRepo(storage.db);
    const now = Date.now();
    const claims = await Promise.all(Array.from({ length: 5 }, () => nonces.claim('1:abc', now + 60_000, now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await nonces.claim('2:abc', now + 60_000, now)).toBe(true);
    // past its expiry the same key may be used again (its call's timestamp guards it by then)
    expect(await nonces.claim('1:abc', now + 200_000, now + 61_000)).toBe(true);
    expect(await nonces.claim('1:abc', now + 200_000, now + 62_000)).toBe(false);
    // expired rows are swept (at most once a minute, on a claim)
    await nonces.claim('3:abc', now + 1000, now);
    const fresh = usedNoncesRepo(storage.db);
    await fresh.claim('4:abc', now + 10 * 60_000, now + 5 * 60_000);
    const left = await storage.db.selectFrom('used_nonces').select('key').execute();
    expect(left.map((r) => r.key)).not.toContain('3:abc');
  });

  it.skipIf(!backend.available)('sums unfinished jobs and their input bytes in all, per application and per token', async () => {
    const apps = applicationsRepo(storage.db);
    const a = (await apps.create('a')).appid;
    const b = (await apps.create('b')).appid;
    const jobs = jobsRepo(storage);
    let n = 0;
    const add = (appid: number, outCode: string | null, size: number) =>
      jobs.insert({ id: `usage${++n}`, appid, outCode, point: '2582-11', kind: 'general', options: {}, input: new Uint8Array(size) }, Date.now());
    await add(a, 'x', 100);
    await add(a, 'x', 50);
    await add(a, null, 7);
    await add(b, 'x', 1000);
    await add(a, 'y', 5);
    await endJob(jobs, 'usage5', { status: 'PROCESS_FAILED', code: -1, remark: '' }, Date.now(), 60_000);
    expect(await queuedUsage(storage, a, 'x')).toEqual({ all: { jobs: 4, bytes: 1157 }, app: { jobs: 3, bytes: 157 }, token: { jobs: 2, bytes: 150 } });
    expect(await queuedUsage(storage, a, null)).toMatchObject({ token: { jobs: 0, bytes: 0 } });
    expect(await queuedUsage(storage, b + 1, 'x')).toMatchObject({ app: { jobs: 0, bytes: 0 } });
  });
});
