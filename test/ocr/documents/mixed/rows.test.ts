import { createCanvas, loadImage } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readRegion, sharperAfresh } from '../../../../src/ocr/documents/mixed/read';
import { regionOf, seenWell } from '../../../../src/ocr/documents/mixed/region';
import { detectorScale } from '../../../../src/ocr/documents/mixed/small-print';
import { keyRowBands } from '../../../../src/ocr/documents/mixed/rows';
import { typeRules } from '../../../../src/ocr/documents/mixed/types';
import { type DecodedImage, decodeImage } from '../../../../src/ocr/image/decode';
import type { OcrLine } from '../../../../src/ocr/pipeline';
import * as pipeline from '../../../../src/ocr/pipeline';
import { renderVatInvoice, type VatCase } from '../../../support/synth/documents/vat-invoice';
import { hasFont } from '../../fixtures';
import { line } from './drawn';

/*
 * A region whose lines handed on miss a key field has only the rows printing its key fields
 * read again (mixed/rows.ts, types.ts keyRows), not its whole crop; and the whole crop when a
 * key field's row is not among its lines.
 */

/** Every image the pipeline detected (not one read from lines handed on): its size. */
const detected: { width: number; height: number }[] = [];
vi.mock('../../../../src/ocr/pipeline', async (original) => {
  const actual = await original<typeof pipeline>();
  return {
    ...actual,
    recognize: async (...args: Parameters<typeof actual.recognize>) => {
      const read = await actual.recognize(...args);
      if (read.timings.det > 0) detected.push({ width: read.width, height: read.height });
      return read;
    },
  };
});

/** The key rows of a document of which nothing was read (every key field missing), or of what `data` holds. */
const vatRows = (data: unknown = {}) => typeRules.find((r) => r.type === 'vat_invoice')!.keyRows!(data);
const taxiRows = (data: unknown = {}) => typeRules.find((r) => r.type === 'taxi_invoice')!.keyRows!(data);
const taxiRead = (items: Record<string, string>) => ({ Invoices: [{ Items: Object.entries(items).map(([Key, Text]) => ({ Key, Text })) }] });

