import type { Quad } from '../geometry/quad';
import type { Raster } from '../image/raster';
import { settleAll } from '../runtime/settle';
import { readLines } from '../runtime/line-queue';
import type { LineOptions, ReadLine } from './read';

/*
 * Recognition of a list of lines: read.ts says how one line is read, runtime/line-queue.ts who reads
 * it (this thread, and its recognition helpers when it has them).
 */

export interface RecInput extends LineOptions {
  image: Raster;
  /** Lines in their final reading frame (TL, TR, BR, BL of the text as read). */
  quads: Quad[];
}

export interface RecOutput {
  lines: ReadLine[];
  ms: number;
}

export async function run(input: RecInput): Promise<RecOutput> {
  const started = performance.now();
  const options: LineOptions = { blur: input.blur, stretch: input.stretch, alternatives: input.alternatives, classify: input.classify };
  // every line settles before this returns, also when one fails or the task is cancelled
  const lines = await settleAll(readLines(input.image, input.quads, options));
  return { lines, ms: performance.now() - started };
}
