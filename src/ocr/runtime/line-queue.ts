import { cancelledError, isCancelled } from './cancel';
import type { Quad } from '../geometry/quad';
import type { Raster } from '../image/raster';
import { recHelpers, shareRaster, type RecHelper } from './rec-helpers';
import { readLine, type LineOptions, type ReadLine } from '../rec/read';

/*
 * The thread's queue of lines to read. This thread and each of its recognition helpers
 * (rec-helpers.ts) take the next line until none is left, so a slow line holds up nobody and
 * lines asked for at the same time by different callers (the invoices of one photo) are
 * read side by side. A cancelled task's waiting lines are refused at once; lines already
 * under way finish, so nothing is left running when the task returns.
 */

interface Job {
  image: Raster;
  quad: Quad;
  options: LineOptions;
  resolve(line: ReadLine): void;
  reject(err: unknown): void;
}

/** Lines a helper has in hand: the next one is already there when it finishes one. */
const HELPER_DEPTH = 2;

const queue: Job[] = [];
let hereBusy = false;
const lanes = new Map<RecHelper, number>();

export function readLines(image: Raster, quads: Quad[], options: LineOptions): Promise<ReadLine>[] {
  const lines = quads.map((quad) => new Promise<ReadLine>((resolve, reject) => queue.push({ image, quad, options, resolve, reject })));
  pump();
  return lines;
}

function take(): Job | undefined {
  if (isCancelled()) {
    for (const job of queue.splice(0)) job.reject(cancelledError());
    return undefined;
  }
  return queue.shift();
}

/** Hands the waiting lines to this thread and the helpers free to read (a helper that was detecting: det-helper.ts). */
export function handOutLines(): void {
  pump();
}

function pump(): void {
  // this thread first: a single line is read without a trip to a helper
  if (!hereBusy && queue.length > 0) void readHere();
  for (const helper of recHelpers()) {
    // a helper detecting takes lines again when it is done (handOutLines)
    if (helper.detecting > 0) continue;
    while ((lanes.get(helper) ?? 0) < HELPER_DEPTH && queue.length > 0) void readThere(helper);
  }
}

async function readHere(): Promise<void> {
  hereBusy = true;
  try {
    // the job is taken before any await, so pump() hands helpers only what this thread left
    for (let job = take(); job; job = take()) {
      try {
        // the last line with every helper idle (a single-line image) is read on every core
        const alone = queue.length === 0 && [...lanes.values()].every((n) => n === 0);
        job.resolve(await readLine(job.image, job.quad, job.options, alone));
      } catch (err) {
        job.reject(err);
      }
    }
  } finally {
    hereBusy = false;
  }
}

async function readThere(helper: RecHelper): Promise<void> {
  lanes.set(helper, (lanes.get(helper) ?? 0) + 1);
  try {
    // no next line for a helper given a detection meanwhile: this thread reads it sooner
    for (let job = take(); job; job = helper.detecting > 0 ? undefined : take()) {
      try {
        job.resolve(await helper.read(shareRaster(job.image), job.quad, job.options));
      } catch (err) {
        if (helper.alive) {
          job.reject(err);
          continue;
        }
        // the helper is gone: its line goes back to the front, for this thread to read
        queue.unshift(job);
        pump();
        return;
      }
    }
  } finally {
    lanes.set(helper, lanes.get(helper)! - 1);
  }
}
