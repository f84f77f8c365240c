import { z } from 'zod';
import { type HistoryEntry, historyEntry } from '../../protocol/messages';
import { browser } from '../lib/browser';

/*
 * The short local history of recognitions, newest first, in storage.local. Writes are
 * chained so two recognitions finishing together cannot overwrite each other's update.
 */

const KEY = 'history';
const stored = z.array(z.unknown());

let queue: Promise<unknown> = Promise.resolve();

/** Entries that still validate; one that does not (an older layout) is dropped, not fatal. */
export async function listHistory(): Promise<HistoryEntry[]> {
  const raw = stored.safeParse((await browser.storage.local.get(KEY))[KEY]);
  if (!raw.success) return [];
  return raw.data.flatMap((e) => {
    const parsed = historyEntry.safeParse(e);
    return parsed.success ? [parsed.data] : [];
  });
}

function mutate<T>(fn: (entries: HistoryEntry[]) => { entries: HistoryEntry[]; result: T }): Promise<T> {
  const run = queue.then(async () => {
    const { entries, result } = fn(await listHistory());
    await browser.storage.local.set({ [KEY]: entries });
    return result;
  });
  queue = run.catch(() => undefined);
  return run;
}

export function addHistory(entry: HistoryEntry, limit: number): Promise<HistoryEntry> {
  return mutate((entries) => ({ entries: [entry, ...entries.filter((e) => e.id !== entry.id)].slice(0, limit), result: entry }));
}

/** Applies `patch` to the entry with `id`; undefined when it is gone (cleared meanwhile). */
export function updateHistory(id: string, patch: Partial<HistoryEntry>): Promise<HistoryEntry | undefined> {
  return mutate((entries) => {
    let updated: HistoryEntry | undefined;
    const next = entries.map((e) => (e.id === id ? (updated = { ...e, ...patch }) : e));
    return { entries: next, result: updated };
  });
}

export function clearHistory(): Promise<void> {
  return mutate(() => ({ entries: [], result: undefined }));
}
