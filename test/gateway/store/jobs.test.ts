import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lostOutcome } from '../../../src/gateway/recognition/job-attempt';
import { applicationsRepo } from '../../../src/gateway/store/applications';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import { type JobOutcome, type JobsRepo, jobsRepo } from '../../../src/gateway/store/jobs';
import { endJob } from '../../support/jobs';
import { storageBackends } from '../../support/services';

/*
 * The job table on both stores: who may see a job, claiming under concurrency, the attempt
 * number as a fencing token, lease recovery, expiry.
 */

const backends = await storageBackends();
afterAll(async () => {
  for (const b of backends) await b.cleanup();
});

const HOUR = 3600_000;
const success: JobOutcome = { status: 'PROCESS_SUCCESS', result: '{"Results":[]}', retCode: 0, remark: '' };

describe.each(backends)('job table on $name', (backend) => {
  let storage: Storage;
  let repo: JobsRepo;
  let appid: number;
  let n = 0;
  const add = async (at = Date.now()) => {
    const id = `job${String(++n).padStart(29, '0')}`;
    await repo.insert({ id, appid, outCode: 'oc', point: '2582-11', kind: 'general', options: { minHeight: 3 }, input: new Uint8Array([1, 2, 3]) }, at);
    return id;
  };

  beforeAll(async () => {
    if (!backend.available) return;
    storage = await openStorage(backend.url);
    repo = jobsRepo(storage);
    appid = (await applicationsRepo(storage.db).create('jobs')).appid;
  });
  afterAll(() => storage?.close());

  it.skipIf(!backend.available)('shows a job to its application only, until it expires', async () => {
    const id = await add();
    const now = Date.now();
    expect(await repo.readForApp(id, appid, now)).toMatchObject({ id, status: 'QUEUING', attempts: 0 });
    expect(await repo.readForApp(id, appid + 1, now)).toBeUndefined();
    // unfinished jobs never expire
    expect(await repo.readForApp(id, appid, now + 10 * HOUR)).toBeDefined();
    await endJob(repo, id, success, now, 1800_000);
    expect(await repo.readForApp(id, appid, now + 1799_000)).toMatchObject({ status: 'PROCESS_SUCCESS', result: '{"Results":[]}', ret_code: 0 });
    expect(await repo.readForApp(id, appid, now + 1800_000)).toBeUndefined();
  });

  it.skipIf(!backend.available)('hands each waiting job to one claimer, oldest first, with its input and options', async () => {
    await storage.db.deleteFrom('recognition_jobs').execute();
    const base = Date.now() - HOUR;
    const ids = [await add(base + 2), await add(base), await add(base + 1)];
    const claims = await Promise.all(Array.from({ length: 6 }, () => repo.claimNext('me', Date.now() + HOUR, Date.now())));
    const claimed = claims.filter((c) => c !== undefined);
    expect(claimed.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(await repo.claimNext('me', 0, 0)).toBeUndefined();
    expect(claimed[0]).toMatchObject({ kind: 'general', options: { minHeight: 3 }, attempts: 1 });
    expect([...claimed[0]!.input]).toEqual([1, 2, 3]);
  });

  it.skipIf(!backend.available)('takes the oldest job first', async () => {
    await storage.db.deleteFrom('recognition_jobs').execute();
    const newer = await add(Date.now());
    const older = await add(Date.now() - HOUR);
    expect((await repo.claimNext('me', Date.now() + HOUR, Date.now()))?.id).toBe(older);
    expect((await repo.claimNext('me', Date.now() + HOUR, Date.now()))?.id).toBe(newer);
  });

  it.skipIf(!backend.available)('lets only the latest attempt record the end of a job', async () => {
    await storage.db.deleteFrom('recognition_jobs').execute();
    const id = await add();
    const first = await repo.claimNext('dead', Date.now() - 1, Date.now());
    expect(first?.attempts).toBe(1);
    expect(await repo.recoverLeases(Date.now(), 3, lostOutcome(), HOUR)).toEqual({ requeued: 1, failed: 0 });
    const second = await repo.claimNext('alive', Date.now() + HOUR, Date.now());
    expect(second?.attempts).toBe(2);
    expect(await repo.finish(id, 1, { status: 'PROCESS_FAILED', code: -1102, remark: 'late' }, Date.now(), HOUR)).toBe(false);
    expect(await repo.finish(id, 2, success, Date.now(), HOUR)).toBe(true);
    const row = await storage.db.selectFrom('recognition_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PROCESS_SUCCESS', input: null, owner: null, lease_until: null, error: null });
  });

  it.skipIf(!backend.available)('recovers expired leases only, ending jobs on their third lost start', async () => {
    await storage.db.deleteFrom('recognition_jobs').execute();
    const ids = [await add(), await add(), await add()];
    for (const id of ids) await repo.claimNext('x', 0, Date.now());
    await storage.db.updateTable('recognition_jobs').set({ attempts: 3 }).where('id', '=', ids[1]!).execute();
    await storage.db.updateTable('recognition_jobs').set({ lease_until: Date.now() + HOUR }).where('id', '=', ids[2]!).execute();
    expect(await repo.recoverLeases(Date.now(), 3, lostOutcome(), HOUR)).toEqual({ requeued: 1, failed: 1 });
    expect((await repo.read(ids[0]!))?.status).toBe('QUEUING');
    expect(await repo.read(ids[1]!)).toMatchObject({ status: 'LIMIT_RETRY_FAILED', error: 'recognition worker lost 3 times', error_code: -1 });
    expect((await repo.read(ids[2]!))?.status).toBe('PROCESSING');
  });

  it.skipIf(!backend.available)('puts a job back without counting the start when asked to (graceful shutdown)', async () => {
    await storage.db.deleteFrom('recognition_jobs').execute();
    const id = await add();
    const claimed = await repo.claimNext('me', Date.now() + HOUR, Date.now());
    await repo.requeue(id, { attempt: claimed!.attempts, refund: true });
    expect(await repo.read(id)).toMatchObject({ status: 'QUEUING', attempts: 0 });
  });

  it.skipIf(!backend.available)('sweeps expired rows and nothing else', async () => {
    await storage.db.deleteFrom('recognition_jobs').execute();
    const [old, fresh, open] = [await add(), await add(), await add()];
    const now = Date.now();
    await endJob(repo, old, success, now - 2 * HOUR, HOUR);
    await endJob(repo, fresh, success, now, HOUR);
    expect(await repo.sweep(now)).toBe(1);
    expect(await repo.read(old)).toBeUndefined();
    expect(await repo.read(fresh)).toBeDefined();
    expect(await repo.read(open)).toBeDefined();
  });
});
