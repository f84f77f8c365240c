import { beforeEach, describe, expect, it } from 'vitest';
import { documents } from '../../src/extension/lib/documents/index';
import { historySheets } from '../../src/extension/lib/export/sheets';
import { getEntry, putEntry, recentEntries, settleEntry } from '../../src/extension/lib/history-db';
import { searchHistory } from '../../src/extension/lib/history-search';
import { translator } from '../../src/extension/lib/i18n';
import { splitSheet } from '../../src/extension/lib/sheet';
import { mixedData } from '../../src/protocol/points/2582-25';
import type { HistoryEntry } from '../../src/protocol/messages';
import * as fx from './fixtures/data';
import { freshHistoryDb } from './support/idb';

/*
 * 自动识别 (2582-25): a sheet's answer becomes one history entry per document, of its own type
 * with the Data its own point answers, so the duplicate check, the search, the export and the
 * views work on each as if it had been read alone.
 */

const zh = translator('zh_CN');
const AT = Date.UTC(2024, 2, 1, 9);

const autoEntry = (extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: 'sheet-1',
  at: AT,
  docId: 'auto',
  status: 'pending',
  source: { via: 'file', pageUrl: '', srcUrl: '', fileName: '三月报销粘贴单.jpg' },
  batchId: 'b1',
  ...extra,
});

const done = (data: unknown = fx.mixedSheetData) => ({ ...autoEntry(), status: 'ok' as const, data, requestId: 'req-7' });
let n = 0;
const ids = () => `new-${++n}`;

describe('splitting a sheet', () => {
  beforeEach(() => void (n = 0));

  it('one entry per document, in reading order, each of its own type with its own Data', () => {
    expect(mixedData.safeParse(fx.mixedSheetData).success).toBe(true);
    const out = splitSheet(done(), ids);
    expect(out.map((e) => e.docId)).toEqual(['taxi', 'train', 'taxi', 'text']);
    expect(out.map((e) => e.data)).toEqual([fx.taxiData, fx.trainData, fx.taxiData, fx.textData]);
    expect(out.map((e) => e.id)).toEqual(['sheet-1', 'new-1', 'new-2', 'new-3']);
    expect(out.map((e) => e.at)).toEqual([AT, AT + 1, AT + 2, AT + 3]);
    expect(out.map((e) => e.sheet)).toEqual([
      { id: 'sheet-1', index: 0, count: 4, confidence: 0.97 },
      { id: 'sheet-1', index: 1, count: 4, confidence: 0.93 },
      { id: 'sheet-1', index: 2, count: 4, confidence: 0.95 },
      { id: 'sheet-1', index: 3, count: 4, confidence: 0.6 },
    ]);
    // each keeps where it came from and the recognition that read it
    for (const e of out) expect(e).toMatchObject({ status: 'ok', requestId: 'req-7', batchId: 'b1', source: { fileName: '三月报销粘贴单.jpg' } });
    // and is what its own type's schema describes: its card, export and fill read it unchanged
    for (const e of out) expect(documents[e.docId].data.safeParse(e.data).success).toBe(true);
  });

  it('a licence goes to the page the gateway read: face or back', () => {
    const one = (Type: string, Point: string, Data: unknown) => splitSheet(done({ Documents: [{ Type, Point, Confidence: 0.9, Roi: { X: 0, Y: 0, W: 1, H: 1 }, Angle: 0, Data }] }))[0]!.docId;
    const face = { ...fx.driverData, BackResult: [] };
    const back = { FaceResult: { ...fx.driverData.FaceResult, Address: '', Gender: '', VehicleType: '', IssueDate: '', StartDate: '', EndDate: '' }, BackResult: [{ ArchiveNumber: '110100123456' }] };
    expect(one('driver_license', '2582-19', face)).toBe('driver_face');
    expect(one('driver_license', '2582-19', back)).toBe('driver_back');
    const emptyOf = (o: Record<string, string>) => Object.fromEntries(Object.keys(o).map((k) => [k, '']));
    expect(one('vehicle_license', '2582-17', { ...fx.vehicleData, BackResult: emptyOf(fx.vehicleData.BackResult) })).toBe('vehicle_face');
    expect(one('vehicle_license', '2582-17', { ...fx.vehicleData, FaceResult: emptyOf(fx.vehicleData.FaceResult) })).toBe('vehicle_back');
    expect(one('vin', '2582-18', fx.vinData)).toBe('vin');
    expect(one('plate', '2582-20', fx.plateData)).toBe('plate');
    expect(one('vat_invoice', '2582-22', fx.vatData)).toBe('vat');
    expect(one('table', '2582-10', fx.tableData)).toBe('table');
  });

  it('nothing found is a failure in words; anything else is left as it is', () => {
    expect(splitSheet(done({ Documents: [] }))).toEqual([{ ...done(), status: 'error', data: undefined, error: { key: 'err_no_document', subs: [] } }]);
    const failed = { ...autoEntry(), status: 'error' as const, error: { key: 'err_network' as const, subs: [] } };
    expect(splitSheet(failed)).toEqual([failed]);
    const vin = { ...autoEntry(), docId: 'vin' as const, status: 'ok' as const, data: fx.vinData };
    expect(splitSheet(vin)).toEqual([vin]);
  });

  it('the 自动识别 type lists what it found', () => {
    const view = documents.auto.view(mixedData.parse(fx.mixedSheetData), zh);
    expect(view.lines).toEqual(['1. 出租车发票（可信度 97%）', '2. 火车票（可信度 93%）', '3. 出租车发票（可信度 95%）', '4. 通用文字（可信度 60%）']);
    expect(documents.auto.request('data:image/jpeg;base64,AA', 'image')).toEqual({ ImageURL: 'data:image/jpeg;base64,AA' });
  });
});

