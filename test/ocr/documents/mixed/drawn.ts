import type { findRegions } from '../../../../src/ocr/documents/mixed/regions';
import { createRaster, type Raster } from '../../../../src/ocr/image/raster';
import type { OcrLine } from '../../../../src/ocr/pipeline';

/*
 * Drawn papers and placed lines for 2582-25's region tests (no models): a canvas of a
 * background, papers filled on it, level lines of text where a detector would have boxed them.
 */

export type Rgb = [number, number, number];

export function canvas(width: number, height: number, background: Rgb): Raster {
  const image = createRaster(width, height);
  fill(image, { x: 0, y: 0, w: width, h: height }, background);
  return image;
}

export function fill(image: Raster, r: { x: number; y: number; w: number; h: number }, colour: Rgb): void {
  for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) image.data.set(colour, (y * image.width + x) * 3);
}

/** A level line of text, `h` high, its left end at x and its centre at y. */
export function line(text: string, x: number, y: number, w: number, h = 20): OcrLine {
  const quad = [{ x, y: y - h / 2 }, { x: x + w, y: y - h / 2 }, { x: x + w, y: y + h / 2 }, { x, y: y + h / 2 }] as OcrLine['quad'];
  return { text, confidence: 0.95, quad, box: { cx: x + w / 2, cy: y, w, h, angle: 0 }, rect: { left: x, top: y - h / 2, width: w, height: h } };
}

export const WHITE: Rgb = [246, 245, 240];
export const DESK: Rgb = [90, 75, 60];

/** The head of a VAT invoice (its title, number and buyer), 800 px wide at 20 px text. */
export const invoiceHead = (x: number, y: number) => [
  line('浙江增值税电子普通发票', x + 250, y, 300),
  line('发票代码：033001900111', x, y + 40, 260),
  line('发票号码：12345678', x + 540, y + 40, 260),
  line('开票日期：2023年05月08日', x + 540, y + 80, 260),
  line('购买方名称：某某科技有限公司', x, y + 120, 400),
  line('纳税人识别号：91330100MA2XXXXXX', x, y + 160, 400),
];
/** Its totals and seller's box: no type and no anchor of their own. */
export const invoiceFoot = (x: number, y: number) => [
  line('价税合计（大写）', x, y, 200),
  line('伍拾贰圆柒角', x + 220, y, 150),
  line('名称：杭州某某贸易有限公司', x, y + 40, 360),
  line('开户行及账号：工商银行杭州支行', x, y + 80, 360),
];
export const note = (x: number, y: number) => [
  line('会议纪要', x + 120, y, 120),
  line('时间：2021年4月16日', x, y + 40, 360),
  line('地点：三楼第二会议室', x, y + 80, 360),
];
export const texts = (regions: ReturnType<typeof findRegions>) => regions.map((r) => r.lines.map((l) => l.text).sort());
