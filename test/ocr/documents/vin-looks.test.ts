import { describe, expect, it } from 'vitest';
import { partialCode, windows } from '../../../src/ocr/documents/vin/candidates';
import type { VinChar } from '../../../src/ocr/documents/vin/check';
import { lengthen, stretchedContrast } from '../../../src/ocr/documents/vin/looks';
import type { Raster } from '../../../src/ocr/image/raster';
import type { OcrLine } from '../../../src/ocr/pipeline';

/*
 * The VIN extractor's other looks (vin/looks.ts) on small made-up rasters: contrast stretched
 * back under glare, quads lengthened along their text; what it says of a code too short; and
 * which 17-character windows of a line's text are candidates at all.
 */

const grey = (width: number, height: number, at: (x: number, y: number) => number): Raster => {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.fill(at(x, y), (y * width + x) * 3, (y * width + x) * 3 + 3);
  return { width, height, data };
};
const at = (r: Raster, x: number, y: number) => r.data[(y * r.width + x) * 3]!;

describe('stretchedContrast', () => {
  it('makes strokes washed out by glare (a few grey levels under the paper) dark again, inside the rectangle only', () => {
    // paper at 245 under glare, a 3 px stroke at 228 every 10 px
    const image = grey(120, 40, (x) => (x % 10 < 3 ? 228 : 245));
    const out = stretchedContrast(image, [{ left: 0, top: 0, width: 60, height: 40 }], 8);
    expect(at(out, 21, 20)).toBeLessThan(60);
    expect(at(out, 26, 20)).toBeGreaterThan(200);
    // outside the rectangle the pixels are as they were
    expect(at(out, 101, 20)).toBe(228);
    expect(image.data[(20 * 120 + 21) * 3]).toBe(228);
  });

  it('leaves plain paper with only noise on it as it is', () => {
    const image = grey(60, 30, (x, y) => 200 + ((x * 7 + y * 13) % 3));
    const out = stretchedContrast(image, [{ left: 0, top: 0, width: 60, height: 30 }], 8);
    for (let x = 5; x < 55; x += 7) expect(Math.abs(at(out, x, 15) - 201)).toBeLessThanOrEqual(2);
  });
});

describe('lengthen', () => {
  it('adds k heights at both ends along the text, also on a tilted line', () => {
    const q = lengthen([{ x: 10, y: 10 }, { x: 110, y: 10 }, { x: 110, y: 30 }, { x: 10, y: 30 }], 1);
    expect(q.map((p) => p.x)).toEqual([-10, 130, 130, -10]);
    const s = Math.SQRT1_2;
    const t = lengthen([{ x: 0, y: 0 }, { x: 100 * s, y: 100 * s }, { x: 100 * s - 10 * s, y: 100 * s + 10 * s }, { x: -10 * s, y: 10 * s }], 2);
    expect(Math.hypot(t[1].x - t[0].x, t[1].y - t[0].y)).toBeCloseTo(140, 5);
  });
});

describe('partialCode', () => {
  const line = (text: string) => ({ text }) as OcrLine;

  it('finds a VIN with characters missing, labels and spaces left out', () => {
    expect(partialCode([line('车辆识别代号'), line('VIN LHGL81XL9575284')])).toBe('LHGL81XL9575284');
    expect(partialCode([line('L S V A U 2 1 8 0 N 2 1 8 3 4')])).toBe('LSVAU2180N21834');
  });

  it('is not fooled by plates, numbers and whole VINs', () => {
    expect(partialCode([line('京A12345'), line('发票号码 044031800104'), line('LSVAU2180N2183456')])).toBeUndefined();
  });
});

describe('windows', () => {
  const read = (text: string): VinChar[] => [...text].map((char) => ({ char, p: 0.99, alternatives: [{ char, p: 0.99 }] }));
  const texts = (text: string) => windows(read(text)).map((w) => w.map((c) => c.char).join(''));

  it('takes a VIN after its label, inside frame marks, spaced, or with one speck read as a dot', () => {
    expect(texts('VIN:1FDUF5GY7FEB56312')).toEqual(['1FDUF5GY7FEB56312']);
    expect(texts('*SAL1A2A40SA606662*')).toEqual(['SAL1A2A40SA606662']);
    expect(texts('L S V A U 2 1 8 0 N 2 1 8 3 4 5 6')).toEqual(['LSVAU2180N2183456']);
    expect(texts('1FDUF5GY7F.EB56312')).toEqual(['1FDUF5GY7FEB56312']);
  });

  it('takes no window across numbers and words the recogniser ran together (a tyre size, a pressure)', () => {
    // a real trailer label's line as read: IMJANTE17.5X6.758-6.5 passed the check digit after
    // one repair (I as 1, 1 as 7); no window ending in four digits, as a VIN does, is left
    const ends = (text: string) => texts(text).filter((w) => /\d{4}$/.test(w));
    expect(ends('TIRE/PNEUST21575R17.5RIMJANTE17.5X6.758-6.5')).toEqual([]);
    expect(ends('COLDINFL.PRESS221KPA.125PSI-LPC.2.8-3.1234')).toEqual([]);
  });
});
