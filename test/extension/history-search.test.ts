import { beforeEach, describe, expect, it } from 'vitest';
import { putEntry } from '../../src/extension/lib/history-db';
import { type HistoryQuery, emptyQuery, searchHistory } from '../../src/extension/lib/history-search';
import type { HistoryEntry } from '../../src/protocol/messages';
import * as fx from './fixtures/data';
import { freshHistoryDb } from './support/idb';

/* Searching the history as a user does: by number, name, amount, date, type, day read and outcome. */

const day = (d: number, h = 12) => new Date(2024, 2, d, h).getTime();
const e = (id: string, at: number, docId: HistoryEntry['docId'], data: unknown, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  at,
  docId,
  status: 'ok',
  source: { via: 'file', pageUrl: '', srcUrl: '', fileName: `${id}.pdf` },
  data,
  ...extra,
});

const find = async (q: Partial<HistoryQuery>) => (await searchHistory({ ...emptyQuery, ...q })).map((x) => x.id);

beforeEach(async () => {
  await freshHistoryDb();
  await putEntry(e('vat1', day(1), 'vat', fx.vatData));
  await putEntry(e('vat2', day(5), 'vat', { ...fx.vatData, Content: { ...fx.vatData.Content, InvoiceNo: '56781234', PayeeName: '杭州某某酒店有限公司', InvoiceAmount: '480.00' } }, { duplicateOf: { id: 'x', at: 1, source: 'x' } }));
  await putEntry(e('train', day(3), 'train', fx.trainData));
  await putEntry(e('plate', day(4), 'plate', fx.plateData));
  await putEntry(e('failed', day(6), 'vat', undefined, { status: 'error', error: { key: 'err_network', subs: [] } }));
  await putEntry(e('waiting', day(7), 'vat', undefined, { status: 'queued' }));
});

describe('history search', () => {
  it('lists everything newest first without a query', async () => {
    expect(await find({})).toEqual(['waiting', 'failed', 'vat2', 'plate', 'train', 'vat1']);
  });

  it('finds an invoice by its number, a part of the seller, or the amount', async () => {
    expect(await find({ text: '56781234' })).toEqual(['vat2']);
    expect(await find({ text: '酒店' })).toEqual(['vat2']);
    expect(await find({ text: '59.55' })).toEqual(['vat1']);
    expect(await find({ text: 'g1234' })).toEqual(['train']);
    expect(await find({ text: '皖AYL375' })).toEqual(['plate']);
  });

  it('needs every word, and finds the file name', async () => {
    expect(await find({ text: '示例 56781234' })).toEqual(['vat2']);
    expect(await find({ text: 'vat1.pdf' })).toEqual(['vat1']);
    expect(await find({ text: '酒店 G1234' })).toEqual([]);
  });

  it('finds a date as printed and as 2023-05-08', async () => {
    expect(await find({ text: '2023年05月08日' })).toEqual(['vat2', 'vat1']);
    expect(await find({ text: '2023-05-08' })).toEqual(['vat2', 'vat1']);
  });

  it('filters by type, by the days read (the last day whole) and by outcome', async () => {
    expect(await find({ docId: 'vat' })).toEqual(['waiting', 'failed', 'vat2', 'vat1']);
    expect(await find({ from: '2024-03-03', to: '2024-03-05' })).toEqual(['vat2', 'plate', 'train']);
    expect(await find({ to: '2024-03-01' })).toEqual(['vat1']);
    expect(await find({ from: '2024-03-09', to: '2024-03-01' })).toEqual([]);
    expect(await find({ status: 'error' })).toEqual(['failed']);
    expect(await find({ status: 'duplicate' })).toEqual(['vat2']);
    expect(await find({ status: 'waiting' })).toEqual(['waiting']);
    expect(await find({ status: 'ok', docId: 'vat', text: '示例' })).toEqual(['vat2', 'vat1']);
  });
});
