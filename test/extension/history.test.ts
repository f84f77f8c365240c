import { beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import { addHistory, clearHistory, listHistory, updateHistory } from '../../src/extension/background/history';
import type { HistoryEntry } from '../../src/protocol/messages';
import { installFakeBrowser } from './support/fake-browser';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const entry = (id: string, at = Date.now()): HistoryEntry => ({
  id,
  at,
  docId: 'plate',
  status: 'pending',
  source: { via: 'url', pageUrl: 'https://a/', srcUrl: 'https://a/p.jpg' },
});

beforeEach(() => void installFakeBrowser());

describe('history', () => {
  it('keeps the newest entries first, up to the limit', async () => {
    for (const id of ['a', 'b', 'c', 'd']) await addHistory(entry(id), 3);
    expect((await listHistory()).map((e) => e.id)).toEqual(['d', 'c', 'b']);
  });

  it('does not lose updates that finish at the same time', async () => {
    await addHistory(entry('a'), 10);
    await addHistory(entry('b'), 10);
    await Promise.all([updateHistory('a', { status: 'ok', data: { x: 1 } }), updateHistory('b', { status: 'error' }), addHistory(entry('c'), 10)]);
    const byId = Object.fromEntries((await listHistory()).map((e) => [e.id, e.status]));
    expect(byId).toEqual({ a: 'ok', b: 'error', c: 'pending' });
  });

  it('drops stored entries that no longer validate instead of failing', async () => {
    await fakeBrowser.storage.local.set({ history: [entry('ok'), { id: 3 }, 'junk'] });
    expect((await listHistory()).map((e) => e.id)).toEqual(['ok']);
    await fakeBrowser.storage.local.set({ history: 'not a list' });
    expect(await listHistory()).toEqual([]);
  });

  it('updating a cleared entry is a no-op', async () => {
    await addHistory(entry('a'), 10);
    await clearHistory();
    expect(await updateHistory('a', { status: 'ok' })).toBeUndefined();
    expect(await listHistory()).toEqual([]);
  });
});
