import { beforeAll, describe, expect, it } from 'vitest';
import { defaultDbParams } from '../../../src/ocr/det/db';
import * as det from '../../../src/ocr/det/index';
import { decodeImage } from '../../../src/ocr/image/decode';
import type { Raster } from '../../../src/ocr/image/raster';
import { configureSessions } from '../../../src/ocr/models';
import { recHelpers, startRecHelpers } from '../../../src/ocr/runtime/rec-helpers';
import * as rec from '../../../src/ocr/rec/index';
import { readLine } from '../../../src/ocr/rec/read';
import { renderDocument } from '../../support/synth/index';
import { hasFont } from '../fixtures';

/*
 * The detector run on a recognition helper (src/ocr/runtime/det-helper.ts): the same boxes as
 * this thread finds, lines read meanwhile, and a helper that fails or is gone leaves the
 * detection to this thread instead of holding the request.
 */

configureSessions({ intraOpThreads: 1, recIntraOpThreads: 1 });

describe.skipIf(!hasFont)('the detector on a recognition helper', () => {
  let image: Raster;
  let size: { width: number; height: number };

  beforeAll(async () => {
    await startRecHelpers(1);
    image = await decodeImage((await renderDocument({ seed: 5, variant: 'clean' })).bytes);
    size = det.detSize(image.width, image.height, 960);
  });

  it('finds the same boxes as this thread, to the bit', async () => {
    const [helper] = recHelpers();
    const running = det.run({ image, side: 960 });
    // handed to the helper at once, before anything is awaited
    expect(helper!.detecting).toBe(1);
    const there = await running;
    expect(helper!.detecting).toBe(0);
    const here = await det.detectHere(image, size, defaultDbParams);
    expect(here.boxes.length).toBeGreaterThan(10);
    expect(there.boxes).toEqual(here.boxes);
    expect([there.mapWidth, there.mapHeight]).toEqual([here.mapWidth, here.mapHeight]);
  });

  it('lets this thread read lines while it detects, to the same text', async () => {
    const quads = (await det.detectHere(image, size, defaultDbParams)).boxes.map((b) => b.quad).slice(0, 12);
    const alone: string[] = [];
    for (const quad of quads) alone.push((await readLine(image, quad)).text);
    const [helper] = recHelpers();
    const detecting = det.run({ image, side: 960 });
    const reading = rec.run({ image, quads });
    expect(helper!.detecting).toBe(1);
    const [found, read] = await Promise.all([detecting, reading]);
    expect(read.lines.map((l) => l.text)).toEqual(alone);
    expect(found.boxes.length).toBeGreaterThan(10);
  });

  it('answers a detection that fails there with an error, not silence', async () => {
    const [helper] = recHelpers();
    // fewer bytes than its size says: the resize refuses it
    const broken = { width: 1000, height: 600, data: new Uint8Array(new SharedArrayBuffer(1000 * 3)) };
    await expect(helper!.detect({ image: broken, size: { width: 992, height: 608 }, db: defaultDbParams })).rejects.toThrow();
    expect(helper!.detecting).toBe(0);
    // handed to the helper, which fails, then detected here: this thread's own error
    const failing = det.run({ image: broken });
    expect(helper!.detecting).toBe(1);
    await expect(failing).rejects.toThrow();
    expect(helper!.detecting).toBe(0);
  });

  it('detects a small image here: its trip would cost more than it lets through', async () => {
    const [helper] = recHelpers();
    const small = det.run({ image, side: 320 });
    expect(helper!.detecting).toBe(0);
    expect((await small).boxes.length).toBeGreaterThan(0);
  });

  it('detects on this thread when its helper is gone, to the same boxes', async () => {
    const before = await det.run({ image, side: 960 });
    const [helper] = recHelpers();
    await helper!.stop();
    await new Promise((r) => setTimeout(r, 50));
    expect(recHelpers()).toHaveLength(0);
    const after = await det.run({ image, side: 960 });
    expect(after.boxes).toEqual(before.boxes);
  });
});
