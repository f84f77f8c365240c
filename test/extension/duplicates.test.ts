import { beforeEach, describe, expect, it } from 'vitest';
import { documents } from '../../src/extension/lib/documents/index';
import { invoiceKeys } from '../../src/extension/lib/documents/vat';
import { getEntry, putEntry, updateEntry } from '../../src/extension/lib/history-db';
import type { HistoryEntry } from '../../src/protocol/messages';
import * as fx from './fixtures/data';
import { freshHistoryDb } from './support/idb';

/*
 * 发票查重: which values identify a document, and the flag an entry gets when the same document
 * was read before (from another file or page), in the transaction that finishes it.
 */

const keysOf = (id: keyof typeof documents, data: unknown) => documents[id].duplicateKeys?.(documents[id].data.parse(data)) ?? [];

describe('duplicate keys', () => {
  it('an old-style invoice by code and number; a 数电票 by its 20-digit number alone', () => {
    expect(keysOf('vat', fx.vatData)).toEqual(['inv:011002100111-12345678']);
    const digital = { ...fx.vatData, Content: { ...fx.vatData.Content, InvoiceCode: '', InvoiceNo: '24312000000012345678' } };
    expect(keysOf('vat', digital)).toEqual(['inv:24312000000012345678']);
    // spaces a PDF put between digit groups do not make another invoice
    expect(invoiceKeys(' 0110 0210 0111', '1234 5678')).toEqual(['inv:011002100111-12345678']);
    expect(invoiceKeys('', '')).toEqual([]);
    expect(invoiceKeys('011002100111', '')).toEqual([]);
  });

  it('a train ticket by its e-ticket number, else by train, time and seat', () => {
    expect(keysOf('train', fx.trainData)).toEqual(['train:G1234|2023年09月23日18:10|13车16B号']);
    expect(keysOf('train', { ...fx.trainData, Seat: '' })).toEqual([]);
    expect(documents.train.duplicateKeys!({ ...fx.trainData, InvoiceNum: '25119110000000012345' } as never)).toEqual(['train:25119110000000012345']);
  });

  it('a taxi invoice by code and number, apart from a VAT invoice with the same digits', () => {
    expect(keysOf('taxi', fx.taxiData)).toEqual(['taxi:inv:111001681009-88234567']);
  });

  it('documents without an identity have no keys', () => {
    expect(keysOf('plate', fx.plateData)).toEqual([]);
    expect(documents.text.duplicateKeys).toBeUndefined();
  });
});

const fileEntry = (id: string, at: number, fileName: string, docId: HistoryEntry['docId'] = 'vat'): HistoryEntry => ({
  id,
  at,
  docId,
  status: 'pending',
  source: { via: 'file', pageUrl: '', srcUrl: '', fileName },
});

describe('duplicate flag', () => {
  beforeEach(freshHistoryDb);

  it('flags the second read of an invoice with when and where it was first read', async () => {
    await putEntry(fileEntry('a', 1000, '发票-3月.pdf'));
    await putEntry(fileEntry('b', 2000, '发票-3月-副本.pdf'));
    await updateEntry('a', { status: 'ok', data: fx.vatData });
    const second = await updateEntry('b', { status: 'ok', data: fx.vatData });
    expect(second!.duplicateOf).toEqual({ id: 'a', at: 1000, source: '发票-3月.pdf' });
    expect((await getEntry('a'))!.duplicateOf).toBeUndefined();
  });

  it('names the earliest read when there are several, and ignores failed reads', async () => {
    await putEntry({ ...fileEntry('web', 500, ''), source: { via: 'url', pageUrl: 'https://mail.example/inbox', srcUrl: 'https://mail.example/a.pdf' } });
    await updateEntry('web', { status: 'ok', data: fx.vatData });
    await putEntry(fileEntry('failed', 700, 'x.pdf'));
    await updateEntry('failed', { status: 'error', error: { key: 'err_network', subs: [] } });
    await putEntry(fileEntry('b', 900, 'b.pdf'));
    await updateEntry('b', { status: 'ok', data: fx.vatData });
    await putEntry(fileEntry('c', 1000, 'c.pdf'));
    expect((await updateEntry('c', { status: 'ok', data: fx.vatData }))!.duplicateOf).toMatchObject({ id: 'web', source: 'https://mail.example/a.pdf' });
  });

  it('tells two copies finishing at the same moment apart: exactly one is flagged', async () => {
    const ids = ['p', 'q', 'r', 's'];
    for (const [i, id] of ids.entries()) await putEntry(fileEntry(id, 100 + i, `${id}.pdf`));
    await Promise.all(ids.map((id) => updateEntry(id, { status: 'ok', data: fx.vatData })));
    const flagged = await Promise.all(ids.map(async (id) => (await getEntry(id))!.duplicateOf));
    expect(flagged.filter((d) => d === undefined)).toHaveLength(1);
  });

  it('does not flag a different invoice or another document type with the same digits', async () => {
    await putEntry(fileEntry('a', 1, 'a.pdf'));
    await updateEntry('a', { status: 'ok', data: fx.vatData });
    await putEntry(fileEntry('b', 2, 'b.pdf'));
    const other = { ...fx.vatData, Content: { ...fx.vatData.Content, InvoiceNo: '12345679' } };
    expect((await updateEntry('b', { status: 'ok', data: other }))!.duplicateOf).toBeUndefined();
    await putEntry(fileEntry('t', 3, 'taxi.jpg', 'taxi'));
    expect((await updateEntry('t', { status: 'ok', data: fx.taxiData }))!.duplicateOf).toBeUndefined();
  });
});
