import { describe, expect, it } from 'vitest';
import { insideQuad, orderCorners, rotateCorners, type Quad } from '../../src/ocr/geometry/quad';
import { convexHull, minAreaRect, rectCorners } from '../../src/ocr/geometry/rect';
import { warpQuad } from '../../src/ocr/geometry/warp';
import { createRaster } from '../../src/ocr/image/raster';
import { readingOrder } from '../../src/ocr/order';
import { editDistance, normaliseText } from '../../src/ocr/text';

describe('geometry', () => {
  it('finds the minimum-area rectangle of a turned rectangle', () => {
    const angle = (25 * Math.PI) / 180;
    const corners = rectCorners({ cx: 50, cy: 40, w: 60, h: 12, ux: Math.cos(angle), uy: Math.sin(angle) });
    const inner = corners.map((p) => ({ x: (p.x + 50) / 2, y: (p.y + 40) / 2 }));
    const rect = minAreaRect(convexHull([...corners, ...inner]));
    expect(Math.max(rect.w, rect.h)).toBeCloseTo(60, 6);
    expect(Math.min(rect.w, rect.h)).toBeCloseTo(12, 6);
    expect([rect.cx, rect.cy]).toEqual([expect.closeTo(50, 6), expect.closeTo(40, 6)]);
  });

  it('orders corners TL, TR, BR, BL and tests insideness', () => {
    const q = orderCorners([{ x: 10, y: 10 }, { x: 0, y: 10 }, { x: 10, y: 0 }, { x: 0, y: 0 }]);
    expect(q).toEqual([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }]);
    expect(insideQuad(q, { x: 5, y: 5 })).toBe(true);
    expect(insideQuad(q, { x: 11, y: 5 })).toBe(false);
    expect(rotateCorners(q, 2)[0]).toEqual({ x: 10, y: 10 });
  });

  it('warps a quad back to an upright crop', () => {
    const src = createRaster(8, 4);
    src.data.fill(255);
    src.data.set([0, 0, 0], (1 * 8 + 2) * 3); // dark pixel at x=2, y=1
    const whole: Quad = [{ x: 0, y: 0 }, { x: 8, y: 0 }, { x: 8, y: 4 }, { x: 0, y: 4 }];
    expect(warpQuad(src, whole, 8, 4, 8, 4).data).toEqual(src.data);
    // read from the bottom-right corner: the page turned half a turn
    const turned = warpQuad(src, rotateCorners(whole, 2), 8, 4, 8, 4);
    expect(Array.from(turned.data.subarray((2 * 8 + 5) * 3, (2 * 8 + 5) * 3 + 3))).toEqual([0, 0, 0]);
  });
});

describe('text and order', () => {
  it('maps full-width digits and letters to ASCII and keeps Chinese punctuation', () => {
    expect(normaliseText(' 金额：１２３．５０元，ＡＢｃ（含税）')).toBe('金额：123．50元，ABc（含税）');
  });

  it('counts edits between labels by characters, a character outside the BMP as one', () => {
    expect(editDistance('实收金额', '实收金额')).toBe(0);
    expect(editDistance('燃油附加费', '燃油付加')).toBe(2);
    expect(editDistance('𠀋金额', '金额')).toBe(1);
    expect(editDistance('', '乘车日期')).toBe(4);
  });

  it('orders lines top to bottom and left to right within a band', () => {
    const line = (x: number, y: number, angle = 0) => ({ centre: { x, y }, height: 20, width: 150, angle });
    const lines = [line(300, 52), line(100, 100), line(100, 50), line(300, 98)];
    expect(readingOrder(lines, (l) => l)).toEqual([lines[2], lines[0], lines[1], lines[3]]);
    // the same page turned a quarter clockwise: text runs downwards, first line on the right
    const turned = lines.map((l) => line(1000 - l.centre.y, l.centre.x, 90));
    expect(readingOrder(turned, (l) => l)).toEqual([turned[2], turned[0], turned[1], turned[3]]);
  });

  it('keeps the segments of one line together on a skewed page', () => {
    // two lines 40 px apart, each with two segments 400 px apart, page turned 8° anticlockwise
    const t = (-8 * Math.PI) / 180;
    const at = (x: number, y: number) => ({ centre: { x: x * Math.cos(t) - y * Math.sin(t), y: x * Math.sin(t) + y * Math.cos(t) }, height: 20, width: 150, angle: -8 });
    const lines = [at(100, 100), at(500, 100), at(100, 140), at(500, 140)];
    expect(readingOrder([...lines].reverse(), (l) => l)).toEqual(lines);
  });
});
