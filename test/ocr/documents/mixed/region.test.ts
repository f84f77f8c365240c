import { describe, expect, it } from 'vitest';
import { cropRegion, enlargement, linesInCrop, printHeight, regionOf } from '../../../../src/ocr/documents/mixed/region';
import type { DecodedImage } from '../../../../src/ocr/image/decode';
import { createRaster } from '../../../../src/ocr/image/raster';
import { type OcrLine, recognize, withLinesRead } from '../../../../src/ocr/pipeline';

/*
 * A region's lines handed to its extractor (2582-25 reads a sheet once): the whole image's lines
 * in the pixels of the region's upright crop, and recognize() giving them back for that crop
 * instead of reading it again, as far as the reading asks nothing they lack.
 */

/** A line of text `w` long and `h` high centred at (cx, cy), running `angle` degrees clockwise. */
function line(text: string, cx: number, cy: number, w: number, h: number, angle: number, confidence = 0.9): OcrLine {
  const rad = (angle * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
  const at = (u: number, v: number) => ({ x: cx + u * cos - v * sin, y: cy + u * sin + v * cos });
  const quad = [at(-w / 2, -h / 2), at(w / 2, -h / 2), at(w / 2, h / 2), at(-w / 2, h / 2)] as OcrLine['quad'];
  return { text, confidence, quad, box: { cx, cy, w, h, angle }, rect: { left: 0, top: 0, width: 0, height: 0 } };
}

describe('2582-25 lines handed to a region\'s extractor', () => {
  it('a receipt turned a quarter: its lines come level in the crop, in the same places relative to each other', () => {
    // text running down the page (90°): the first line right of the second
    const lines = [line('深圳市出租汽车专用发票', 600, 400, 400, 40, 90), line('发票号码21095475', 520, 400, 300, 30, 90)];
    const region = regionOf(lines, { width: 1000, height: 1000 }, 1.5);
    const inCrop = linesInCrop(region, [...lines, line('far away', 100, 100, 100, 20, 0)]);
    expect(inCrop.map((l) => l.text)).toEqual(['深圳市出租汽车专用发票', '发票号码21095475']);
    for (const l of inCrop) {
      expect(Math.abs(l.box.angle)).toBeLessThan(1);
      expect(l.box.cx).toBeGreaterThan(0);
      expect(l.box.cx).toBeLessThan(region.width);
      expect(l.box.cy).toBeGreaterThan(0);
      expect(l.box.cy).toBeLessThan(region.height);
    }
    // the title above the number, 80 px apart as on the page, both centred alike
    expect(inCrop[1]!.box.cy - inCrop[0]!.box.cy).toBeCloseTo(80, 0);
    expect(inCrop[0]!.box.cx).toBeCloseTo(inCrop[1]!.box.cx, 0);
    expect(inCrop[0]!.box.w).toBeCloseTo(400, 0);
  });

  it('recognize() gives a crop its handed lines (with its confidence floor), and reads afresh when asked for what they lack', async () => {
    const image: DecodedImage = { ...createRaster(200, 100), format: 'png' };
    image.data.fill(255);
    const region = regionOf([line('ABC', 100, 50, 60, 20, 0)], image, 1);
    const crop = await cropRegion(image, region);
    withLinesRead(crop, [line('sure', 30, 20, 40, 16, 0, 0.9), line('unsure', 30, 40, 40, 16, 0, 0.3)]);
    expect((await recognize(crop)).lines.map((l) => l.text)).toEqual(['sure']);
    expect((await recognize(crop, { minConfidence: 0 })).lines.map((l) => l.text)).toEqual(['sure', 'unsure']);
    // a blank crop read by the models has no lines: the handed ones are not used for a reading with its own detector size
    expect((await recognize(crop, { detSide: 320 })).lines).toEqual([]);
  }, 120_000);

  it('small print read again from its crop is enlarged to 32 px lines, at most twice; large print is not', async () => {
    const image: DecodedImage = { ...createRaster(1000, 1000), format: 'png' };
    const small = regionOf([line('价税合计', 300, 300, 300, 16, 0), line('销售方', 300, 340, 300, 16, 0)], image, 1.5);
    expect(enlargement(small)).toBe(2);
    const crop = await cropRegion(image, small, enlargement(small));
    expect(crop.width).toBe(2 * Math.round(small.width));
    const mid = regionOf([line('价税合计', 300, 300, 300, 24, 0)], image, 1.5);
    expect(enlargement(mid)).toBeCloseTo(32 / 24, 5);
    expect(enlargement(regionOf([line('出租汽车', 300, 300, 300, 40, 0)], image, 1.5))).toBe(1);
  });
  it('issue 18: print boxed loose by a sheet\'s shrunk detector is enlarged by its character pitch, not by its boxes\' height', () => {
    const image: DecodedImage = { ...createRaster(1000, 1000), format: 'png' };
    // 9.4 characters' width (four CJK, a full-width colon, eight digits at 0.55) in 124 px: a pitch of 13.2 px, in boxes 29 px high
    const loose = regionOf([line('发票号码：60704742', 300, 300, 124, 29, 0), line('开票日期：2021年08月04日', 300, 340, 12.4 * (124 / 9.4), 29, 0), line('校验码', 300, 380, 60, 29, 0)], image, 1.5);
    expect(printHeight(loose)).toBeCloseTo(1.4 * (124 / 9.4), 1);
    expect(enlargement(loose)).toBeCloseTo(32 / (1.4 * (124 / 9.4)), 2);
    // boxes as tight as the pitch says keep their height; lines too short to tell leave it too
    expect(printHeight(regionOf([line('发票号码：60704742', 300, 300, 124, 17, 0)], image, 1.5))).toBe(17);
    expect(printHeight(regionOf([line('校验码', 300, 300, 30, 29, 0)], image, 1.5))).toBe(29);
  });
});
