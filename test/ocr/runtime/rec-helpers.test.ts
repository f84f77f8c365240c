import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newCancelFlag, raiseCancelFlag, setCurrentCancelFlag } from '../../../src/ocr/runtime/cancel';
import * as det from '../../../src/ocr/det/index';
import { rotateCorners, type Quad } from '../../../src/ocr/geometry/quad';
import { decodeImage } from '../../../src/ocr/image/decode';
import type { Raster } from '../../../src/ocr/image/raster';
import { configureSessions } from '../../../src/ocr/models';
import { recHelpers, startRecHelpers } from '../../../src/ocr/runtime/rec-helpers';
import * as rec from '../../../src/ocr/rec/index';
import { readLine } from '../../../src/ocr/rec/read';
import { renderDocument } from '../../support/synth/index';
import { hasFont } from '../fixtures';

/*
 * Lines read side by side by this thread and a recognition helper (src/ocr/runtime/line-queue.ts):
 * the same text as this thread reads alone, a cancelled task stops taking lines, and a
 * helper that is gone leaves its work to this thread.
 */

configureSessions({ intraOpThreads: 1, recIntraOpThreads: 1 });

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

  it('reads every line on this thread when its helper is gone', async () => {
    const [helper] = recHelpers();
    await helper!.stop();
    await new Promise((r) => setTimeout(r, 50));
    expect(recHelpers()).toHaveLength(0);
    const { lines } = await rec.run({ image, quads });
    expect(lines).toHaveLength(quads.length);
    expect(lines.filter((l) => l.text !== '').length).toBeGreaterThan(quads.length * 0.8);
  });
});
