import { describe, expect, it } from 'vitest';
import { commonStyle, formatDate, parseDate, styleOf } from '../../src/extension/lib/fill/dates';
import { type BoxFacts, partAsked, pickOption, shapeValue } from '../../src/extension/lib/fill/shape';

/*
 * The value in the shape a box wants (lib/fill/shape.ts, lib/fill/dates.ts): amounts, dates in the
 * box's or the page's format, the last digits a short box or a 后六位 label asks for, options.
 */

const box = (facts: Partial<BoxFacts> = {}): BoxFacts => ({ tag: 'input', type: 'text', value: '', placeholder: '', numeric: false, descriptors: [], ...facts });
const label = (text: string) => [{ source: 'label' as const, text }];

describe('dates', () => {
  it('parses what documents print', () => {
    expect(parseDate('2023年05月08日')).toEqual({ y: '2023', m: '05', d: '08' });
    expect(parseDate('2023年9月3日18:10')).toEqual({ y: '2023', m: '09', d: '03', time: '18:10' });
    expect(parseDate('2024-01-02')).toEqual({ y: '2024', m: '01', d: '02' });
    expect(parseDate('20150601')).toEqual({ y: '2015', m: '06', d: '01' });
    expect(parseDate('长期')).toBeUndefined();
    expect(parseDate('20151301')).toBeUndefined();
  });

  it('reads the style from a pattern or from a date written in it', () => {
    expect(styleOf('yyyy-MM-dd')).toEqual({ kind: 'sep', sep: '-', pad: true, time: false });
    expect(styleOf('YYYY/MM/DD')).toEqual({ kind: 'sep', sep: '/', pad: true, time: false });
    expect(styleOf('yyyy-MM-dd HH:mm')).toEqual({ kind: 'sep', sep: '-', pad: true, time: true });
    expect(styleOf('yyyyMMdd')).toEqual({ kind: 'compact', sep: '', pad: true, time: false });
    expect(styleOf('yyyy年MM月dd日')).toEqual({ kind: 'cn', sep: '', pad: true, time: false });
    expect(styleOf('2024/6/1')).toEqual({ kind: 'sep', sep: '/', pad: false, time: false });
    expect(styleOf('2019年5月8日')).toEqual({ kind: 'cn', sep: '', pad: false, time: false });
    expect(styleOf('年-月-日')).toEqual({ kind: 'sep', sep: '-', pad: true, time: false });
    expect(styleOf('选择日期')).toBeUndefined();
    expect(commonStyle(['2024/06/01', '2024/06/02', '2024-06-03', 'x'])).toEqual({ kind: 'sep', sep: '/', pad: true, time: false });
    expect(formatDate({ y: '2023', m: '09', d: '03', time: '18:10' }, { kind: 'cn', sep: '', pad: false, time: true })).toBe('2023年9月3日 18:10');
  });
});

describe('shaping', () => {
  it('dates: the input type, then the placeholder, the value, the page, else ISO', () => {
    expect(shapeValue('InvoiceDate', '2023年05月08日', box({ type: 'date' }))).toEqual({ ok: true, value: '2023-05-08' });
    expect(shapeValue('InvoiceDate', '2023年05月08日', box({ type: 'month' }))).toEqual({ ok: true, value: '2023-05' });
    expect(shapeValue('Date', '2023年09月23日18:10', box({ type: 'datetime-local' }))).toEqual({ ok: true, value: '2023-09-23T18:10' });
    expect(shapeValue('Date', '2023年09月23日18:10', box({ type: 'time' }))).toEqual({ ok: true, value: '18:10' });
    expect(shapeValue('InvoiceDate', '2023年05月08日', box({ placeholder: 'YYYY/MM/DD' }))).toMatchObject({ value: '2023/05/08' });
    expect(shapeValue('InvoiceDate', '2023年05月08日', box({ value: '2024.01.31' }))).toMatchObject({ value: '2023.05.08' });
    expect(shapeValue('InvoiceDate', '2023年05月08日', box(), ['2024年6月1日'])).toMatchObject({ value: '2023年5月8日' });
    expect(shapeValue('InvoiceDate', '2023年05月08日', box())).toEqual({ ok: true, value: '2023-05-08', note: { kind: 'date' } });
    // a licence valid for life stays as it is in a text box, and is refused by a date picker
    expect(shapeValue('EndDate', '长期', box())).toEqual({ ok: true, value: '长期' });
    expect(shapeValue('EndDate', '长期', box({ type: 'date' }))).toEqual({ ok: false, reason: 'not_a_date' });
  });

  it('amounts lose ¥, 元 and separators; number boxes refuse what is no number', () => {
    expect(shapeValue('Amount', '¥1,059.55', box())).toEqual({ ok: true, value: '1059.55', note: { kind: 'number' } });
    expect(shapeValue('Price', '553.5', box({ type: 'number' }))).toEqual({ ok: true, value: '553.5' });
    expect(shapeValue('Amount', '38.00元', box({ numeric: true }))).toMatchObject({ ok: true, value: '38.00' });
    expect(shapeValue('Seat', '13车16B号', box({ type: 'number' }))).toEqual({ ok: false, reason: 'not_a_number' });
  });

  it('the last six digits where the label asks for them, or where the box holds only six of a check code', () => {
    expect(partAsked(label('校验码后六位'))).toEqual({ from: 'last', n: 6 });
    expect(partAsked(label('校验码（后6位）'))).toEqual({ from: 'last', n: 6 });
    expect(partAsked(label('last 4 digits'))).toEqual({ from: 'last', n: 4 });
    expect(partAsked(label('身份证前六位'))).toEqual({ from: 'first', n: 6 });
    expect(shapeValue('AntiFakeCode', '12345678901234567890', box({ descriptors: label('校验码后六位') }))).toEqual({
      ok: true,
      value: '567890',
      note: { kind: 'last', n: 6 },
    });
    expect(shapeValue('AntiFakeCode', '1234 5678 9012 3456 7890', box({ maxLength: 6 }))).toMatchObject({ value: '567890' });
    // any other field is never cut
    expect(shapeValue('PayeeName', '北京示例餐饮有限公司', box({ maxLength: 6 }))).toEqual({ ok: false, reason: 'too_long' });
  });

  it('selects: by option text or value, one inside the other, or the same meaning', () => {
    const options = [
      { value: '', text: '请选择' },
      { value: '01', text: '增值税专用发票' },
      { value: '04', text: '增值税普通发票' },
    ];
    expect(pickOption(options, '04')?.value).toBe('04');
    expect(pickOption([{ value: '2', text: '二等座' }, { value: '1', text: '一等座' }], '二等座')?.value).toBe('2');
    expect(pickOption([{ value: 'a', text: '二等' }, { value: 'b', text: '一等' }], '二等座')?.value).toBe('a');
    expect(pickOption(options, '电子发票（普通发票）')?.value).toBe('04');
    expect(pickOption([...options, { value: '10', text: '电子普通发票' }], '电子发票（普通发票）')?.value).toBe('10');
    expect(pickOption(options, '增值税发票')).toBeUndefined();
    expect(shapeValue('Level', '硬座', box({ tag: 'select', type: '', options: [{ value: '2', text: '二等座' }] }))).toEqual({ ok: false, reason: 'no_option' });
  });
});
