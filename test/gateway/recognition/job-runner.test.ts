import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type JobCounters, JobRunner } from '../../../src/gateway/recognition/job-runner';
import type { LocalRecognizer, RunResult } from '../../../src/gateway/recognition/threads';
import { applicationsRepo } from '../../../src/gateway/store/applications';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import { type JobsRepo, jobsRepo } from '../../../src/gateway/store/jobs';

/*
 * The job runner on a real job table, with stand-in threads that answer as told (the threads
 * themselves are tested with the real engine in sync.test.ts and the queue tests): what a run
 * writes, when it puts a job back, and that a result read while storage was away is written once
 * storage answers instead of being read again.
 */

const silent = { info() {}, warn() {}, error() {} };
const settings = { timeoutMs: 60_000, retentionMs: 60_000, leaseMs: 60_000 };
const read: RunResult = { ok: true, extracted: { data: { Results: [] }, remarks: [] } };
const lost: RunResult = { ok: false, failure: { kind: 'lost', detail: 'worker thread exited' } };

/** Threads that answer `answers` in turn; `hold` keeps a run going until its caller aborts. */
function threads(answers: (RunResult | 'hold')[]): LocalRecognizer {
  return {
    async run(_task: unknown, opts: { signal?: AbortSignal }) {
      const answer = answers.shift();
      if (answer !== 'hold') return answer;
      return new Promise((_, reject) => opts.signal!.addEventListener('abort', () => reject(opts.signal!.reason), { once: true }));
    },
  } as unknown as LocalRecognizer;
}

describe('job runner', () => {
  let dir: string;
  let storage: Storage;
  let repo: JobsRepo;
  let appid: number;
  let counters: JobCounters;
  let n = 0;
  const add = async () => {
    const id = `runner${String(++n).padStart(26, '0')}`;
    await repo.insert({ id, appid, outCode: null, point: '2582-11', kind: 'general', options: {}, input: new Uint8Array([1]) }, Date.now());
    return id;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-runner-'));
    storage = await openStorage(path.join(dir, 'gw.db'));
    repo = jobsRepo(storage);
    appid = (await applicationsRepo(storage.db).create('runner')).appid;
  });
  afterAll(async () => {
    await storage?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    counters = { started: 0, finished: new Map() };
  });

  it('writes a result read while storage was away once it answers, without reading it again', async () => {
    const id = await add();
    let refusals = 2;
    const flaky: JobsRepo = {
      ...repo,
      async finish(...args) {
        if (refusals-- > 0) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        return repo.finish(...args);
      },
    };
    const runner = new JobRunner(flaky, settings, silent, counters);
    const job = await runner.claim(id);
    expect(await runner.run(job!, threads([read]))).toBe('finished');
    expect(await repo.read(id)).toMatchObject({ status: 'PROCESS_SUCCESS', attempts: 1, result: '{"Results":[]}' });
    expect(counters).toEqual({ started: 1, finished: new Map([['PROCESS_SUCCESS', 1]]) });
  });

  it('puts a job whose thread was lost back in the queue, and ends it on the third lost start', async () => {
    const id = await add();
    const runner = new JobRunner(repo, settings, silent, counters);
    for (const attempt of [1, 2]) {
      expect(await runner.run((await runner.claim(id))!, threads([lost]))).toBe('requeued');
      expect(await repo.read(id)).toMatchObject({ status: 'QUEUING', attempts: attempt });
    }
    expect(await runner.run((await runner.claim())!, threads([lost]))).toBe('finished');
    expect(await repo.read(id)).toMatchObject({ status: 'LIMIT_RETRY_FAILED', error: 'recognition worker lost 3 times', attempts: 3 });
    expect(counters).toEqual({ started: 3, finished: new Map([['LIMIT_RETRY_FAILED', 1]]) });
  });

  it('puts its running jobs back on close without counting their start, and claims nothing after', async () => {
    const id = await add();
    const runner = new JobRunner(repo, settings, silent, counters);
    const running = runner.run((await runner.claim(id))!, threads(['hold']));
    expect((await repo.read(id))?.status).toBe('PROCESSING');
    await runner.close();
    expect(await running).toBe('requeued');
    expect(await repo.read(id)).toMatchObject({ status: 'QUEUING', attempts: 0 });
    expect(await runner.claim(id)).toBeUndefined();
  });
});
