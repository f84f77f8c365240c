import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsRepo } from '../../../src/gateway/store/applications';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import { type JobsRepo, jobsRepo } from '../../../src/gateway/store/jobs';
import { startTestGateway } from '../../support/gateway';
import { storageBackends } from '../../support/services';
import { type Auth, appKeyAuth, blankPng, hasFont, pollJob, recognise, slowPhoto, dataUrl } from './support';
import { eventually, startChild } from './processes';

/*
 * The in-process job queue (no REDIS_URL): the job table is the queue and leases tell live
 * runners from dead ones. Nothing queued is lost by a restart and nothing stays PROCESSING.
 */

const backends = await storageBackends();
afterAll(async () => {
  for (const b of backends) await b.cleanup();
});

/** A job row as a crashed or foreign process left it. */
async function leftBehind(storage: Storage, repo: JobsRepo, appid: number, id: string, state: { attempts: number; leaseUntil: number } | 'queued') {
  await repo.insert({ id, appid, outCode: null, point: '2582-11', kind: 'general', options: {}, input: await blankPng() }, Date.now());
  if (state === 'queued') return;
  await storage.db
    .updateTable('recognition_jobs')
    .set({ status: 'PROCESSING', attempts: state.attempts, owner: 'a-process-that-died', lease_until: state.leaseUntil, started_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

describe.each(backends)('in-process queue on $name: jobs left by a stopped gateway', (backend) => {
  it.skipIf(!backend.available)('runs what was queued, runs again a job whose lease ran out, ends the third loss, leaves live leases alone', async () => {
    const storage = await openStorage(backend.url);
    const repo = jobsRepo(storage);
    const app = await applicationsRepo(storage.db).create('queue');
    await leftBehind(storage, repo, app.appid, 'queued0000000000000000000000000a', 'queued');
    await leftBehind(storage, repo, app.appid, 'lostonce00000000000000000000000b', { attempts: 1, leaseUntil: Date.now() - 1 });
    await leftBehind(storage, repo, app.appid, 'lostthrice000000000000000000000c', { attempts: 3, leaseUntil: Date.now() - 1 });
    await leftBehind(storage, repo, app.appid, 'liveelsewhere000000000000000000d', { attempts: 1, leaseUntil: Date.now() + 3600_000 });

    const gw = await startTestGateway({ DATABASE_URL: backend.url, RECOGNITION_WORKERS: '1', JOB_LEASE_SECONDS: '1' });
    try {
      const auth = appKeyAuth(app.appKey);
      expect((await pollJob(gw.url, auth, 'queued0000000000000000000000000a')).Data).toMatchObject({ Status: 'PROCESS_SUCCESS', Result: '{"Results":[]}' });
      expect((await pollJob(gw.url, auth, 'lostonce00000000000000000000000b')).Data.Status).toBe('PROCESS_SUCCESS');
      expect((await repo.read('lostonce00000000000000000000000b'))?.attempts).toBe(2);
      const given = await pollJob(gw.url, auth, 'lostthrice000000000000000000000c');
      expect(given.Data).toMatchObject({ Status: 'LIMIT_RETRY_FAILED', Result: 'recognition worker lost 3 times' });
      expect((await repo.read('liveelsewhere000000000000000000d'))?.status).toBe('PROCESSING');
      // finished jobs keep no input
      const inputs = await storage.db.selectFrom('recognition_jobs').select(['id', 'input']).where('status', '!=', 'PROCESSING').execute();
      expect(inputs.map((r) => r.input)).toEqual([null, null, null]);
    } finally {
      await gw.stop();
      await storage.close();
    }
  });
});

describe.skipIf(!hasFont)('in-process queue: the gateway process killed in the middle of a job (SQLite)', () => {
  let dir: string;
  let storage: Storage;
  let repo: JobsRepo;
  let auth: Auth;
  let env: Record<string, string>;
  let photo: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-crash-'));
    env = { DATABASE_URL: path.join(dir, 'gw.db'), RECOGNITION_WORKERS: '1', JOB_LEASE_SECONDS: '1' };
    storage = await openStorage(env.DATABASE_URL!);
    repo = jobsRepo(storage);
    auth = appKeyAuth((await applicationsRepo(storage.db).create('crash')).appKey);
    photo = dataUrl(await slowPhoto(), 'image/jpeg');
  });
  afterAll(async () => {
    await storage?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Kills the gateway once the job's `attempt`-th start is under way, and starts a new one. */
  async function killDuring(gw: Awaited<ReturnType<typeof startChild>>, id: string, attempt: number) {
    await eventually(async () => {
      const row = await repo.read(id);
      return row?.status === 'PROCESSING' && row.attempts === attempt ? row : undefined;
    }, `start ${attempt} of ${id}`);
    await gw.kill();
    return startChild('gateway', env);
  }

  it('finishes a job after one lost start, and ends one LIMIT_RETRY_FAILED after three', async () => {
    let gw = await startChild('gateway', env);
    try {
      const once = (await recognise(gw.url, '2582-11', auth, { ImageURL: photo, MinHeight: '0', Async: 'true' })).body.RequestId;
      gw = await killDuring(gw, once, 1);
      const done = await pollJob(gw.url, auth, once);
      expect(done.Data.Status).toBe('PROCESS_SUCCESS');
      expect(JSON.parse(done.Data.Result).Results.length).toBeGreaterThan(10);
      expect((await repo.read(once))?.attempts).toBe(2);

      const thrice = (await recognise(gw.url, '2582-11', auth, { ImageURL: photo, MinHeight: '0', Async: 'true' })).body.RequestId;
      for (const attempt of [1, 2, 3]) gw = await killDuring(gw, thrice, attempt);
      const lost = await pollJob(gw.url, auth, thrice);
      expect(lost.Data).toMatchObject({ Status: 'LIMIT_RETRY_FAILED', Result: 'recognition worker lost 3 times' });
    } finally {
      await gw.stop();
    }
  }, 300_000);
});
