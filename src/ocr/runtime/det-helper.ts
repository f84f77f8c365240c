import type { DbParams } from '../det/db';
import type { Detection } from '../det/index';
import type { Raster } from '../image/raster';
import { handOutLines } from './line-queue';
import { recHelpers, shareRaster } from './rec-helpers';

/*
 * The detector run on a recognition helper (rec-helpers.ts) instead of this thread. ONNX
 * Runtime runs an inference synchronously on the thread that asks for it: while this thread
 * detected, the lines already found waited in the queue (line-queue.ts), and a helper that had
 * read its two sat idle (2582-25: while a sheet's second area of small print was detected, the
 * first area's lines were not read; while a region's crop was detected, the other regions'
 * extractors waited). On a helper, this thread meanwhile reads and hands out lines. The helper
 * detects with as many ONNX Runtime threads as this thread would (HelperData), on the image in
 * shared memory, so the boxes are the same to the bit; while it detects it is handed no line.
 */

/** Smaller detections (the detector's input pixels) stay here: a plate's or a line's takes tens of milliseconds, and small images few lines. */
const HELPER_PIXELS = 250_000;

/**
 * The detection on a helper, or undefined when this thread has none, the detection is small, or
 * the helper failed (gone, or the detection threw): the caller then detects here, to the same
 * boxes or the same error.
 */
export async function detectOnHelper(image: Raster, size: { width: number; height: number }, db: DbParams): Promise<Detection | undefined> {
  const helpers = recHelpers();
  if (helpers.length === 0 || size.width * size.height < HELPER_PIXELS) return undefined;
  // the one with the fewest detections in hand, at equal the first
  const helper = helpers.reduce((best, h) => (h.detecting < best.detecting ? h : best));
  try {
    return await helper.detect({ image: shareRaster(image), size, db });
  } catch {
    return undefined;
  } finally {
    // the helper takes lines again
    handOutLines();
  }
}
