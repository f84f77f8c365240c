import { type DBSchema, type IDBPDatabase, type IDBPObjectStore, openDB } from 'idb';
import { type FileKind, type HistoryEntry, historyEntry } from '../../protocol/messages';
import { duplicateKeys, searchText, sourceLabel } from './history-index';
import { splitSheet } from './sheet';

/*
 * The history in IndexedDB (through idb): thousands of results, each with its source and time,
 * and the files of a batch until they are read. The background writes it; the popup and the side
 * panel read it directly (search and export run where the user is, not over messages) and hear of
 * every change on a BroadcastChannel. The token is never here: it stays in storage.local.
 */

/** A file of the user's waiting to be read, stored under its entry's id. */
export interface StoredFile {
  id: string;
  blob: Blob;
  name: string;
  kind: FileKind;
}

/** An entry as stored: what the duplicate index and the search read are kept beside it. */
type Row = HistoryEntry & { keys: string[]; text: string };

interface Schema extends DBSchema {
  entries: { key: string; value: Row; indexes: { at: number; keys: string; status: HistoryEntry['status'] } };
  files: { key: string; value: StoredFile };
}

const DB_NAME = 'recognition-history';
const CHANNEL = 'recognition-history';

let opened: Promise<IDBPDatabase<Schema>> | undefined;

export function historyDb(): Promise<IDBPDatabase<Schema>> {
  opened ??= openDB<Schema>(DB_NAME, 1, {
    upgrade(db) {
      const entries = db.createObjectStore('entries', { keyPath: 'id' });
      entries.createIndex('at', 'at');
      entries.createIndex('keys', 'keys', { multiEntry: true });
      entries.createIndex('status', 'status');
      db.createObjectStore('files', { keyPath: 'id' });
    },
    // another context upgraded the database (a newer extension version): let it, reopen next time
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
    terminated() {
      opened = undefined;
    },
  });
  return opened;
}

/** Closes the connection (tests delete the database between cases). */
export async function closeHistoryDb(): Promise<void> {
  const db = await opened;
  db?.close();
  opened = undefined;
}

function toRow(entry: HistoryEntry): Row {
  return { ...entry, keys: duplicateKeys(entry), text: searchText(entry) };
}

/** The entry of a stored row, or undefined when it no longer validates (a damaged store). */
function fromRow(row: Row | undefined): HistoryEntry | undefined {
  if (!row) return undefined;
  const parsed = historyEntry.safeParse(row);
  return parsed.success ? parsed.data : undefined;
}

const rowsToEntries = (rows: Row[]) => rows.flatMap((r) => fromRow(r) ?? []);

let channel: BroadcastChannel | undefined;

/**
 * Tells the popup and the side panel that the history changed: the entries with `ids` (added or
 * updated), or anything (deleted, cleared, pruned) when there are none. A batch changes a few
 * entries at a time; a list that knows which reads only those again.
 */
export function announceChange(ids?: string[]): void {
  channel ??= new BroadcastChannel(CHANNEL);
  channel.postMessage(ids ? { ids } : 'changed');
}

/** Calls `listener` after each change made by another context, with the ids changed when known; returns the unsubscribe. */
export function onHistoryChange(listener: (ids: string[] | undefined) => void): () => void {
  const ch = new BroadcastChannel(CHANNEL);
  ch.onmessage = (m: MessageEvent<unknown>) => {
    const ids = (m.data as { ids?: unknown } | null)?.ids;
    listener(Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : undefined);
  };
  return () => ch.close();
}

export async function getEntry(id: string): Promise<HistoryEntry | undefined> {
  return fromRow(await (await historyDb()).get('entries', id));
}

export async function putEntry(entry: HistoryEntry): Promise<void> {
  await (await historyDb()).put('entries', toRow(entry));
  announceChange([entry.id]);
}

/** The entries with `ids` that are still there, in one transaction. */
export async function getEntries(ids: string[]): Promise<HistoryEntry[]> {
  const tx = (await historyDb()).transaction('entries');
  const rows = await Promise.all(ids.map((id) => tx.store.get(id)));
  await tx.done;
  return rowsToEntries(rows.flatMap((r) => r ?? []));
}

/** The earliest finished entry other than `id` that shares one of `keys`: the original of a duplicate. */
async function originalOf(store: IDBPObjectStore<Schema, ['entries'], 'entries', 'readwrite'>, id: string, keys: string[]): Promise<Row | undefined> {
  let first: Row | undefined;
  for (const key of keys) {
    for (const other of await store.index('keys').getAll(key)) {
      if (other.id !== id && other.status === 'ok' && (!first || other.at < first.at)) first = other;
    }
  }
  return first;
}

/**
 * Applies `patch` in one transaction and returns what is stored: the entry, or for a finished
 * 自动识别 the entries of the documents it found (lib/sheet.ts), the first under `id`; undefined
 * when the entry is gone (deleted meanwhile). An entry that becomes `ok` is checked against the
 * finished ones for the same document, in the same transaction, so two copies of an invoice
 * finishing together are still told apart: the earliest read is the original. With `onlyIf`,
 * nothing changes unless the entry passes it (a queued file is claimed by one reader only, and a
 * cancel never overwrites a file being read).
 */
