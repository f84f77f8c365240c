import { describe, expect, it } from 'vitest';
import { regionOf } from '../../../../src/ocr/documents/mixed/region';
import { findRegions } from '../../../../src/ocr/documents/mixed/regions';
import { sharperAfresh } from '../../../../src/ocr/documents/mixed/read';
import { type SeenAt, smallPrintAreas } from '../../../../src/ocr/documents/mixed/small-print';
import type { DecodedImage } from '../../../../src/ocr/image/decode';
import { typeRules } from '../../../../src/ocr/documents/mixed/types';
import type { OcrLine } from '../../../../src/ocr/pipeline';
import { canvas, line as placed, WHITE } from './drawn';

/*
 * What 2582-25 reads again. Small print on a large sheet (the whole image detected at 1600 px):
 * the areas of documents whose smaller lines the detector saw under 13 px are detected again,
 * and nothing else is. Lines handed on from the whole image that miss the type's key fields are
 * read again from the region's crop (types.ts keyFields) when it shows the print larger.
 */

/** A level line of text `w` long and `h` high centred at (cx, cy). */
function line(text: string, cx: number, cy: number, w: number, h: number): OcrLine {
  const quad = [{ x: cx - w / 2, y: cy - h / 2 }, { x: cx + w / 2, y: cy - h / 2 }, { x: cx + w / 2, y: cy + h / 2 }, { x: cx - w / 2, y: cy + h / 2 }] as OcrLine['quad'];
  return { text, confidence: 0.9, quad, box: { cx, cy, w, h, angle: 0 }, rect: { left: cx - w / 2, top: cy - h / 2, width: w, height: h } };
}

/** A document's lines: `rows` lines `h` high, one every 2h, from (x, y). */
const documentAt = (x: number, y: number, h: number, rows: number) => Array.from({ length: rows }, (_, k) => line(`第${k}行文字内容`, x + 10 * h, y + 2 * h * k, 20 * h, h));

describe('2582-25 small print detected again', () => {
  // 3200 px wide: the detector sees the sheet at half its size
  const sheet = { width: 3200, height: 2400 };

  it('a document whose lines stand 11 px at the detector is detected again around its text; one whose lines stand 20 px is not', () => {
    const small = regionOf(documentAt(200, 100, 22, 8), sheet, 1.5);
    const large = regionOf(documentAt(1600, 100, 40, 8), sheet, 1.5);
    const areas = smallPrintAreas([small, large], sheet);
    expect(areas).toHaveLength(1);
    const [area] = areas;
    // around the small document, widened by its line heights, within the sheet
    expect(area!.x0).toBeLessThanOrEqual(small.roi.X);
    expect(area!.x1).toBeGreaterThanOrEqual(small.roi.X + small.roi.W);
    expect(area!.y0).toBe(0);
    expect(area!.x1).toBeLessThan(large.roi.X);
    expect(area!.unit).toBe(22);
  });

  it('the pieces of one document (its lines lost between them) are detected again as one area', () => {
    const left = regionOf(documentAt(200, 600, 22, 5), sheet, 1.5);
    const right = regionOf(documentAt(200 + 20 * 22 + 120, 600, 22, 5), sheet, 1.5);
    const areas = smallPrintAreas([left, right], sheet);
    expect(areas).toHaveLength(1);
    expect(areas[0]!.x0).toBeLessThanOrEqual(left.roi.X);
    expect(areas[0]!.x1).toBeGreaterThanOrEqual(right.roi.X + right.roi.W);
  });

  it('a piece of a document boxed loose (its date 30 px high, 17 px as its pitch says) is detected again; a region that is no piece is taken by its boxes', () => {
    const lines = [line('No 54495757', 300, 300, 200, 40), line('开票日期：2017年03月04日', 320, 345, 148, 30)];
    const region = regionOf(lines, sheet, 1.5);
    expect(smallPrintAreas([{ ...region, piece: true }], sheet)).toHaveLength(1);
    expect(smallPrintAreas([region], sheet)).toEqual([]);
  });

  it('a piece is a region of no type and no anchor bearing a type\'s cues: not a document, not a note', () => {
    const image = canvas(2400, 1400, WHITE);
    const receipt = (x: number) => [placed('深圳市出租汽车专用发票', x, 100, 300), placed('发票号码：12345678', x, 140, 260), placed('单价：2.70元', x, 180, 200)];
    const date = [placed('开票日期：2017年03月04日', 1200, 600, 260)];
    const memo = [placed('会议纪要', 1300, 1000, 120), placed('时间：2021年4月16日', 1200, 1040, 360)];
    const regions = findRegions(image, [...receipt(100), ...receipt(1800), ...date, ...memo]);
    const of = (text: string) => regions.find((r) => r.lines.some((l) => l.text === text))!;
    expect(of('开票日期：2017年03月04日').piece).toBe(true);
    expect(of('会议纪要').piece).toBeUndefined();
    expect(of('发票号码：12345678').piece).toBeUndefined();
  });

  it('nothing on an image the detector sees at its own size', () => {
    const image = { width: 1500, height: 1000 };
    expect(smallPrintAreas([regionOf(documentAt(100, 100, 12, 8), image, 1.5)], image)).toEqual([]);
  });
});

