import { describe, expect, it } from 'vitest';
import { asJson, fieldsAsText, joinLines, tableAsTsv } from '../../src/extension/lib/copy-format';
import { documents } from '../../src/extension/lib/documents/index';
import * as fx from './fixtures/data';

describe('copy formats', () => {
  it('fields as label：value lines, with a heading per group', () => {
    expect(fieldsAsText([{ key: 'VinCode', label: 'VIN 码', value: 'SAL1A2A40SA606662' }])).toBe('VIN 码：SAL1A2A40SA606662');
    const grouped = [
      { key: 'PlateNumber', label: '车牌号码', value: '皖AYL375', group: '第 1 个' },
      { key: 'PlateType', label: '车牌类型', value: '小型汽车', group: '第 1 个' },
      { key: 'PlateNumber', label: '车牌号码', value: '沪AF71017', group: '第 2 个' },
    ];
    expect(fieldsAsText(grouped)).toBe('【第 1 个】\n车牌号码：皖AYL375\n车牌类型：小型汽车\n【第 2 个】\n车牌号码：沪AF71017');
  });

  it('JSON keeps the gateway field names and Chinese as is', () => {
    expect(JSON.parse(asJson({ PlateNumber: '京A12345' }))).toEqual({ PlateNumber: '京A12345' });
    expect(asJson({ a: '京' })).toContain('京');
  });

  it('TSV: tabs between cells, newlines between rows', () => {
    expect(tableAsTsv({ grid: [['a', 'b'], ['', 'c']] })).toBe('a\tb\n\tc');
  });

  it('line breaks kept, or joined: no space between Chinese lines, one between Latin words', () => {
    const lines = ['识别网关', '支持车牌', 'Hello', 'world', '。'];
    expect(joinLines(lines, 'keep')).toBe('识别网关\n支持车牌\nHello\nworld\n。');
    expect(joinLines(lines, 'join')).toBe('识别网关支持车牌Hello world。');
    expect(joinLines(['  ', 'a'], 'join')).toBe('a');
  });

  it('JSON copies keep one key order, the protocol schema order, however the answer arrived', () => {
    // a synchronous answer, an asynchronous job's Result and an older stored entry may order keys
    // differently; the popup copies Data as parsed by the point's schema
    const shuffle = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(shuffle) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, shuffle(x)])) : v;
    for (const data of [fx.vatData, fx.trainData, fx.taxiData, fx.plateData]) {
      const doc = Object.values(documents).find((d) => d.data.safeParse(data).success && d.data.safeParse(shuffle(data)).success)!;
      expect(asJson(doc.data.parse(shuffle(data)))).toBe(asJson(doc.data.parse(data)));
    }
    expect(Object.keys(JSON.parse(asJson(documents.train.data.parse(shuffle(fx.trainData)))))[0]).toBe('Name');
  });
});