describe('a sheet in the history', () => {
  beforeEach(freshHistoryDb);

  it('finishing a 自动识别 stores the documents as separate entries, each checked for duplicates', async () => {
    // the train ticket was read alone last week
    await putEntry({ id: 'alone', at: AT - 7 * 86_400_000, docId: 'train', status: 'pending', source: { via: 'url', pageUrl: 'https://12306.example/', srcUrl: '' } });
    await settleEntry('alone', { status: 'ok', data: fx.trainData });
    await putEntry(autoEntry());
    const stored = await settleEntry('sheet-1', { status: 'ok', data: fx.mixedSheetData, requestId: 'req-7' });
    expect(stored!.map((e) => e.docId)).toEqual(['taxi', 'train', 'taxi', 'text']);
    const all = await recentEntries(10);
    expect(all).toHaveLength(5);
    expect(all.some((e) => e.docId === 'auto')).toBe(false);
    const [taxi1, train, taxi2, text] = stored!.map((e) => all.find((x) => x.id === e.id)!);
    expect(taxi1!.duplicateOf).toBeUndefined();
    expect(train!.duplicateOf).toEqual({ id: 'alone', at: AT - 7 * 86_400_000, source: 'https://12306.example/' });
    // the same taxi invoice pasted twice on the sheet: the second is the duplicate of the first
    expect(taxi2!.duplicateOf).toEqual({ id: 'sheet-1', at: AT, source: '三月报销粘贴单.jpg' });
    expect(text!.duplicateOf).toBeUndefined();
    expect(await getEntry('sheet-1')).toMatchObject({ docId: 'taxi', status: 'ok', sheet: { index: 0, count: 4 } });
  });

  it('each document is found by its own values, and exported on its own type\'s sheet', async () => {
    await putEntry(autoEntry());
    await settleEntry('sheet-1', { status: 'ok', data: fx.mixedSheetData });
    const found = await searchHistory({ text: fx.trainData.Number, docId: '', status: 'all', from: '', to: '' });
    expect(found.map((e) => e.docId)).toEqual(['train']);
    const sheets = historySheets(await recentEntries(10), zh, () => '');
    expect(sheets.map((s) => [s.name, s.rows.length])).toEqual([
      ['火车票', 1],
      ['出租车发票', 2],
      ['通用文字', 1],
    ]);
  });

  it('a sheet with nothing on it fails as 自动识别, with the reason', async () => {
    await putEntry(autoEntry());
    const stored = await settleEntry('sheet-1', { status: 'ok', data: { Documents: [] } });
    expect(stored).toEqual([expect.objectContaining({ id: 'sheet-1', docId: 'auto', status: 'error', error: { key: 'err_no_document', subs: [] } })]);
  });
});
