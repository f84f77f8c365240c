import { codes } from '../../protocol/codes';
import { concurrencyLimitIn } from '../../protocol/limits';
import type { AppError } from '../../protocol/app-error';
import type { HistoryEntry } from '../../protocol/messages';
import { browser } from '../lib/browser';
import { appErr, fromException } from '../lib/errors';
import { deleteFile, entriesWithStatus, hasFile, updateEntry } from '../lib/history-db';
import { notifyBatchDone, showProgress } from './feedback';
import { readFile } from './read-file';
import { loadSettings } from './settings-store';

/*
 * The batch of the user's files. The popup or the side panel stores the files with their entries
 * (status `queued`) and says `batch.start`; from then on the batch belongs to the background: closing
 * the popup loses nothing, and a restarted service worker takes the queue up again (resumeBatch).
 * At most the token's `concurrency` files are read at once. A token cannot read its own record, so
 * the limit starts at the gateway's default for new tokens and follows the -1009 answers that name
 * it; -1009 (rate, job quotas) and -7 (a busy gateway) put the file back in the queue after a pause
 * instead of failing it. Every other failure is the file's own, in words, and the others go on.
 */

/** The `concurrency` new tokens get when 2141-1 does not say (gateway TOKEN_DEFAULT_CONCURRENCY). */
export const DEFAULT_CONCURRENCY = 4;
/** Transient refusals a file may meet before it fails with the last one. */
const MAX_REQUEUES = 8;
const MAX_PAUSE_MS = 8000;
/** Keeps the worker alive while files wait (an extension API call resets its idle timer). */
const KEEPALIVE_MS = 20_000;

const state = {
  limit: DEFAULT_CONCURRENCY,
  running: new Set<string>(),
  requeues: new Map<string, number>(),
  pauseUntil: 0,
  /** the count the badge shows: each file passes through the queue several times, the badge changes once */
  shown: undefined as number | undefined,
  /** files finished since the queue was last empty, for the closing notification */
  done: 0,
  failed: 0,
  wake: undefined as ReturnType<typeof setTimeout> | undefined,
  keepAlive: undefined as ReturnType<typeof setInterval> | undefined,
};

let resolveReady!: () => void;
/** Nothing is claimed before resumeBatch put the files of a stopped worker back in the queue. */
const ready = new Promise<void>((r) => (resolveReady = r));

let pumping: Promise<void> | undefined;
let again = false;
const idleWaiters: (() => void)[] = [];

/** Starts as many queued files as the limit allows; safe to call any time, from anywhere. */
export function pump(): Promise<void> {
  if (pumping) {
    again = true;
    return pumping;
  }
  pumping = (async () => {
    try {
      do {
        again = false;
        await fill();
      } while (again);
    } finally {
      pumping = undefined;
    }
  })();
  return pumping;
}

async function fill(): Promise<void> {
  await ready;
  const wait = state.pauseUntil - Date.now();
  const queued = await entriesWithStatus('queued');
  if (wait > 0 && queued.length > 0) {
    clearTimeout(state.wake);
    state.wake = setTimeout(() => void pump(), wait);
  } else {
    for (const e of queued.filter((q) => !state.running.has(q.id)).slice(0, Math.max(0, state.limit - state.running.size))) {
      state.running.add(e.id);
      void runOne(e.id);
    }
  }
  // a file just started is still `queued` in what was read above: counted once, as running
  await reportProgress(queued.filter((q) => !state.running.has(q.id)).length);
}

async function runOne(id: string): Promise<void> {
  try {
    const claimed = await updateEntry(id, { status: 'pending', error: undefined, jobId: undefined, jobStatus: undefined }, (e) => e.status === 'queued');
    if (claimed) await settle(claimed, await readFile(claimed));
  } catch (e) {
    await updateEntry(id, { status: 'error', error: fromException(e) }, (e) => e.status === 'pending');
    state.failed++;
  } finally {
    state.running.delete(id);
    void pump();
  }
}

/** -1009 and -7 say "not now", not "not this file". */
function isTransient(error: AppError): boolean {
  return error.code === codes.LIMITED.code || error.code === codes.OVERLOADED.code;
}

