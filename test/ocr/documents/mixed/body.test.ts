import { describe, expect, it } from 'vitest';
import { type Bodies, findBodies, headsAlone } from '../../../../src/ocr/documents/mixed/body';
import { regionOf } from '../../../../src/ocr/documents/mixed/region';
import type { Box } from '../../../../src/ocr/documents/mixed/small-print';
import type { DecodedImage } from '../../../../src/ocr/image/decode';
import type { OcrLine } from '../../../../src/ocr/pipeline';
import { canvas, DESK, fill, invoiceFoot, invoiceHead, line, note, WHITE } from './drawn';

/*
 * issue 18: a document the whole image's detector kept only the head of (a VAT invoice turned a
 * quarter on a cluttered sheet, its title alone found: bench seed 18). Its area is detected again
 * and grouped on its own; the rest of the sheet keeps its regions. Drawn papers and placed lines
 * (no models): the area's detection is a stand-in returning the lines drawn in it.
 */

/** A taxi receipt's lines from (x, y), 20 px high, one every 40 px. */
const receipt = (x: number, y: number) =>
  ['深圳市出租汽车专用发票', '发票代码：144031929458', '发票号码：70247400', '车号：BHR3713', '单价：2.70元', '里程：19.90KM', '金额：￥73.00元'].map((t, k) => line(t, x, y + 40 * k, 250));

/** The sheet: an invoice's paper on the desk, a taxi receipt lying over its lower right corner (white on white). */
function sheet() {
  const image = canvas(1800, 1200, DESK);
  fill(image, { x: 200, y: 180, w: 900, h: 560 }, WHITE);
  fill(image, { x: 850, y: 400, w: 300, h: 300 }, WHITE);
  // the invoice as printed: its head, empty item rows, its totals and seller's box
  const invoice = [...invoiceHead(250, 230), ...invoiceFoot(250, 560)];
  const taxi = receipt(870, 420);
  // a note of its own lying on the invoice's empty item rows, two line heights below its buyer's box
  const memo = note(300, 440);
  return { image: { ...image, format: 'jpeg' } as DecodedImage, invoice, taxi, memo };
}

/** Copies of the drawn lines lying whole in the box, as its detection would return them. */
const detector = (drawn: OcrLine[], asked: Box[]) => async (_image: DecodedImage, box: Box) => {
  asked.push(box);
  const inBox = drawn.filter((l) => l.rect.left >= box.x0 && l.rect.top >= box.y0 && l.rect.left + l.rect.width <= box.x1 && l.rect.top + l.rect.height <= box.y1);
  return { lines: inBox.map((l) => ({ ...l })), scale: 1 };
};

describe('2582-25 a document found by its head alone', () => {
  it('a region typed from one line (a VAT invoice\'s title) is a head alone; a whole invoice, a receipt and a note of one line are not', () => {
    const { image, invoice, taxi } = sheet();
    const title = regionOf([invoice[0]!], image, 1.5);
    const heads = headsAlone([title, regionOf(invoice, image, 1.5), regionOf(taxi, image, 1.5), regionOf([note(200, 900)[1]!], image, 1.5)], image);
    expect(heads.map((h) => [h.k, h.type])).toEqual([[0, 'vat_invoice']]);
    // the area where the invoice must lie: along its title both ways, and down from it
    const { area } = heads[0]!;
    expect(area.x0).toBeLessThanOrEqual(250);
    expect(area.x1).toBeGreaterThanOrEqual(1050);
    expect(area.y0).toBeLessThan(220);
    expect(area.y1).toBeGreaterThanOrEqual(700);
  });

  it('its area detected again: the group holding the title is the invoice\'s region; the lines of the regions in it (a receipt, a note) found again are left out, their regions kept', async () => {
    const { image, invoice, taxi, memo } = sheet();
    const title = invoice[0]!;
    const regions = [regionOf([title], image, 1.5), regionOf(taxi, image, 1.5), regionOf(memo, image, 1.5)];
    const lines = [title, ...taxi, ...memo];
    const before: Bodies = { lines, seenAt: new Map(lines.map((l) => [l, 0.5])), regions };
    const asked: Box[] = [];
    const after = await findBodies(image, before, detector([...invoice, ...taxi, ...memo], asked));
    // the estimated area, then the invoice's own once placed
    expect(asked).toHaveLength(2);
    expect(after.regions).toHaveLength(3);
    const found = after.regions.find((r) => r.lines.some((l) => l.text === '浙江增值税电子普通发票'))!;
    // grouped with the invoice on its paper, the note's lines found again would have joined it
    expect(found.lines.map((l) => l.text).sort()).toEqual(invoice.map((l) => l.text).sort());
    expect(after.regions).toContain(regions[1]);
    expect(after.regions).toContain(regions[2]);
    // the sheet's lines: the title found again in place of the old one, the others' as they were
    expect(after.lines).toHaveLength(invoice.length + taxi.length + memo.length);
    expect(after.lines).not.toContain(title);
    for (const l of [...taxi, ...memo]) expect(after.lines).toContain(l);
    expect(after.seenAt.get(found.lines[0]!)).toBe(1);
  });

  it('nothing is detected again, and the sheet is returned as it was, when no region is a head alone', async () => {
    const { image, invoice, taxi } = sheet();
    const lines = [...invoice, ...taxi];
    const before: Bodies = { lines, seenAt: new Map(), regions: [regionOf(invoice, image, 1.5), regionOf(taxi, image, 1.5)] };
    const asked: Box[] = [];
    expect(await findBodies(image, before, detector(lines, asked))).toBe(before);
    expect(asked).toEqual([]);
  });

  it('a head whose area holds nothing more of its type keeps its region', async () => {
    const { image, invoice, taxi } = sheet();
    const title = invoice[0]!;
    const before: Bodies = { lines: [title, ...taxi], seenAt: new Map(), regions: [regionOf([title], image, 1.5), regionOf(taxi, image, 1.5)] };
    expect(await findBodies(image, before, detector([title, ...taxi], []))).toBe(before);
  });
});
