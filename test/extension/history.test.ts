import { beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import { addHistory, clearHistory, listHistory, migrateLegacyHistory, updateHistory } from '../../src/extension/background/history';
import { countByStatus, deleteEntries, getEntry, historyDb, putEntry } from '../../src/extension/lib/history-db';
import type { HistoryEntry } from '../../src/protocol/messages';
import { vatData } from './fixtures/data';
import { installFakeBrowser } from './support/fake-browser';
import { freshHistoryDb } from './support/idb';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const entry = (id: string, at = Date.now(), extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  at,
  docId: 'plate',
  status: 'pending',
  source: { via: 'url', pageUrl: 'https://a/', srcUrl: 'https://a/p.jpg' },
  ...extra,
});

beforeEach(async () => {
  installFakeBrowser();
  await freshHistoryDb();
});

describe('history in IndexedDB', () => {
  it('keeps the newest entries first, up to the limit', async () => {
    for (const [i, id] of ['a', 'b', 'c', 'd'].entries()) await addHistory(entry(id, 1000 + i, { status: 'ok' }), 3);
    expect((await listHistory()).map((e) => e.id)).toEqual(['d', 'c', 'b']);
  });

  it('prunes only finished entries: a file still waiting survives the limit', async () => {
    await addHistory(entry('waiting', 1, { status: 'queued' }), 10);
    for (const [i, id] of ['a', 'b', 'c'].entries()) await addHistory(entry(id, 10 + i, { status: 'ok' }), 2);
    expect((await listHistory()).map((e) => e.id)).toEqual(['c', 'waiting']);
  });

  it('does not lose updates that finish at the same time', async () => {
    await addHistory(entry('a', 1), 10);
    await addHistory(entry('b', 2), 10);
    await Promise.all([updateHistory('a', { status: 'ok', data: { x: 1 } }), updateHistory('b', { status: 'error' }), addHistory(entry('c', 3), 10)]);
    const byId = Object.fromEntries((await listHistory()).map((e) => [e.id, e.status]));
    expect(byId).toEqual({ a: 'ok', b: 'error', c: 'pending' });
  });

  it('skips stored rows that no longer validate instead of failing', async () => {
    await putEntry(entry('good', 2));
    const db = await historyDb();
    await db.put('entries', { id: 'bad', at: 1, keys: [], text: '' } as never);
    expect((await listHistory()).map((e) => e.id)).toEqual(['good']);
    expect(await getEntry('bad')).toBeUndefined();
  });

  it('updating a deleted entry is a no-op, and a conditional update only applies when its condition holds', async () => {
    await addHistory(entry('a'), 10);
    await clearHistory();
    expect(await updateHistory('a', { status: 'ok' })).toBeUndefined();
    await putEntry(entry('q', 1, { status: 'queued' }));
    const { updateEntry } = await import('../../src/extension/lib/history-db');
    expect(await updateEntry('q', { status: 'error' }, (e) => e.status === 'pending')).toBeUndefined();
    expect((await getEntry('q'))!.status).toBe('queued');
  });

  it('deletes entries with their stored files and counts what is left by status', async () => {
    await putEntry(entry('a', 1, { status: 'ok' }));
    await putEntry(entry('b', 2, { status: 'error' }));
    await putEntry(entry('c', 3, { status: 'queued' }));
    const db = await historyDb();
    await db.put('files', { id: 'b', blob: new Blob(['x']), name: 'b.pdf', kind: 'pdf' });
    await deleteEntries(['b']);
    expect(await db.get('files', 'b')).toBeUndefined();
    expect(await countByStatus()).toEqual({ queued: 1, pending: 0, ok: 1, error: 0 });
  });

  it('moves the results an older version kept in storage.local, once', async () => {
    const old = entry('old', 5, { status: 'ok', docId: 'vat', data: vatData });
    await fakeBrowser.storage.local.set({ history: [old, { id: 3 }, 'junk'] });
    expect(await migrateLegacyHistory()).toBe(1);
    expect(await fakeBrowser.storage.local.get('history')).toEqual({});
    expect((await getEntry('old'))!.data).toEqual(vatData);
    expect(await migrateLegacyHistory()).toBe(0);
  });
});
