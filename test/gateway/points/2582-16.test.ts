import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';
import { type Auth, appKeyAuth, blankPng, dataUrl, pollJob, recognise, tokenAuth } from '../recognition/support';

/*
 * 2582-16 over HTTP: who may read a job, what an unknown one looks like, and expiry. Results are
 * kept JOB_RETENTION_SECONDS (30 minutes by default; 2 s here so expiry can be watched).
 */

describe('2582-16 asynchronous job results', () => {
  let gw: TestGateway;
  let owner: { appid: number; auth: Auth };
  let other: Auth;
  let png: string;
  const read = (auth: Auth, JobId: string) => call(gw.url, '2582-16', { ...auth, form: { JobId, ds_id: 'local' } });
  const submit = async (auth: Auth) => {
    const r = await recognise(gw.url, '2582-11', auth, { ImageURL: png, MinHeight: '0', Async: 'true' });
    expect(r.json.gateway_res_code, JSON.stringify(r.json)).toBe(0);
    return r.body.RequestId as string;
  };
  /** the answer for a job the caller cannot see, without the fields that differ per call */
  const unknownShape = (r: Awaited<ReturnType<typeof read>>) => {
    expect(r.body.RequestId).toBe(r.json.gateway_res_id);
    const { RequestId: _, ...rest } = r.body;
    return { code: r.json.gateway_res_code, status: r.status, body: rest };
  };

  beforeAll(async () => {
    gw = await startTestGateway({ RECOGNITION_WORKERS: '1', JOB_RETENTION_SECONDS: '2' });
    const app = await gw.createApp();
    owner = { appid: app.appid, auth: appKeyAuth(app.appKey) };
    other = appKeyAuth((await gw.createApp('other')).appKey);
    png = dataUrl(await blankPng());
  });
  afterAll(() => gw?.stop());

  it('validates JobId and ds_id (-1100)', async () => {
    expect((await call(gw.url, '2582-16', { ...owner.auth, form: { ds_id: 'local' } })).json.gateway_res_code).toBe(-1100);
    expect((await call(gw.url, '2582-16', { ...owner.auth, form: { JobId: 'x' } })).json.gateway_res_code).toBe(-1100);
    expect((await call(gw.url, '2582-16', { ...owner.auth, form: { JobId: 'x', ds_id: 'other' } })).json.gateway_res_code).toBe(-1100);
  });

  it('answers an unknown JobId with ret_code -1 and a remark, without Data', async () => {
    const r = await read(owner.auth, 'f'.repeat(32));
    expect(unknownShape(r)).toEqual({ code: 0, status: 200, body: { ret_code: -1, remark: expect.stringContaining('unknown or expired JobId') } });
  });

  it("answers another application's JobId exactly as an unknown one", async () => {
    const id = await submit(owner.auth);
    await pollJob(gw.url, owner.auth, id);
    const foreign = unknownShape(await read(other, id));
    const unknown = unknownShape(await read(other, 'f'.repeat(32)));
    expect(foreign).toEqual(unknown);
    const otherToken = await gw.createToken((await gw.createApp('third')).appid, { permissions: ['2582-*'] });
    expect(unknownShape(await read(tokenAuth(otherToken), id))).toEqual(unknown);
  });

  it('lets the application and its tokens with 2582-16 read a job, whoever submitted it', async () => {
    const reader = tokenAuth(await gw.createToken(owner.appid, { permissions: ['2582-11', '2582-16'] }));
    const submitter = tokenAuth(await gw.createToken(owner.appid, { permissions: ['2582-11'] }));
    const id = await submit(submitter);
    const viaToken = await pollJob(gw.url, reader, id);
    expect(viaToken.Data).toMatchObject({ Status: 'PROCESS_SUCCESS', JobId: id, Result: '{"Results":[]}' });
    expect((await read(owner.auth, id)).body.Data).toEqual(viaToken.Data);
    const refused = await read(submitter, id);
    expect(refused.json.gateway_res_code).toBe(-1014);
    expect(refused.status).toBe(403);
  });

  it('forgets a finished job once its retention is over', async () => {
    const id = await submit(owner.auth);
    await pollJob(gw.url, owner.auth, id);
    let r = await read(owner.auth, id);
    for (let i = 0; i < 100 && r.body.Data; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      r = await read(owner.auth, id);
    }
    expect(r.body.ret_code).toBe(-1);
    expect(r.body.Data).toBeUndefined();
  });
});
