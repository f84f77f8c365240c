import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newCancelFlag, raiseCancelFlag, setCurrentCancelFlag } from '../../../src/ocr/runtime/cancel';
import * as det from '../../../src/ocr/det/index';
import { rotateCorners, type Quad } from '../../../src/ocr/geometry/quad';
import { decodeImage } from '../../../src/ocr/image/decode';
import type { Raster } from '../../../src/ocr/image/raster';
import { configureSessions } from '../../../src/ocr/models';
import { recHelpers, shareRaster, startRecHelpers } from '../../../src/ocr/runtime/rec-helpers';
import { warpQuadBanded } from '../../../src/ocr/runtime/warp-bands';
import { warpQuad } from '../../../src/ocr/geometry/warp';
import * as rec from '../../../src/ocr/rec/index';
import { readLine, type ReadLine, tensorWidth } from '../../../src/ocr/rec/read';
import { cropLine } from '../../../src/ocr/line';
import { renderDocument } from '../../support/synth/index';
import { hasFont } from '../fixtures';

/*
 * Lines read side by side by this thread and a recognition helper (src/ocr/runtime/line-queue.ts):
 * the same text as this thread reads alone (to the bit whichever reply comes back first, and
 * with two lines of one width under way on the helper), a cancelled task stops taking lines, and a
 * helper that is gone leaves its work to this thread. A large crop is cut a band a thread
 * (src/ocr/runtime/warp-bands.ts), to the same bytes.
 */

configureSessions({ intraOpThreads: 1, recIntraOpThreads: 1 });

