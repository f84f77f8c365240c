import { beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import type { HistoryEntry } from '../../src/protocol/messages';
import { describeError } from '../../src/extension/lib/errors';
import { installFakeBrowser } from './support/fake-browser';
import { freshHistoryDb } from './support/idb';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const { MAX_WAITING, addFiles } = await import('../../src/extension/popup/intake');
const { filesOfPaste } = await import('../../src/extension/popup/file-events');
const { enqueueFiles, getFile, recentEntries } = await import('../../src/extension/lib/history-db');

/*
 * Files as the user hands them over: told by their bytes, refused at once with the reason in the
 * list (never stored or sent), the rest stored with their entries and the background told.
 */

let sent: string[];
beforeEach(async () => {
  installFakeBrowser();
  await freshHistoryDb();
  sent = [];
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async (m: { type: string }) => (sent.push(m.type), { ok: true, value: {} })) as never);
});

const pdf = (name: string) => new File(['%PDF-1.4 ...'], name, { type: 'application/pdf' });

describe('adding files', () => {
  it('stores what can be read, as invoices or as the chosen type, and lists what cannot with its reason', async () => {
    const files = [
      pdf('a.pdf'),
      new File([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'IMG_0001.JPG'),
      new File(['MZ\x90\x00'], 'invoice.pdf'),
      new File([], 'empty.ofd'),
      new File(['<?xml version="1.0"?><EInvoice/>'], 'fp.xml'),
    ];
    expect(await addFiles(files, 'plate')).toEqual({ added: 3, refused: 2 });
    expect(sent).toEqual(['batch.start']);
    const byName = Object.fromEntries((await recentEntries(10)).map((e) => [e.source.fileName, e]));
    expect(byName['a.pdf']).toMatchObject({ status: 'queued', docId: 'vat' });
    expect(byName['IMG_0001.JPG']).toMatchObject({ status: 'queued', docId: 'plate' });
    expect(byName['fp.xml']).toMatchObject({ status: 'queued', docId: 'vat' });
    // listed as what their names say they were meant to be, not as the type chosen for images
    expect(byName['invoice.pdf']).toMatchObject({ status: 'error', docId: 'vat', error: { key: 'err_file_unknown_type' } });
    expect(byName['empty.ofd']).toMatchObject({ status: 'error', docId: 'vat', error: { key: 'err_file_empty' } });
    // refused files have no bytes stored; the others do, under their entry's id
    expect(await getFile(byName['invoice.pdf']!.id)).toBeUndefined();
    expect((await getFile(byName['a.pdf']!.id))!.kind).toBe('pdf');
    // one batch, in the order of the drop
    expect(new Set(Object.values(byName).map((e) => (e as HistoryEntry).batchId)).size).toBe(1);
  });

  it('refuses a 200 MB file at once, in words, and stores nothing of it', async () => {
    const huge = new File(['%PDF-1.7\n', new Uint8Array(200 * 1024 * 1024)], '扫描件.pdf');
    expect(await addFiles([huge, pdf('b.pdf')], 'vat')).toEqual({ added: 1, refused: 1 });
    const refused = (await recentEntries(2)).find((e) => e.source.fileName === '扫描件.pdf')!;
    expect(refused).toMatchObject({ status: 'error', error: { key: 'err_file_too_large', subs: ['200', '10'] } });
    expect(describeError('zh_CN', refused.error!)).toBe('文件太大（200 MB），上限 10 MB');
    expect(await getFile(refused.id)).toBeUndefined();
  });

  it(`keeps at most ${MAX_WAITING} files waiting; the rest are refused in words`, async () => {
    const waiting: HistoryEntry[] = Array.from({ length: MAX_WAITING - 1 }, (_, i) => ({
      id: `w${i}`,
      at: i,
      docId: 'vat',
      status: 'queued',
      source: { via: 'file', pageUrl: '', srcUrl: '', fileName: `${i}.pdf` },
    }));
    await enqueueFiles([], waiting);
    expect(await addFiles([pdf('x.pdf'), pdf('y.pdf'), pdf('z.pdf')], 'vat')).toEqual({ added: 1, refused: 2 });
    const refused = (await recentEntries(3)).filter((e) => e.status === 'error');
    expect(refused.map((e) => e.error)).toEqual([
      { key: 'err_queue_full', subs: [String(MAX_WAITING)] },
      { key: 'err_queue_full', subs: [String(MAX_WAITING)] },
    ]);
  });

  it('names a pasted screenshot by the time, and takes the files of a paste', async () => {
    await addFiles([new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'image.png')], 'vin');
    expect((await recentEntries(1))[0]!.source.fileName).toMatch(/^截图-\d{8}-\d{6}\.png$/);
    const file = pdf('copied.pdf');
    const files = filesOfPaste({ clipboardData: { files: [file], items: [] } } as unknown as ClipboardEvent);
    expect(files).toEqual([file]);
    expect(filesOfPaste({ clipboardData: null } as unknown as ClipboardEvent)).toEqual([]);
  });
});
