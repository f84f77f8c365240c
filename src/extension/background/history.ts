import { z } from 'zod';
import { type HistoryEntry, historyEntry } from '../../protocol/messages';
import { browser } from '../lib/browser';
import { clearEntries, getEntry, pruneEntries, putEntry, recentEntries, settleEntry, updateEntry } from '../lib/history-db';

/*
 * The background's side of the history (lib/history-db.ts, IndexedDB): new entries, updates, and
 * the limit of the settings. IndexedDB transactions keep two recognitions finishing together from
 * overwriting each other's update.
 */

export async function addHistory(entry: HistoryEntry, limit: number): Promise<HistoryEntry> {
  await putEntry(entry);
  await pruneEntries(limit);
  return entry;
}

/** Applies `patch` to the entry with `id`; undefined when it is gone (deleted meanwhile). */
export function updateHistory(id: string, patch: Partial<HistoryEntry>): Promise<HistoryEntry | undefined> {
  return updateEntry(id, patch);
}

/**
 * Stores a finished recognition: the entry, or for 自动识别 one entry per document found, in
 * reading order (lib/sheet.ts); undefined when the entry is gone (deleted meanwhile).
 */
export function settleHistory(id: string, patch: Partial<HistoryEntry>, onlyIf?: (e: HistoryEntry) => boolean): Promise<HistoryEntry[] | undefined> {
  return settleEntry(id, patch, onlyIf);
}

/** The newest entries first (the background needs the few still running; the pages search). */
export function listHistory(limit = 1000): Promise<HistoryEntry[]> {
  return recentEntries(limit);
}

export { getEntry as historyEntryById };

export function clearHistory(): Promise<void> {
  return clearEntries();
}

const LEGACY_KEY = 'history';

/**
 * Versions before the workbench kept the last results in storage.local; they move into IndexedDB
 * once, entries that no longer validate are dropped, and the old key is removed.
 */
export async function migrateLegacyHistory(): Promise<number> {
  const raw = (await browser.storage.local.get(LEGACY_KEY))[LEGACY_KEY];
  if (raw === undefined) return 0;
  const list = z.array(z.unknown()).safeParse(raw);
  let moved = 0;
  for (const e of list.success ? list.data : []) {
    const parsed = historyEntry.safeParse(e);
    if (parsed.success && !(await getEntry(parsed.data.id))) {
      await putEntry(parsed.data);
      moved++;
    }
  }
  await browser.storage.local.remove(LEGACY_KEY);
  return moved;
}
