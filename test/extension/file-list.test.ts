import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/protocol/messages';
import { mergeFileList } from '../../src/extension/popup/file-list';

/*
 * The 文件 tab's list as a batch changes it a few entries at a time (popup/file-list.ts): the
 * changed entries replaced, deleted ones gone, new files in their place, the rest untouched.
 */

const file = (id: string, at: number, status: HistoryEntry['status'] = 'queued'): HistoryEntry => ({
  id,
  at,
  docId: 'vat',
  status,
  source: { via: 'file', pageUrl: '', srcUrl: '', fileName: `${id}.pdf` },
  batchId: 'b',
});

describe('file list', () => {
  const list = [file('c', 3), file('b', 2), file('a', 1)];

  it('replaces the entries that changed and keeps the objects of the others', () => {
    const done = file('b', 2, 'ok');
    const next = mergeFileList(list, ['b'], [done], 200);
    expect(next.map((e) => [e.id, e.status])).toEqual([['c', 'queued'], ['b', 'ok'], ['a', 'queued']]);
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toBe(done);
    expect(next[2]).toBe(list[2]);
  });

  it('drops an entry that is gone and adds new files newest first, within the limit', () => {
    const next = mergeFileList(list, ['a', 'e', 'd'], [file('d', 4), file('e', 5)], 4);
    expect(next.map((e) => e.id)).toEqual(['e', 'd', 'c', 'b']);
  });

  it('leaves out what was not read from a file (a right-click result)', () => {
    const page: HistoryEntry = { ...file('p', 9), source: { via: 'url', pageUrl: 'https://p/', srcUrl: 'https://p/x.jpg' } };
    expect(mergeFileList(list, ['p'], [page], 200)).toEqual(list);
  });

  it('adds the documents of a sheet read from a file, each in its place', () => {
    const sheet = [file('c', 3, 'ok'), { ...file('c-2', 3, 'ok') }];
    expect(mergeFileList(list, ['c', 'c-2'], sheet, 200).map((e) => e.id)).toEqual(['c-2', 'c', 'b', 'a']);
  });
});
