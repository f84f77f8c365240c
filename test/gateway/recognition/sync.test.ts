import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/gateway/config';
import { GatewayError } from '../../../src/gateway/errors';
import { RecognitionRuntime } from '../../../src/gateway/recognition/runtime';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import type { DocumentTask } from '../../../src/ocr/runtime/task';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { appKeyAuth, blankPng, dataUrl, hasFont, pollJob, recognise, slowPhoto, textImage } from './support';

/*
 * Synchronous recognition: the time budget (RECOGNITION_TIMEOUT_SECONDS, 5 s by default; short
 * here, with a photo that takes the engine seconds, so nothing waits 5 s), the line for a
 * thread, shedding, cancellation, and a gateway that has nowhere to run recognition.
 */

const silent = { info() {}, warn() {}, error() {} };

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

describe.skipIf(!hasFont)('RecognitionRuntime with one worker thread', () => {
  let dir: string;
  let storage: Storage;
  let runtime: RecognitionRuntime;
  let photo: Uint8Array;
  let text: { bytes: Uint8Array; lines: string[] };
  const task = (bytes: Uint8Array): DocumentTask<'general'> => ({ kind: 'general', bytes, options: {} });
  const never = new AbortController().signal;
  /** resolves once the thread has finished whatever it was running */
  const idle = () =>
    new Promise<void>((resolve) => {
      const off = runtime.local!.onFree(() => {
        if (runtime.local!.free === 1) {
          off();
          resolve();
        }
      });
      if (runtime.local!.free === 1) resolve();
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-sync-'));
    const config = loadConfig({ DATABASE_URL: path.join(dir, 'gw.db'), RECOGNITION_WORKERS: '1', RECOGNITION_TIMEOUT_SECONDS: '0.3', RECOGNITION_MAX_WAITING: '1' });
    storage = await openStorage(config.DATABASE_URL);
    runtime = new RecognitionRuntime(config, storage);
    await runtime.start(silent);
    [photo, text] = await Promise.all([slowPhoto(), textImage()]);
    // models warm, so the budgets below measure recognition, not start-up
    await runtime.local!.run(task(text.bytes), { timeoutMs: 120_000 });
  });
  afterAll(async () => {
    await runtime?.close();
    await storage?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers -3 at the budget; the thread finishes the abandoned inference, then reads the next image', async () => {
    const threads = runtime.local!.workerThreadIds;
    const err = await failure(runtime.recognize(task(photo), never));
    expect(err.codeName).toBe('TIMEOUT');
    expect(err.httpStatus).toBe(504);
    expect(err.message).toContain('longer than 0.3 s');
    // the inference was not killed (that would take the process down, see threads.ts): it runs on
    expect(runtime.local!.free).toBe(0);
    await idle();
    expect(runtime.local!.workerThreadIds).toEqual(threads);
    const next = await runtime.local!.run(task(text.bytes), { timeoutMs: 120_000 });
    expect(next.ok && (next.extracted.data as { Results: { Text: string }[] }).Results.map((l) => l.Text)).toEqual(text.lines);
  });

  it('sheds with -7 past RECOGNITION_MAX_WAITING; a call whose time runs out in line leaves it without running', async () => {
    const running = failure(runtime.recognize(task(photo), never));
    const waiting = failure(runtime.recognize(task(text.bytes), never));
    expect(runtime.local!.waiting).toBe(1);
    const shed = await failure(runtime.recognize(task(text.bytes), never));
    expect(shed.codeName).toBe('OVERLOADED');
    expect(shed.httpStatus).toBe(503);
    expect((await waiting).codeName).toBe('TIMEOUT');
    expect(runtime.local!.waiting).toBe(0);
    expect((await running).codeName).toBe('TIMEOUT');
    await idle();
    expect(runtime.local!.waiting).toBe(0);
  });

  it('lets a caller that went away go at once, with its own reason', async () => {
    const caller = new AbortController();
    const running = runtime.recognize(task(photo), caller.signal);
    caller.abort(new GatewayError('PARAM_INVALID', 'client closed the connection'));
    expect((await failure(running)).detail).toBe('client closed the connection');
    await idle();
  });
});

describe('a gateway with nowhere to run recognition (RECOGNITION_WORKERS=0, no REDIS_URL)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ RECOGNITION_WORKERS: '0' });
  });
  afterAll(() => gw?.stop());

  it('answers -6 and says why, for synchronous and asynchronous calls', async () => {
    const auth = appKeyAuth((await gw.createApp()).appKey);
    for (const Async of ['false', 'true']) {
      const r = await recognise(gw.url, '2582-11', auth, { ImageURL: dataUrl(await blankPng()), MinHeight: '0', Async });
      expect(r.json.gateway_res_code).toBe(-6);
      expect(r.status).toBe(404);
      expect(r.json.gateway_res_error).toContain('RECOGNITION_WORKERS=0');
    }
  });
});

describe.skipIf(!hasFont)('the time budget over HTTP', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ RECOGNITION_WORKERS: '1', RECOGNITION_TIMEOUT_SECONDS: '0.5' });
  });
  afterAll(() => gw?.stop());

  it('answers -3 with HTTP 504, and the gateway goes on reading', async () => {
    const auth = appKeyAuth((await gw.createApp()).appKey);
    const late = await recognise(gw.url, '2582-11', auth, { ImageURL: dataUrl(await slowPhoto(), 'image/jpeg'), MinHeight: '0' });
    // (the first call also warms the models: all the more reason to be late)
    expect(late.status).toBe(504);
    expect(late.json).toMatchObject({ gateway_res_code: -3, gateway_res_body: {} });
    expect(late.json.gateway_res_error).toContain('recognition took longer than 0.5 s; send large or dense images with Async=true');
    // jobs have their own 60 s limit: one queued now runs once the thread is done with the photo
    const text = await textImage();
    const queued = await recognise(gw.url, '2582-11', auth, { ImageURL: dataUrl(text.bytes), MinHeight: '0', Async: 'true' });
    const job = await pollJob(gw.url, auth, queued.body.RequestId);
    expect(job.Data.Status).toBe('PROCESS_SUCCESS');
    expect(JSON.parse(job.Data.Result).Results.map((l: { Text: string }) => l.Text)).toEqual(text.lines);
  });
});
