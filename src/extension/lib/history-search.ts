import type { DocId, HistoryEntry } from '../../protocol/messages';
import { entriesIn } from './history-db';

/*
 * Searching the history: words (every one must appear: a number, a name, an amount, a date as
 * printed or as 2023-05-08), the document type, the days it was read, and what became of it. Runs
 * in the popup or the side panel over the stored search text; no index beyond the time of reading
 * is needed for the thousands of entries a person keeps.
 */

export type StatusFilter = 'all' | 'ok' | 'error' | 'duplicate' | 'waiting';

export interface HistoryQuery {
  text: string;
  docId: DocId | '';
  /** first and last day read, `YYYY-MM-DD` in local time; '' for no bound */
  from: string;
  to: string;
  status: StatusFilter;
}

export const emptyQuery: HistoryQuery = { text: '', docId: '', from: '', to: '', status: 'all' };

/** Local midnight of a `YYYY-MM-DD` day, or undefined for anything else. */
function dayStart(day: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const t = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime();
  return Number.isNaN(t) ? undefined : t;
}

/** The range of `at` the query covers; the last day counts whole. */
export function timeRange(q: Pick<HistoryQuery, 'from' | 'to'>): IDBKeyRange | undefined {
  const lo = dayStart(q.from);
  const hiStart = dayStart(q.to);
  const hi = hiStart === undefined ? undefined : new Date(hiStart).setDate(new Date(hiStart).getDate() + 1) - 1;
  if (lo !== undefined && hi !== undefined) return lo <= hi ? IDBKeyRange.bound(lo, hi) : IDBKeyRange.only(-1);
  if (lo !== undefined) return IDBKeyRange.lowerBound(lo);
  if (hi !== undefined) return IDBKeyRange.upperBound(hi);
  return undefined;
}

function statusMatches(e: HistoryEntry, status: StatusFilter): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'ok':
      return e.status === 'ok';
    case 'error':
      return e.status === 'error';
    case 'duplicate':
      return e.status === 'ok' && e.duplicateOf !== undefined;
    case 'waiting':
      return e.status === 'queued' || e.status === 'pending';
  }
}

/** Whether one entry, with its stored search text, matches the query. */
export function matches(entry: HistoryEntry, text: string, q: HistoryQuery): boolean {
  if (q.docId && entry.docId !== q.docId) return false;
  if (!statusMatches(entry, q.status)) return false;
  const words = q.text.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) => text.includes(w));
}

/** Every matching entry, newest first. */
export async function searchHistory(q: HistoryQuery): Promise<HistoryEntry[]> {
  const rows = await entriesIn(timeRange(q));
  return rows.filter((r) => matches(r.entry, r.text, q)).map((r) => r.entry);
}