describe('2582-25 the rows of key fields', () => {
  /** A VAT invoice's rows, 20 px lines 40 px apart, turned by `deg` degrees (a sheet pasted askew). */
  const invoice = (deg = 0) => {
    const t = (deg * Math.PI) / 180;
    const at = (text: string, x: number, y: number, w: number): OcrLine => {
      const l = line(text, x, y, w);
      const turn = (p: { x: number; y: number }) => ({ x: p.x * Math.cos(t) - p.y * Math.sin(t), y: p.x * Math.sin(t) + p.y * Math.cos(t) });
      const quad = l.quad.map(turn) as OcrLine['quad'];
      const c = turn({ x: l.box.cx, y: l.box.cy });
      return { ...l, quad, box: { ...l.box, cx: c.x, cy: c.y, angle: deg } };
    };
    return [
      at('浙江增值税电子普通发票', 250, 40, 300),
      at('发票号码：', 540, 80, 100),
      at('12345678', 660, 80, 100),
      at('开票日期：2023年05月08日', 540, 120, 260),
      at('购买方名称：某某科技有限公司', 20, 160, 400),
      at('*办公用品*打印纸', 20, 200, 200),
      at('合计', 20, 240, 60),
      at('￥46.64', 500, 240, 80),
      at('￥6.06', 700, 240, 70),
      at('价税合计（大写）', 20, 280, 200),
      at('（小写）￥52.70', 600, 280, 160),
      at('名称：杭州某某贸易有限公司', 20, 320, 360),
    ];
  };
  const texts = (lines: OcrLine[], bands: { v0: number; v1: number }[]) =>
    lines.filter((l) => bands.some((b) => l.box.cy >= b.v0 && l.box.cy <= b.v1)).map((l) => l.text);

  it('a VAT invoice: the row of its number and the rows of its figures, nothing between', () => {
    const lines = invoice();
    const bands = keyRowBands(lines, vatRows())!;
    expect(texts(lines, bands).sort()).toEqual(['12345678', '发票号码：', '合计', '价税合计（大写）', '（小写）￥52.70', '￥46.64', '￥6.06'].sort());
  });

  it('a number of a length its kind never prints names its row, as a missing one does', () => {
    const lines = invoice();
    const read = (InvoiceNo: string) => ({ Content: { InvoiceNo, InvoiceCode: '033002100611', WithoutTaxAmount: '46.64', TaxAmount: '6.06', InvoiceAmount: '52.70' } });
    expect(vatRows(read('12345678'))).toEqual([]);
    expect(texts(lines, keyRowBands(lines, vatRows(read('123456789')))!).sort()).toEqual(['12345678', '发票号码：'].sort());
    // its label misread in small print (票 read 宗, bench seed 10), the number read short: its row still
    const misread = lines.map((l) => (l.text === '发票号码：' ? { ...l, text: '发宗号码：' } : l.text === '12345678' ? { ...l, text: '1234567' } : l));
    expect(texts(misread, keyRowBands(misread, vatRows(read('')))!).sort()).toEqual(['1234567', '发宗号码：'].sort());
    // the code's label names no row: read again beside a broken number (bench seed 5) it came back a digit wrong
    const [numberRow] = vatRows(read('644320946'));
    expect(['发票号码：6', '发票码：', '发票时码：', 'No 64432094'].map((l) => numberRow!.test(l))).toEqual([true, true, true, true]);
    expect(numberRow!.test('发票代码：044032309111')).toBe(false);
    // its 码 lost in 7 px print, the code's label misread too (发票代号: bench seed 35): the number's row, not the code's
    expect(numberRow!.test('发票号')).toBe(true);
    expect(numberRow!.test('发票代号：033001700111')).toBe(false);
  });

  it('rows printed askew are followed along their text', () => {
    const lines = invoice(2.5);
    const bands = keyRowBands(lines, vatRows())!;
    const v = (l: OcrLine) => -l.box.cx * Math.sin((2.5 * Math.PI) / 180) + l.box.cy * Math.cos((2.5 * Math.PI) / 180);
    const inside = lines.filter((l) => bands.some((b) => v(l) >= b.v0 && v(l) <= b.v1)).map((l) => l.text);
    expect(inside).toContain('12345678');
    expect(inside).toContain('￥6.06');
    expect(inside).not.toContain('开票日期：2023年05月08日');
    expect(inside).not.toContain('名称：杭州某某贸易有限公司');
  });

  it('a VAT invoice whose number was read but whose figures do not add up: the rows of its figures only', () => {
    const lines = invoice();
    const bands = keyRowBands(lines, vatRows({ Content: { InvoiceNo: '12345678', WithoutTaxAmount: '46.64', TaxAmount: '6.06', InvoiceAmount: '52.80' } }))!;
    expect(texts(lines, bands).sort()).toEqual(['合计', '价税合计（大写）', '（小写）￥52.70', '￥46.64', '￥6.06'].sort());
  });

  it('no number label among the lines: the place of the number is unknown', () => {
    expect(keyRowBands(invoice().filter((l) => !l.text.startsWith('发票号码')), vatRows())).toBeUndefined();
  });

  /**
   * A taxi receipt whose meter printed its values a row below their pre-printed labels (as a
   * Shenzhen receipt's often are), 20 px lines 40 px apart; the amount's value was misread.
   */
  const receipt = () => [
    line('深圳市出租汽车专用发票', 40, 40, 300),
    line('发票代码144032270119', 40, 100, 260),
    line('发票号码13284038', 40, 140, 220),
    line('车号：', 20, 220, 60),
    line('证号：', 20, 260, 60),
    line('BOP2291', 200, 260, 100),
    line('单价：', 20, 300, 60),
    line('里程：', 20, 340, 60),
    line('2.70元', 200, 340, 80),
    line('金额：', 20, 380, 60),
    line('10.56KM', 200, 380, 100),
    line('另收附加费：', 20, 420, 120),
    line('￥健小50元', 200, 420, 110),
    line('卡号：', 20, 460, 60),
    line('年0.00元', 200, 460, 90),
  ];

  it('a taxi receipt: the row of its number, its amount\'s label and its ¥ figure a row below, nothing else', () => {
    const lines = receipt();
    const bands = keyRowBands(lines, taxiRows())!;
    expect(texts(lines, bands).sort()).toEqual(['发票号码13284038', '金额：', '10.56KM', '另收附加费：', '￥健小50元'].sort());
  });

  it('a taxi receipt whose number\'s row was not read: its place is unknown', () => {
    expect(keyRowBands(receipt().filter((l) => !l.text.startsWith('发票号码')), taxiRows())).toBeUndefined();
  });

  it('a taxi receipt whose number was read, its row lost, and its amount\'s label cut to 金: the amount\'s rows only', () => {
    // the extractor read the number below 发票代码 (invoice.ts); the detector kept 金 of 金额
    const lines = receipt().flatMap((l) => (l.text.startsWith('发票号码') ? [] : l.text === '金额：' ? [{ ...l, text: '金' }] : [l]));
    const bands = keyRowBands(lines, taxiRows(taxiRead({ InvoiceCode: '144032270119', InvoiceNo: '13284038' })))!;
    expect(texts(lines, bands).sort()).toEqual(['金', '10.56KM', '另收附加费：', '￥健小50元'].sort());
  });

  it('a document of which every key field was read names no rows', () => {
    expect(taxiRows(taxiRead({ InvoiceNo: '13284038', Amount: '40.50' }))).toEqual([]);
    expect(keyRowBands(receipt(), [])).toBeUndefined();
  });
});

