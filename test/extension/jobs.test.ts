import { describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../src/extension/background/gateway';
import { pollJob } from '../../src/extension/background/jobs';

/** A client whose 2582-16 answers walk through `statuses`. */
function jobClient(statuses: { Status: string; Result?: string }[]): GatewayClient & { asked: number } {
  const client = {
    baseUrl: 'http://gw',
    asked: 0,
    async call() {
      const s = statuses[Math.min(client.asked++, statuses.length - 1)]!;
      return { ok: true, value: { ret_code: 0, remark: '', RequestId: 'j', Data: { JobId: 'j', Result: s.Result ?? '', Status: s.Status } } } as never;
    },
  };
  return client;
}

const noSleep = async () => undefined;

describe('pollJob', () => {
  it('polls until success and parses Result', async () => {
    const client = jobClient([{ Status: 'QUEUING' }, { Status: 'PROCESSING' }, { Status: 'PROCESS_SUCCESS', Result: '{"VinCode":"SAL1A2A40SA606662"}' }]);
    const seen: string[] = [];
    let beats = 0;
    const res = await pollJob(client, 'j', { sleep: noSleep, onStatus: (s) => void seen.push(s), heartbeat: () => void beats++ });
    expect(res).toEqual({ ok: true, value: { VinCode: 'SAL1A2A40SA606662' } });
    expect(seen).toEqual(['QUEUING', 'PROCESSING', 'PROCESS_SUCCESS']);
    expect(beats).toBe(2);
  });

  it.each([
    ['PROCESS_FAILED', 'err_job_failed'],
    ['TIMEOUT_FAILED', 'err_job_timeout'],
    ['LIMIT_RETRY_FAILED', 'err_job_lost'],
  ])('%s → %s', async (Status, key) => {
    const res = await pollJob(jobClient([{ Status, Result: 'model crashed' }]), 'j', { sleep: noSleep });
    expect(res).toMatchObject({ ok: false, error: { key } });
  });

  it('gives up after its time limit', async () => {
    const client = jobClient([{ Status: 'QUEUING' }]);
    const res = await pollJob(client, 'j', { sleep: noSleep, intervalMs: 10, timeoutMs: 0 });
    expect(res).toMatchObject({ ok: false, error: { key: 'err_job_expired' } });
    expect(client.asked).toBe(1);
  });

  it('refuses a success whose Result is not JSON', async () => {
    const res = await pollJob(jobClient([{ Status: 'PROCESS_SUCCESS', Result: '<oops>' }]), 'j', { sleep: noSleep });
    expect(res).toMatchObject({ ok: false, error: { key: 'err_bad_response' } });
  });

  it('says the gateway no longer knows a job it answers without Data', async () => {
    const client = {
      baseUrl: 'http://gw',
      async call() {
        return { ok: true, value: { ret_code: -1, remark: 'unknown or expired JobId', RequestId: 'r' } } as never;
      },
    };
    const res = await pollJob(client, 'j', { sleep: noSleep });
    expect(res).toMatchObject({ ok: false, error: { key: 'err_job_unknown' } });
  });
});
