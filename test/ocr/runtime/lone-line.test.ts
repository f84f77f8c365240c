import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as det from '../../../src/ocr/det/index';
import type { Quad } from '../../../src/ocr/geometry/quad';
import { decodeImage } from '../../../src/ocr/image/decode';
import type { Raster } from '../../../src/ocr/image/raster';
import { configureSessions, getLoneRecSession, getSession, warmUp } from '../../../src/ocr/models';
import { recHelpers, startRecHelpers } from '../../../src/ocr/runtime/rec-helpers';
import * as rec from '../../../src/ocr/rec/index';
import { readLine } from '../../../src/ocr/rec/read';
import { renderDocument } from '../../support/synth/index';
import { hasFont } from '../fixtures';

/*
 * A line read while no other is (a single-line image, a plate crop, a VIN strip) goes to the
 * recogniser session with every intra-op thread (models.ts getLoneRecSession) instead of the
 * one-thread session this thread shares the page's lines with its helpers on: the same reading
 * to the bit, and a page's lines are still shared.
 */

configureSessions({ intraOpThreads: 2, recIntraOpThreads: 1 });

describe.skipIf(!hasFont)('a lone line', () => {
  let image: Raster;
  let quads: Quad[];

  beforeAll(async () => {
    await Promise.all([warmUp(['rec']), startRecHelpers(1)]);
    image = await decodeImage((await renderDocument({ seed: 5, variant: 'clean' })).bytes);
    quads = (await det.run({ image })).boxes.map((b) => b.quad);
    expect(quads.length).toBeGreaterThan(5);
  });

  it('is read on the session with every thread, as the shared session reads it', async () => {
    const lone = await getLoneRecSession();
    expect(lone).not.toBe(await getSession('rec'));
    const [helper] = recHelpers();
    for (const quad of quads.slice(0, 5)) {
      const shared = await readLine(image, quad, { alternatives: 3 });
      const run = vi.spyOn(lone, 'run');
      const before = helper!.linesRead;
      const { lines } = await rec.run({ image, quads: [quad], alternatives: 3 });
      expect(run).toHaveBeenCalledTimes(1);
      run.mockRestore();
      expect(helper!.linesRead).toBe(before);
      // to the bit, probabilities too: whether a line is read alone depends on whether the
      // helpers are busy at that moment, and the answer must not depend on the moment
      expect(lines[0]).toEqual(shared);
    }
  });

  it('leaves a page of lines shared with the helpers', async () => {
    const [helper] = recHelpers();
    const before = helper!.linesRead;
    const { lines } = await rec.run({ image, quads });
    expect(helper!.linesRead - before).toBeGreaterThan(0);
    expect(lines).toHaveLength(quads.length);
  });
});
