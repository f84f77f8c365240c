import type { OcrLine } from '../../pipeline';
import { Page, boxOf } from './page';

/*
 * Where a value known from structured data stands on the page: the first line whose text,
 * spaces aside, holds it (a ¥ or a label before it is fine). Box of those characters; [] when
 * the page does not print the value in that form (a date written 2022-03-17, say).
 */
export function locate(lines: OcrLine[], value: string): number[] {
  if (value === '' || lines.length === 0) return [];
  const page = new Page(lines);
  for (const item of page.items) {
    // compact text with each kept character's index in the item's text
    const kept: number[] = [];
    let compact = '';
    for (let i = 0; i < item.text.length; i++) {
      if (/\s/.test(item.text[i]!)) continue;
      kept.push(i);
      compact += item.text[i];
    }
    const at = compact.indexOf(value);
    if (at < 0) continue;
    return boxOf([{ item, start: kept[at]!, end: kept[at + value.length - 1]! + 1 }]);
  }
  return [];
}