describe('2582-25 key fields of lines handed on', () => {
  const rule = (type: string) => typeRules.find((r) => r.type === type)!.keyFields!;

  it('a train ticket needs a train number and stations of two characters or more', () => {
    const ticket = { Number: 'G1418', DepartureStation: '安顺', Destination: '贵阳', Price: 15.5 };
    expect(rule('train_ticket')(ticket, {})).toBe(true);
    expect(rule('train_ticket')({ ...ticket, Number: '3516' }, {})).toBe(true);
    expect(rule('train_ticket')({ ...ticket, Number: '' }, {})).toBe(false);
    expect(rule('train_ticket')({ ...ticket, DepartureStation: '顺' }, {})).toBe(false);
  });

  it('the crop is read again only when its detector sees the print much larger than the lines handed on were seen', () => {
    // 3200 px wide: the whole image is detected at half its size, a region of 22 px print cropped at 32/22 of it
    const sheet = { width: 3200, height: 2400 } as DecodedImage;
    const region = regionOf(documentAt(200, 100, 22, 8), sheet, 1.5);
    const seen = (scale: number): SeenAt => new Map(region.lines.map((l) => [l, scale]));
    expect(sharperAfresh(sheet, region)).toBe(true);
    expect(sharperAfresh(sheet, region, seen(0.5))).toBe(true);
    // its area detected again at 1.3 of the image's scale: the crop would show it no sharper
    expect(sharperAfresh(sheet, region, seen(1.3))).toBe(false);
  });

  it('invoices need their number and amount; a licence its number, on its face only', () => {
    expect(rule('vat_invoice')({ Content: { InvoiceNo: '33207675', InvoiceAmount: '52.70' } }, {})).toBe(true);
    expect(rule('vat_invoice')({ Content: { InvoiceNo: '33207675', InvoiceAmount: '' } }, {})).toBe(false);
    // issue 18: figures that do not add up were misread in small print: the crop is read again
    const figures = (WithoutTaxAmount: string, TaxAmount: string, InvoiceAmount: string) => ({ Content: { InvoiceNo: '69962149', WithoutTaxAmount, TaxAmount, InvoiceAmount } });
    expect(rule('vat_invoice')(figures('6472.69', '194.18', '6666.87'), {})).toBe(true);
    expect(rule('vat_invoice')(figures('6472.59', '194.18', '6665.87'), {})).toBe(false);
    expect(rule('vat_invoice')(figures('', '194.18', '6665.87'), {})).toBe(true);
    // a number of a length its kind never prints was misread (a broken line's pieces joined wrong:
    // 9 digits, bench seeds 5 and 8): its row is read again
    const numbered = (InvoiceNo: string, InvoiceCode = '') => ({ Content: { InvoiceNo, InvoiceCode, InvoiceAmount: '52.70' } });
    expect(rule('vat_invoice')(numbered('33207675', '033002100611'), {})).toBe(true);
    expect(rule('vat_invoice')(numbered('332076751', '033002100611'), {})).toBe(false);
    expect(rule('vat_invoice')(numbered('25332000000041767458'), {})).toBe(true);
    expect(rule('vat_invoice')(numbered('25332000000041767458', '033002100611'), {})).toBe(false);
    expect(rule('vat_invoice')(numbered('2533200000004176745'), {})).toBe(false);
    const taxi = (no: string) => ({ Invoices: [{ Items: [{ Key: 'InvoiceNo', Text: no }, { Key: 'Amount', Text: '38.00' }] }] });
    expect(rule('taxi_invoice')(taxi('21095475'), {})).toBe(true);
    expect(rule('taxi_invoice')(taxi(''), {})).toBe(false);
    expect(rule('driver_license')({ FaceResult: { LicenseNumber: '' } }, { side: 'face' })).toBe(false);
    expect(rule('driver_license')({ FaceResult: { LicenseNumber: '' } }, { side: 'back' })).toBe(true);
  });
});
