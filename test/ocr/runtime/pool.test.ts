import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { OcrInputError, OcrTaskError } from '../../../src/ocr/errors';
import { createOcrPool } from '../../../src/ocr/runtime/pool';
import { renderDocument } from '../../support/synth/index';
import { hasFont } from '../fixtures';

/*
 * The worker pool with real worker threads and real models: typed errors must survive
 * the thread boundary, and an aborted task must not keep its worker.
 */

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err,
  );
}

describe('OcrPool without workers', () => {
  it('refuses tasks when configured with 0 threads', async () => {
    const pool = createOcrPool({ threads: 0 });
    const err = await failure(pool.run({ kind: 'general', bytes: new Uint8Array(1), options: {} }));
    expect(err).toBeInstanceOf(OcrTaskError);
    expect((err as OcrTaskError).reason).toBe('disabled');
  });
});

describe.skipIf(!hasFont)('OcrPool', () => {
  const pool = createOcrPool({ threads: 1 });
  afterAll(() => pool.close());

  it('runs a general task in a worker', async () => {
    const page = await renderDocument({ seed: 3, variant: 'clean', rows: ['会议通知', '会议定于下周三上午九点召开。'] });
    const { data, remarks } = await pool.run({ kind: 'general', bytes: page.bytes, options: {} });
    expect(data.Results.map((r) => r.Text)).toEqual(page.lines);
    expect(remarks).toEqual([]);
  });

  it('keeps error types across the thread boundary', async () => {
    const random = new Uint8Array(2048).map((_, i) => (i * 31 + 7) % 256);
    const notImage = await failure(pool.run({ kind: 'general', bytes: random, options: {} }));
    expect(notImage).toBeInstanceOf(OcrInputError);
    expect((notImage as OcrInputError).reason).toBe('unsupported-format');

    const png = Buffer.from(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer());
    png.writeUInt32BE(50_000, 16);
    png.writeUInt32BE(50_000, 20);
    const bomb = await failure(pool.run({ kind: 'general', bytes: png, options: {} }));
    expect((bomb as OcrInputError).reason).toBe('too-many-pixels');

    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const truncated = await failure(pool.run({ kind: 'general', bytes: jpeg.subarray(0, jpeg.length >> 1), options: {} }));
    expect((truncated as OcrInputError).reason).toBe('corrupt');

    const kind = await failure(pool.run({ kind: 'table-of-contents', bytes: jpeg, options: {} }));
    expect(kind).toBeInstanceOf(OcrTaskError);
    expect((kind as OcrTaskError).reason).toBe('unknown-kind');

    const options = await failure(pool.run({ kind: 'general', bytes: jpeg, options: { minHeight: 'tall' } }));
    expect((options as OcrTaskError).reason).toBe('bad-options');
  });

  it('survives aborts at any moment of a task (never terminating a thread inside an inference)', async () => {
    const photo = await renderDocument({ seed: 5, variant: 'photo', lineCount: 12 });
    const [thread] = pool.workerThreadIds;
    // moments across the whole task, however fast this machine reads it: each moment is a share of
    // the task's time measured here; when the machine sped up and the task ended first, that moment
    // was not tried, so it is tried again at the same share of the faster run
    const run = (signal?: AbortSignal) => pool.run({ kind: 'general', bytes: photo.bytes, options: {} }, signal ? { signal } : {});
    let started = performance.now();
    await run();
    let whole = performance.now() - started;
    for (const moment of [() => 0, () => 40, () => whole / 4, () => whole * 0.7]) {
      let outcome: unknown;
      for (let attempt = 0; attempt < 5; attempt++) {
        const delay = moment();
        const controller = new AbortController();
        started = performance.now();
        const running = run(controller.signal);
        const timer = setTimeout(() => controller.abort(), delay);
        outcome = await running.then(
          () => 'finished first',
          (err: unknown) => err,
        );
        clearTimeout(timer);
        if (outcome !== 'finished first') {
          expect((outcome as Error).name, `abort after ${Math.round(delay)} ms`).toBe('AbortError');
          break;
        }
        whole = performance.now() - started;
      }
      expect(outcome, 'an abort landed inside the task').not.toBe('finished first');
    }
    const page = await renderDocument({ seed: 9, variant: 'clean', rows: ['通知', '明天休息'] });
    expect((await pool.run({ kind: 'general', bytes: page.bytes, options: {} })).data.Results.map((r) => r.Text)).toEqual(page.lines);
    expect(pool.workerThreadIds).toEqual([thread]);
    // five to fifteen reads of a photo: minutes on a loaded 2-core machine
  }, 600_000);

  it('frees the worker when a task is aborted, and the next task succeeds', async () => {
    const photo = await renderDocument({ seed: 4, variant: 'photo', lineCount: 20 });
    const [busy] = pool.workerThreadIds;
    expect(busy).toBeTypeOf('number');
    const controller = new AbortController();
    const running = pool.run({ kind: 'general', bytes: photo.bytes, options: {} }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 150);
    const err = await failure(running);
    expect((err as Error).name).toBe('AbortError');

    const page = await renderDocument({ seed: 8, variant: 'clean', rows: ['收款收据', '金额：380元'] });
    const { data } = await pool.run({ kind: 'general', bytes: page.bytes, options: {} });
    expect(data.Results.map((r) => r.Text)).toEqual(page.lines);
    // the task was stopped between inferences; its thread was not terminated (which would take
    // the process down inside onnxruntime-node) and serves the next task
    expect(pool.workerThreadIds).toEqual([busy]);
  });
});
