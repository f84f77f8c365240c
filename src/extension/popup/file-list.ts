import type { HistoryEntry } from '../../protocol/messages';

/*
 * The 文件 tab's list kept up to date a few entries at a time: during a batch every file changes
 * two or three times, and reading and drawing the whole list (200 lines) for each change cost more
 * CPU than the files' own reading in the browser, on the cores the gateway needs.
 */

const newestFirst = (a: HistoryEntry, b: HistoryEntry) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * `list` with the entries `ids` changed to what `found` holds now (an id not found was deleted),
 * new files added in their place, newest first, at most `limit`. Entries that did not change keep
 * their objects, so their lines are not drawn again.
 */
export function mergeFileList(list: HistoryEntry[], ids: string[], found: HistoryEntry[], limit: number): HistoryEntry[] {
  const now = new Map(found.filter((e) => e.source.via === 'file').map((e) => [e.id, e]));
  const touched = new Set(ids);
  const kept = list.flatMap((e) => (touched.has(e.id) ? (now.get(e.id) ?? []) : [e]));
  const known = new Set(list.map((e) => e.id));
  const added = [...now.values()].filter((e) => !known.has(e.id));
  if (added.length === 0) return kept;
  return [...kept, ...added].sort(newestFirst).slice(0, limit);
}