describe.skipIf(!hasFont)('2582-25 a region missing its number', () => {
  // the invoice pasted small on a large sheet: its lines, read at the invoice's own scale, are those a sheet's detector handed on
  const SHEET = { width: 2600, height: 2000 };
  const AT = { x: 300, y: 200 };
  let vat: VatCase;
  let sheet: DecodedImage;
  let lines: OcrLine[];

  beforeAll(async () => {
    vat = await renderVatInvoice(1801, 'normal', 'clean');
    const paper = await loadImage(Buffer.from(vat.bytes));
    const width = 1100, height = Math.round((paper.height * width) / paper.width);
    const alone = createCanvas(width, height);
    alone.getContext('2d').drawImage(paper, 0, 0, width, height);
    const canvas = createCanvas(SHEET.width, SHEET.height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, SHEET.width, SHEET.height);
    ctx.drawImage(alone, AT.x, AT.y);
    sheet = await decodeImage(new Uint8Array(await canvas.encode('png')));
    const read = await pipeline.recognize(await decodeImage(new Uint8Array(await alone.encode('png'))), { minConfidence: 0 });
    const shift = (p: { x: number; y: number }) => ({ x: p.x + AT.x, y: p.y + AT.y });
    lines = read.lines.map((l) => pipeline.describeLine(l.quad.map(shift) as OcrLine['quad'], l, SHEET));
  }, 120_000);

  const regionOfLines = (kept: OcrLine[]) => regionOf(kept, SHEET, 1.5);
  const number = () => vat.expected.InvoiceNo!;

  it('has only its key rows read again, and gets its number', async () => {
    // the sheet's reading lost the number's digits beside its label (No), and the number printed again
    const kept = lines.flatMap((l) => (!l.text.includes(number()) ? [l] : /^No/.test(l.text) ? [{ ...l, text: 'No' }] : []));
    expect(kept.length).toBeLessThan(lines.length);
    const region = regionOfLines(kept);
    // seen well enough to be handed on, and the crop would show it sharper: the case read again
    expect(seenWell(region, () => detectorScale(sheet))).toBe(true);
    expect(sharperAfresh(sheet, region)).toBe(true);
    detected.length = 0;
    const read = await readRegion(sheet, region, kept);
    expect(read.document.Type).toBe('vat_invoice');
    expect((read.document.Data as { Content: { InvoiceNo: string } }).Content.InvoiceNo).toBe(number());
    // the number's row and the figures' rows, each a strip of a few lines of the crop's height
    expect(detected.length).toBeGreaterThan(0);
    expect(detected.length).toBeLessThanOrEqual(3);
    for (const strip of detected) expect(strip.height).toBeLessThan(strip.width / 6);
  }, 120_000);

  it('has its key rows read again when its print was seen as large as its crop would show it', async () => {
    // the detector broke the number's line and the pieces were joined to 9 digits (发票号码：6 apart
    // from 64432094, bench seed 5), its area detected again at the scale its crop would be read at
    const kept = lines.map((l) => (l.text.includes(number()) ? { ...l, text: l.text.replace(number(), `${number()}6`) } : l));
    const region = regionOfLines(kept);
    const seenAt = new Map(kept.map((l) => [l, 4]));
    expect(sharperAfresh(sheet, region, seenAt)).toBe(false);
    detected.length = 0;
    const read = await readRegion(sheet, region, kept, seenAt);
    expect((read.document.Data as { Content: { InvoiceNo: string } }).Content.InvoiceNo).toBe(number());
    expect(detected.length).toBeGreaterThan(0);
    for (const strip of detected) expect(strip.height).toBeLessThan(strip.width / 6);
  }, 120_000);

  it('has its whole crop read again when its key rows read again did not give the field', async () => {
    // the whole image lost the total's row (价税合计 and its （小写）¥): the 合计 row's ¥ figures are named, read again, and give no total
    const kept = lines.filter((l) => !/价税合计|小写|大写/.test(l.text.replace(/\s+/g, '')) && !l.text.includes(vat.expected.InvoiceAmount!));
    expect(kept.some((l) => /^[¥￥]\d/.test(l.text))).toBe(true);
    const region = regionOfLines(kept);
    detected.length = 0;
    const read = await readRegion(sheet, region, kept);
    expect((read.document.Data as { Content: { InvoiceAmount: string } }).Content.InvoiceAmount).toBe(vat.expected.InvoiceAmount);
    // the ¥ rows' strips, then the whole crop
    expect(detected.length).toBeGreaterThanOrEqual(2);
    expect(detected.at(-1)!.height).toBeGreaterThan(detected.at(-1)!.width / 3);
  }, 120_000);

  it('has its whole crop read again when the number\'s label is lost as well', async () => {
    const kept = lines.filter((l) => !l.text.includes(number()));
    const region = regionOfLines(kept);
    detected.length = 0;
    const read = await readRegion(sheet, region, kept);
    expect(read.document.Type).toBe('vat_invoice');
    expect(detected).toHaveLength(1);
    expect(detected[0]!.height).toBeGreaterThan(detected[0]!.width / 3);
  }, 120_000);
});
