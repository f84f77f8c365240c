import type { Page } from './page';

/*
 * The invoice's title as printed (DESIGN.md §5 Content.InvoiceType): the largest text naming a
 * VAT invoice, such as 江苏增值税电子普通发票, 增值税专用发票, 电子发票（普通发票）,
 * 电子发票（铁路电子客票）. Labels that also hold 发票 (发票代码, 发票联, 全国统一发票监制章) are not
 * titles; a fully digital invoice's title may share its line with 发票号码, which is cut off.
 */

const TITLE = /[\u4e00-\u9fff]{0,10}?(?:增值税|电子)[\u4e00-\u9fff]*?发票(?:[（(][\u4e00-\u9fff]{2,12}[)）])?/;
const NOT_TITLE = /监制|发票[代号]码|发票联|抵扣联|记账联/;

export function readTitle(page: Page): string {
  let best: { title: string; h: number; cy: number } | undefined;
  for (const item of page.items) {
    const text = item.text.replace(/\s+/g, '');
    const m = TITLE.exec(text);
    if (!m || NOT_TITLE.test(m[0])) continue;
    const title = m[0].replace(/\(/g, '（').replace(/\)/g, '）');
    if (!best || item.h > best.h * 1.1 || (item.h > best.h * 0.9 && item.cy < best.cy)) best = { title, h: item.h, cy: item.cy };
  }
  return best?.title ?? '';
}
