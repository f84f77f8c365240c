import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { createTestDatabase, postgresAvailable } from '../../support/services';
import { freePort } from '../fetch/server';
import { type Auth, appKeyAuth, blankPng, dataUrl, pollJob, recognise } from './support';
import { type Child, eventually, startChild } from './processes';

/*
 * Redis away (DESIGN.md §6 deployment): callers get an answer at once instead of hanging on the
 * queue, jobs accepted meanwhile are kept in the database and queued once Redis is back. The
 * Redis here is our own redis-server on a spare port, so stopping it disturbs nothing else.
 */

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const available = hasRedisServer && (await postgresAvailable());
if (!hasRedisServer) console.warn('[skip] no redis-server binary: the Redis outage test is skipped');

describe.skipIf(!available)('recognition while Redis is unreachable', () => {
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  let gw: TestGateway;
  let auth: Auth;
  let redis: ChildProcess | undefined;
  let worker: Child | undefined;

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const port = await freePort();
    env = { DATABASE_URL: db.url, REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: 'outage', JOB_LEASE_SECONDS: '1' };
    gw = await startTestGateway({ ...env, RECOGNITION_WORKERS: '0' });
    auth = appKeyAuth((await gw.createApp()).appKey);
  });
  afterAll(async () => {
    await worker?.kill();
    await gw?.stop();
    redis?.kill('SIGTERM');
    await drop?.();
  });

  it('answers synchronous calls -7, keeps asynchronous jobs and runs them once Redis is back', async () => {
    const ImageURL = dataUrl(await blankPng());
    const sync = await recognise(gw.url, '2582-11', auth, { ImageURL, MinHeight: '0' });
    expect(sync.status).toBe(503);
    expect(sync.json.gateway_res_code).toBe(-7);
    expect(sync.json.gateway_res_error).toContain('recognition queue is unavailable');

    const queued = await recognise(gw.url, '2582-11', auth, { ImageURL, MinHeight: '0', Async: 'true' });
    expect(queued.json.gateway_res_code).toBe(0);
    const id = queued.body.RequestId;
    expect((await pollJob(gw.url, auth, id, () => true)).Data.Status).toBe('QUEUING');

    redis = spawn('redis-server', ['--port', new URL(env.REDIS_URL!).port, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    worker = await startChild('worker', { ...env, RECOGNITION_WORKERS: '1' });
    expect((await pollJob(gw.url, auth, id)).Data).toMatchObject({ Status: 'PROCESS_SUCCESS', Result: '{"Results":[]}' });
    // and the gateway uses the queue again for synchronous calls
    const again = await eventually(async () => {
      const r = await recognise(gw.url, '2582-11', auth, { ImageURL, MinHeight: '0' });
      return r.json.gateway_res_code === -7 ? undefined : r;
    }, 'the gateway reconnects');
    expect(again.json.gateway_res_code, JSON.stringify(again.json)).toBe(0);
  }, 300_000);
});
