import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import * as det from '../../src/ocr/det/index';
import { chooseDetSide } from '../../src/ocr/det/side';
import { stripLine } from '../../src/ocr/det/strip';
import { decodeImage } from '../../src/ocr/image/decode';
import { recognize } from '../../src/ocr/pipeline';
import { registerChineseFont } from '../support/synth/index';
import { FAMILY } from '../support/synth/fonts';
import { hasFont } from './fixtures';

/*
 * A clean strip's one line is placed by its ink instead of the detector (det/strip.ts): the
 * box must be where DB puts it, the reading the same, and anything not clean (two lines, far
 * apart words, a shaded ground, text touching the edge) must go to the detector.
 */

registerChineseFont();

interface Draw {
  width: number;
  height: number;
  texts: { text: string; x: number; y: number; size: number }[];
  ground?: (ctx: CanvasRenderingContext2D) => void;
}

async function render({ width, height, texts, ground }: Draw) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f7f6f2';
  ctx.fillRect(0, 0, width, height);
  ground?.(ctx as unknown as CanvasRenderingContext2D);
  ctx.fillStyle = '#161616';
  ctx.textBaseline = 'middle';
  for (const t of texts) {
    ctx.font = `${t.size}px ${FAMILY}`;
    ctx.fillText(t.text, t.x, t.y);
  }
  return decodeImage(canvas.toBuffer('image/png'));
}

const line = (text: string, width: number, height: number, size: number) => render({ width, height, texts: [{ text, x: 10, y: height / 2, size }] });

describe.skipIf(!hasFont)('a clean strip read without the detector', () => {
  it('boxes the line where DB does and reads it the same', async () => {
    for (const [text, width, height, size] of [['在中国作家协会第三届儿童文学', 460, 48, 30], ['WBAGUFC29JV267321', 440, 40, 28], ['Hello world, this is a test line.', 520, 22, 14]] as const) {
      const image = await line(text, width, height, size);
      const quad = stripLine(image);
      expect(quad, text).toBeDefined();
      const db = await det.run({ image, side: chooseDetSide(width, height) });
      expect(db.boxes).toHaveLength(1);
      const [a, b] = [quad!, db.boxes[0]!.quad];
      // the same line: corners within a third of its height of DB's
      const tolerance = (b[3].y - b[0].y) / 3;
      for (let i = 0; i < 4; i++) {
        expect(Math.abs(a[i]!.x - b[i]!.x), `${text} corner ${i}`).toBeLessThan(tolerance);
        expect(Math.abs(a[i]!.y - b[i]!.y), `${text} corner ${i}`).toBeLessThan(tolerance);
      }
      const found = await det.run({ image });
      expect(found.mapWidth).toBe(0);
      const { lines } = await recognize(image);
      expect(lines.map((l) => l.text)).toEqual([text]);
    }
  });

  it('leaves two lines, far-apart words, a shaded ground and edge-touching text to the detector', async () => {
    const twoLines = await render({ width: 400, height: 60, texts: [{ text: '第一行文字内容', x: 10, y: 15, size: 18 }, { text: '第二行文字内容', x: 10, y: 42, size: 18 }] });
    const apart = await render({ width: 500, height: 40, texts: [{ text: '姓名', x: 10, y: 20, size: 24 }, { text: '张三丰', x: 200, y: 20, size: 24 }] });
    const shaded = await render({
      width: 460,
      height: 48,
      texts: [{ text: '在中国作家协会', x: 10, y: 24, size: 30 }],
      ground: (ctx) => {
        const g = ctx.createLinearGradient(0, 0, 460, 0);
        g.addColorStop(0, '#ffffff');
        g.addColorStop(1, '#707070');
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, 460, 48);
      },
    });
    const edge = await render({ width: 300, height: 30, texts: [{ text: '发票代码144031900111', x: -6, y: 15, size: 26 }] });
    for (const [name, image] of Object.entries({ twoLines, apart, shaded, edge })) expect(stripLine(image), name).toBeUndefined();
  });
});
