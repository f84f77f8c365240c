import { describe, expect, it } from 'vitest';
import { findRegions } from '../../../../src/ocr/documents/mixed/regions';
import { canvas, DESK, fill, invoiceHead, line, type Rgb, texts, WHITE } from './drawn';

/*
 * Lines linked into documents (mixed/linkage.ts) on drawn papers and placed lines (no models):
 * two groups each told by its own print stay two documents where colour and gaps cannot part them.
 */
describe('2582-25 linkage: two documents each told by its own print', () => {
  // a pink ticket and a warm white invoice under a sheet's light: 28 apart, within PAPER_DIFFERENCE (bench seed 3)
  const PINK: Rgb = [240, 208, 214], WARM: Rgb = [243, 233, 227];
  const ticket = [
    line('G1418', 120, 90, 140, 40),
    line('西安北站', 120, 150, 180, 40),
    // the ticket's other rows end farther from the invoice than the reach
    line('限乘当日当次车', 120, 210, 120, 40),
    line('05车07A号', 120, 270, 120, 40),
    line('二等座', 120, 330, 100, 40),
  ];

  it('a VAT invoice touching a pink train ticket, its papers about one colour, stays apart: each holds its anchor and is certain of its type', () => {
    const image = canvas(1300, 480, DESK);
    fill(image, { x: 80, y: 40, w: 260, h: 340 }, PINK);
    fill(image, { x: 340, y: 40, w: 880, h: 380 }, WARM);
    // the invoice's code (20 px print) 70 px right of the station's row and 15 px below it: within the link reach along a row (87.5 px)
    const vat = invoiceHead(370, 155);
    expect(texts(findRegions(image, [...ticket, ...vat]))).toEqual(expect.arrayContaining([ticket.map((l) => l.text).sort(), vat.map((l) => l.text).sort()]));
  });

  it('a taxi receipt\'s plate joins it: a plate is printed on other documents, no paper of its own', () => {
    const image = canvas(700, 400, WHITE);
    const receipt = [
      line('深圳市出租汽车专用发票', 100, 100, 300),
      line('发票号码：12345678', 100, 140, 260),
      line('车号：', 100, 180, 60),
      line('粤B12345', 180, 180, 120),
      line('上车：08:15下车：08:42', 100, 220, 300),
    ];
    expect(texts(findRegions(image, receipt))).toEqual([receipt.map((l) => l.text).sort()]);
  });
});