/** Byte for byte (toEqual walks a crop of megabytes element by element for seconds). */
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe.skipIf(!hasFont)('recognition helpers', () => {
  let image: Raster;
  let quads: Quad[];

  beforeAll(async () => {
    await startRecHelpers(1);
    image = await decodeImage((await renderDocument({ seed: 3, variant: 'clean' })).bytes);
    quads = (await det.run({ image })).boxes.map((b) => b.quad);
    expect(quads.length).toBeGreaterThan(10);
  });

  afterEach(() => setCurrentCancelFlag(undefined));

  it('read the same text as this thread alone, and share the lines', async () => {
    const alone: string[] = [];
    for (const quad of quads) alone.push((await readLine(image, quad)).text);
    const [helper] = recHelpers();
    const before = helper!.linesRead;
    const { lines } = await rec.run({ image, quads });
    expect(lines.map((l) => l.text)).toEqual(alone);
    // both threads took lines: neither read them all
    const byHelper = helper!.linesRead - before;
    expect(byHelper).toBeGreaterThan(0);
    expect(byHelper).toBeLessThan(quads.length);
  });

  it('give each line to the bit as this thread alone reads it, whichever reply comes back first', async () => {
    // the same image must give the same answer however busy the machine: a helper's replies
    // held back, the later ones sooner, so this thread reads more lines and the replies come back reversed
    const options = { classify: true, alternatives: 2 };
    // clsMs is a time, not part of the reading
    const reading = ({ clsMs: _, ...line }: ReadLine) => line;
    const alone: ReturnType<typeof reading>[] = [];
    for (const quad of quads) alone.push(reading(await readLine(image, quad, options)));
    const [helper] = recHelpers();
    const read = helper!.read.bind(helper);
    // each request queued behind a crop the helper cuts first, so that it takes up the two lines
    // it has in hand together, the second begun while the first waits for its inference (as when
    // a loaded machine leaves the helper's thread no time to take them up one by one)
    const [W, H] = [Math.round(1.5 * image.width), Math.round(1.5 * image.height)];
    const page: Quad = [{ x: 0, y: 0 }, { x: image.width, y: 0 }, { x: image.width, y: image.height }, { x: 0, y: image.height }];
    const cut = { image: shareRaster(image), quad: page, width: W, height: H, srcW: image.width, srcH: image.height, from: 0, to: H, into: new Uint8Array(new SharedArrayBuffer(W * H * 3)) };
    const busy: Promise<void>[] = [];
    let sent = 0;
    const held = vi.spyOn(helper!, 'read').mockImplementation(async (...args) => {
      busy.push(helper!.warp(cut));
      const line = await read(...args);
      await new Promise((r) => setTimeout(r, 5 * Math.max(0, 12 - sent++)));
      return line;
    });
    try {
      const { lines } = await rec.run({ image, quads, ...options });
      expect(held).toHaveBeenCalled();
      expect(lines.map(reading)).toEqual(alone);
      // lines of one tensor width (line.ts withLineTensor keeps one buffer a width): this thread
      // takes the first, the helper the next two together
      const widths = quads.map((q) => tensorWidth(cropLine(image, q).width));
      const common = widths.reduce((best, w) => (widths.filter((x) => x === w).length > widths.filter((x) => x === best).length ? w : best));
      const oneWidth = quads.filter((_, i) => widths[i] === common);
      expect(oneWidth.length).toBeGreaterThanOrEqual(3);
      const again = await rec.run({ image, quads: oneWidth, ...options });
      expect(again.lines.map(reading)).toEqual(oneWidth.map((q) => alone[quads.indexOf(q)]));
    } finally {
      held.mockRestore();
      await Promise.all(busy);
    }
  });

  it('keeps blur and alternatives for the lines a helper reads', async () => {
    const { lines } = await rec.run({ image, quads: quads.slice(0, 6), blur: 1, alternatives: 3 });
    for (const line of lines) expect(line.chars?.length).toBe([...line.text].length);
  });

  it('classify lines too: an upside-down page is read turned over, as its turned quads read', async () => {
    const upsideDown = await decodeImage((await renderDocument({ seed: 3, variant: 'rot180' })).bytes);
    const found = (await det.run({ image: upsideDown })).boxes.map((b) => b.quad);
    const [helper] = recHelpers();
    const before = helper!.linesRead;
    const { lines } = await rec.run({ image: upsideDown, quads: found, classify: true });
    expect(helper!.linesRead - before).toBeGreaterThan(0);
    // a short line of digits may look the same either way up
    expect(lines.filter((l) => l.turned).length).toBeGreaterThanOrEqual(found.length * 0.8);
    expect(lines.every((l) => l.clsMs > 0)).toBe(true);
    // turning the crop gives exactly what cutting the turned quad gives
    for (const [i, line] of lines.entries()) {
      if (!line.turned) continue;
      const cut = await readLine(upsideDown, rotateCorners(found[i]!, 2));
      expect(line.text).toBe(cut.text);
      expect(line.confidence).toBeCloseTo(cut.confidence, 4);
    }
  });

  it('stops taking lines when the task is cancelled, and leaves nothing behind', async () => {
    const flag = newCancelFlag();
    setCurrentCancelFlag(flag);
    const [helper] = recHelpers();
    const before = helper!.linesRead;
    const running = rec.run({ image, quads });
    raiseCancelFlag(flag);
    await expect(running).rejects.toMatchObject({ reason: 'cancelled' });
    // only the lines already handed out were read (this thread's one, the helper's two)
    expect(helper!.linesRead - before).toBeLessThanOrEqual(2);
    setCurrentCancelFlag(undefined);
    const { lines } = await rec.run({ image, quads: quads.slice(0, 3) });
    expect(lines).toHaveLength(3);
  });

  it('let a process that used them exit when its work is done', async () => {
    // idle helpers hold no process open, busy ones do (the owner may be awaiting only them)
    const script = `
      import { prepareThread } from ${JSON.stringify(new URL('../../../src/ocr/runtime/thread-setup.ts', import.meta.url).href)};
      import * as rec from ${JSON.stringify(new URL('../../../src/ocr/rec/index.ts', import.meta.url).href)};
      await prepareThread({ intraOpThreads: 1, recThreads: 2 });
      const image = { width: 400, height: 48, data: new Uint8Array(400 * 48 * 3).fill(255) };
      const quad = [{ x: 0, y: 0 }, { x: 400, y: 0 }, { x: 400, y: 48 }, { x: 0, y: 48 }];
      const { lines } = await rec.run({ image, quads: [quad, quad, quad, quad] });
      console.log('read', lines.length);`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 30_000 });
    expect(stdout.trim()).toBe('read 4');
  });

  it('cut a band of a large crop, the same to the byte as this thread cuts it alone', async () => {
    // an area of the page enlarged 1.6 times and a little turned, as 2582-25 cuts its small print
    const q: Quad = [{ x: 20.5, y: 30.2 }, { x: image.width - 40, y: 36 }, { x: image.width - 46, y: image.height - 20.7 }, { x: 14, y: image.height - 26 }];
    const w = Math.hypot(q[1].x - q[0].x, q[1].y - q[0].y), h = Math.hypot(q[3].x - q[0].x, q[3].y - q[0].y);
    const [outW, outH] = [Math.round(1.6 * w), Math.round(1.6 * h)];
    const whole = warpQuad(image, q, outW, outH, w, h).data;
    // two at once: the helper takes the second band after the first
    const [shared, again] = await Promise.all([warpQuadBanded(image, q, outW, outH, w, h), warpQuadBanded(image, q, outW, outH, w, h)]);
    for (const crop of [shared, again]) {
      // shared memory: the helper cut its band into it
      expect(crop.data.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(sameBytes(crop.data, whole)).toBe(true);
    }
    // a small crop is not worth the trip
    expect((await warpQuadBanded(image, q, 200, 100, w, h)).data.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    // nor is a helper with lines in hand kept from them
    const reading = rec.run({ image, quads });
    const meanwhile = await warpQuadBanded(image, q, outW, outH, w, h);
    expect(meanwhile.data.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(sameBytes(meanwhile.data, whole)).toBe(true);
    await reading;
  });

  it('reads every line on this thread when its helper is gone', async () => {
    const [helper] = recHelpers();
    await helper!.stop();
    await new Promise((r) => setTimeout(r, 50));
    expect(recHelpers()).toHaveLength(0);
    const { lines } = await rec.run({ image, quads });
    expect(lines).toHaveLength(quads.length);
    expect(lines.filter((l) => l.text !== '').length).toBeGreaterThan(quads.length * 0.8);
    // and cuts a large crop alone
    const q: Quad = [{ x: 0, y: 0 }, { x: image.width, y: 0 }, { x: image.width, y: image.height }, { x: 0, y: image.height }];
    const alone = await warpQuadBanded(image, q, image.width, image.height, image.width, image.height);
    expect(image.width * image.height).toBeGreaterThan(250_000);
    expect(alone.data.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(sameBytes(alone.data, warpQuad(image, q, image.width, image.height, image.width, image.height).data)).toBe(true);
  });
});