export async function settleEntry(
  id: string,
  patch: Partial<HistoryEntry>,
  onlyIf?: (e: HistoryEntry) => boolean,
): Promise<HistoryEntry[] | undefined> {
  const tx = (await historyDb()).transaction('entries', 'readwrite');
  const current = fromRow(await tx.store.get(id));
  if (!current || (onlyIf && !onlyIf(current))) {
    await tx.done;
    return undefined;
  }
  const stored = splitSheet({ ...current, ...patch });
  for (const next of stored) {
    const row = toRow(next);
    if (next.status === 'ok' && current.status !== 'ok') {
      delete next.duplicateOf;
      const first = await originalOf(tx.store, next.id, row.keys);
      if (first) next.duplicateOf = { id: first.id, at: first.at, source: sourceLabel(first) };
    }
    // one by one: a second copy on the same sheet finds the first
    await tx.store.put({ ...next, keys: row.keys, text: row.text });
  }
  await tx.done;
  announceChange(stored.map((e) => e.id));
  return stored;
}

/** settleEntry for callers of one entry: the entry, or the first document of a 自动识别. */
export async function updateEntry(
  id: string,
  patch: Partial<HistoryEntry>,
  onlyIf?: (e: HistoryEntry) => boolean,
): Promise<HistoryEntry | undefined> {
  return (await settleEntry(id, patch, onlyIf))?.[0];
}

/** Deletes entries and their stored files. */
export async function deleteEntries(ids: string[]): Promise<void> {
  const tx = (await historyDb()).transaction(['entries', 'files'], 'readwrite');
  const entries = tx.objectStore('entries');
  const files = tx.objectStore('files');
  await Promise.all(ids.flatMap((id) => [entries.delete(id), files.delete(id)]));
  await tx.done;
  announceChange();
}

export async function clearEntries(): Promise<void> {
  const tx = (await historyDb()).transaction(['entries', 'files'], 'readwrite');
  await Promise.all([tx.objectStore('entries').clear(), tx.objectStore('files').clear()]);
  await tx.done;
  announceChange();
}

/** The newest `limit` entries, newest first. */
export async function recentEntries(limit: number): Promise<HistoryEntry[]> {
  const rows: Row[] = [];
  let cursor = await (await historyDb()).transaction('entries').store.index('at').openCursor(null, 'prev');
  while (cursor && rows.length < limit) {
    rows.push(cursor.value);
    cursor = await cursor.continue();
  }
  return rowsToEntries(rows);
}

/** The newest `limit` entries read from the user's files, newest first. */
export async function recentFileEntries(limit: number): Promise<HistoryEntry[]> {
  const rows: Row[] = [];
  let cursor = await (await historyDb()).transaction('entries').store.index('at').openCursor(null, 'prev');
  while (cursor && rows.length < limit) {
    if (cursor.value.source.via === 'file') rows.push(cursor.value);
    cursor = await cursor.continue();
  }
  return rowsToEntries(rows);
}

export async function entriesWithStatus(status: HistoryEntry['status']): Promise<HistoryEntry[]> {
  const rows = await (await historyDb()).getAllFromIndex('entries', 'status', status);
  return rowsToEntries(rows).sort((a, b) => a.at - b.at);
}

export async function countByStatus(): Promise<Record<HistoryEntry['status'], number>> {
  const db = await historyDb();
  const [queued, pending, ok, error] = await Promise.all(
    (['queued', 'pending', 'ok', 'error'] as const).map((s) => db.countFromIndex('entries', 'status', s)),
  );
  return { queued: queued!, pending: pending!, ok: ok!, error: error! };
}

/** Keeps the newest `limit` entries: older finished ones are deleted with their files. */
export async function pruneEntries(limit: number): Promise<number> {
  const db = await historyDb();
  let excess = (await db.count('entries')) - limit;
  if (excess <= 0) return 0;
  const tx = db.transaction(['entries', 'files'], 'readwrite');
  let cursor = await tx.objectStore('entries').index('at').openCursor();
  let removed = 0;
  while (cursor && excess > 0) {
    if (cursor.value.status === 'ok' || cursor.value.status === 'error') {
      await tx.objectStore('files').delete(cursor.value.id);
      await cursor.delete();
      excess--;
      removed++;
    }
    cursor = await cursor.continue();
  }
  await tx.done;
  if (removed) announceChange();
  return removed;
}

/** Stores the files of a batch with their entries, and the entries of files refused, all or nothing. */
export async function enqueueFiles(items: { entry: HistoryEntry; file: StoredFile }[], refused: HistoryEntry[] = []): Promise<void> {
  const tx = (await historyDb()).transaction(['entries', 'files'], 'readwrite');
  await Promise.all([
    ...items.flatMap(({ entry, file }) => [tx.objectStore('files').put(file), tx.objectStore('entries').put(toRow(entry))]),
    ...refused.map((entry) => tx.objectStore('entries').put(toRow(entry))),
  ]);
  await tx.done;
  announceChange([...items.map((i) => i.entry.id), ...refused.map((e) => e.id)]);
}

export async function getFile(id: string): Promise<StoredFile | undefined> {
  return (await historyDb()).get('files', id);
}

export async function hasFile(id: string): Promise<boolean> {
  return (await (await historyDb()).count('files', id)) > 0;
}

export async function deleteFile(id: string): Promise<void> {
  await (await historyDb()).delete('files', id);
}

/** The entries read within `range` of `at` (all when absent) with their search text, newest first. */
export async function entriesIn(range?: IDBKeyRange): Promise<{ entry: HistoryEntry; text: string }[]> {
  // one getAll is many times faster than a cursor step per row on thousands of rows
  const rows = await (await historyDb()).getAllFromIndex('entries', 'at', range);
  const out: { entry: HistoryEntry; text: string }[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const entry = fromRow(rows[i]);
    if (entry) out.push({ entry, text: rows[i]!.text });
  }
  return out;
}