async function settle(entry: HistoryEntry, { docId, outcome }: Awaited<ReturnType<typeof readFile>>): Promise<void> {
  const stillPending = (e: HistoryEntry) => e.status === 'pending';
  if (outcome.ok) {
    const { data, requestId, remark } = outcome.value;
    // 自动识别 of an image: one entry per document found (lib/sheet.ts), each checked for duplicates
    await updateEntry(entry.id, { status: 'ok', docId, data, requestId, remark: remark || undefined }, stillPending);
    await deleteFile(entry.id);
    state.requeues.delete(entry.id);
    state.done++;
    return;
  }
  const tries = state.requeues.get(entry.id) ?? 0;
  if (isTransient(outcome.error) && tries < MAX_REQUEUES) {
    state.requeues.set(entry.id, tries + 1);
    const named = concurrencyLimitIn(outcome.error.detail);
    // other calls of the same token (a right-click, another browser) share its slots: one fewer
    if (named !== undefined) state.limit = Math.max(1, Math.min(named, state.running.size - 1));
    state.pauseUntil = Date.now() + Math.min(MAX_PAUSE_MS, 250 * 2 ** tries);
    await updateEntry(entry.id, { status: 'queued' }, stillPending);
    return;
  }
  state.requeues.delete(entry.id);
  await updateEntry(entry.id, { status: 'error', docId, error: outcome.error }, stillPending);
  state.failed++;
}

/** The badge counts the files left; at the end it shows ✓ or ! and one notification tells the tally. */
async function reportProgress(waiting: number): Promise<void> {
  const left = waiting + state.running.size;
  if (left > 0) {
    state.keepAlive ??= setInterval(() => void browser.runtime.getPlatformInfo(), KEEPALIVE_MS);
    if (left !== state.shown) {
      state.shown = left;
      await showProgress(left);
    }
    return;
  }
  state.shown = undefined;
  clearInterval(state.keepAlive);
  state.keepAlive = undefined;
  if (state.done + state.failed > 0) {
    const { done, failed } = state;
    state.done = 0;
    state.failed = 0;
    await showProgress(0, failed > 0);
    await notifyBatchDone(done, failed, await loadSettings());
  }
  for (const w of idleWaiters.splice(0)) w();
}

/** Resolves when no file is waiting or being read (tests, the benchmark). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    idleWaiters.push(resolve);
    void pump();
  });
}

/** Puts failed files back in the queue: the ones named, or all that still have their bytes. */
export async function retryFiles(ids: string[]): Promise<number> {
  const failed = await entriesWithStatus('error');
  const chosen = failed.filter((e) => e.source.via === 'file' && (ids.length === 0 || ids.includes(e.id)));
  let count = 0;
  for (const e of chosen) {
    if (!(await hasFile(e.id))) continue;
    const patch = { status: 'queued' as const, error: undefined, duplicateOf: undefined };
    if (await updateEntry(e.id, patch, (x) => x.status === 'error')) count++;
    state.requeues.delete(e.id);
  }
  state.pauseUntil = 0;
  if (count) void pump();
  return count;
}

/** The files still waiting fail as cancelled; the ones being read finish. */
export async function cancelQueued(): Promise<number> {
  let count = 0;
  for (const e of await entriesWithStatus('queued')) {
    if (await updateEntry(e.id, { status: 'error', error: appErr('err_cancelled') }, (x) => x.status === 'queued')) count++;
  }
  state.failed += count;
  void pump();
  return count;
}

/**
 * At the start of the service worker: files a stopped worker was reading synchronously go back to
 * the queue (asynchronous ones are polled by resumePending), then the queue runs.
 */
export async function resumeBatch(): Promise<void> {
  try {
    for (const e of await entriesWithStatus('pending')) {
      if (e.source.via === 'file' && !e.jobId && !state.running.has(e.id)) await updateEntry(e.id, { status: 'queued' }, (x) => x.status === 'pending');
    }
  } finally {
    resolveReady();
  }
  await pump();
}
