import type { Quad } from '../geometry/quad';
import { warpQuad } from '../geometry/warp';
import type { Raster } from '../image/raster';
import { recHelpers, shareRaster } from './rec-helpers';

/*
 * A large crop cut a band a thread: this thread cuts the top band and each recognition helper
 * that has no line in hand one below it, into one shared buffer (rec-helpers.ts WarpJob).
 * 2582-25 cuts crops while the helpers have no line to read: a sheet's areas of small print
 * enlarged (mixed/small-print.ts) between finding its regions and reading the areas (an area
 * of 1400×1200 enlarged to 2240×1920 took about 80 ms of this thread alone), and its regions'
 * crops, all as their reading begins (mixed/read.ts). A helper cutting a band already takes
 * the next one in turn. Every row is cut by the same warpQuad, so the crop is the same to the
 * bit however it is shared out.
 */

/** Smaller crops (output pixels) are cut here alone: a band's trip to a helper and back costs about a millisecond. */
const BANDED_PIXELS = 250_000;

/** warpQuad(src, q, outW, outH, srcW, srcH), its rows shared with the recognition helpers not reading a line. */
export async function warpQuadBanded(src: Raster, q: Quad, outW: number, outH: number, srcW: number, srcH: number): Promise<Raster> {
  const helpers = recHelpers().filter((h) => h.readingNoLine);
  if (helpers.length === 0 || outW * outH < BANDED_PIXELS) return warpQuad(src, q, outW, outH, srcW, srcH);
  const into = new Uint8Array(new SharedArrayBuffer(outW * outH * 3));
  const edge = (k: number) => Math.round((k * outH) / (helpers.length + 1));
  const cut = (k: number) => warpQuad(src, q, outW, outH, srcW, srcH, { from: edge(k), to: edge(k + 1), into });
  const image = shareRaster(src);
  // a helper that fails (or is gone) leaves its band to this thread
  const theirs = helpers.map((h, k) => h.warp({ image, quad: q, width: outW, height: outH, srcW, srcH, from: edge(k + 1), to: edge(k + 2), into }).catch(() => void cut(k + 1)));
  cut(0);
  await Promise.all(theirs);
  return { width: outW, height: outH, data: into };
}
