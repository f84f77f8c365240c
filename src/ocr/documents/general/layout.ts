import { lumaAt, type Raster } from '../../image/raster';
import { dominantAngle } from '../../order';
import type { OcrLine } from '../../pipeline';
import { splitColumns } from './columns';

/*
 * 2582-11's reading order, the way a person reads a page (issue 17): ruled tables and forms
 * row by row, left to right, the lines of one cell together; running text in columns
 * column by column. The pipeline's order (order.ts: bands of lines, left to right) serves
 * the extractors, which look for labels and values; a person's order needs the page's
 * structure:
 * 1. cells: lines stacked closely one above the other, overlapping across, of about one
 *    height (the detector draws two characters taller than a full line), no rule drawn between them, and each alone in its row but for ruled neighbours, are
 *    one cell (a wrapped name, a two-line value);
 * 2. rows: cells whose vertical extents overlap by half the smaller one share a row (a
 *    one-line cell beside a two-line one, centred or top-aligned, is in its row);
 * 3. columns: where a gutter with no rule in it splits the page into two sides of running
 *    text (long lines on both), each side is read whole, the left first. A gutter with a
 *    rule in it, or between short cells, is a table's or a form's column: read across.
 * Everything is done in the page's own frame (turned back by the dominant text direction).
 */

interface Item {
  line: OcrLine;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  h: number;
}

interface Block {
  items: Item[];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Whether a dark rule runs along (horizontal) or down (vertical) a strip of the image. */
type RuleBetween = (x0: number, x1: number, y0: number, y1: number, horizontal: boolean) => boolean;

/**
 * A rule is darker than this share of the strip's lightest pixels: a thin rule drawn across
 * two pixel rows (or columns) prints each at about two thirds of its ink (a brown 1.5 px rule
 * on cream paper: 162 against 241), so a stricter bound loses the rules of fine tables.
 */
const DARK = 0.8;

/**
 * A rule test on the image, in the page's frame (strips are turned back to the image). A
 * strip holds a rule when its rows (or columns) are dark over most of its length compared
 * with the strip's lightest pixels.
 */
function ruleTest(image: Raster, turn: number): RuleBetween {
  const cos = Math.cos(turn), sin = Math.sin(turn);
  // frame (x', y') back to the image: the inverse of inFrame's turn
  const luma = (fx: number, fy: number) => {
    const x = Math.round(fx * cos + fy * sin), y = Math.round(-fx * sin + fy * cos);
    if (x < 0 || y < 0 || x >= image.width || y >= image.height) return 255;
    const i = (y * image.width + x) * 3;
    return lumaAt(image.data, i);
  };
  return (x0, x1, y0, y1, horizontal) => {
    const [a0, a1, b0, b1] = horizontal ? [x0, x1, y0, y1] : [y0, y1, x0, x1];
    if (a1 - a0 < 4 || b1 < b0) return false;
    const at = (a: number, b: number) => (horizontal ? luma(a, b) : luma(b, a));
    const step = Math.max(1, (a1 - a0) / 60);
    let light = 0;
    for (let b = Math.floor(b0); b <= b1; b++) for (let a = a0; a <= a1; a += step) light = Math.max(light, at(a, b));
    // three rows at a time: the page's direction is estimated from its lines, and what is
    // left of a turn tilts a long rule across a row or two
    for (let b = Math.floor(b0); b <= b1; b++) {
      let dark = 0, n = 0;
      for (let a = a0; a <= a1; a += step, n++) if (Math.min(at(a, b), at(a, b + 1), at(a, b + 2)) < DARK * light) dark++;
      if (n > 0 && dark / n >= 0.7) return true;
    }
    return false;
  };
}

function inFrame(lines: OcrLine[], turn: number): Item[] {
  const cos = Math.cos(turn), sin = Math.sin(turn);
  return lines.map((line) => {
    const x = line.box.cx * cos - line.box.cy * sin, y = line.box.cx * sin + line.box.cy * cos;
    const { w, h } = line.box;
    return { line, x0: x - w / 2, x1: x + w / 2, y0: y - h / 2, y1: y + h / 2, h };
  });
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/**
 * Whether a line stands alone across: no other line beside it in its row closer than three
 * text heights, unless a rule runs down between them (a table's cell). Only such lines may
 * form a cell with the line below: the pieces of a line of text, a few characters apart,
 * must stay in their line.
 */
function alone(item: Item, items: Item[], rule: RuleBetween): boolean {
  return items.every((o) => {
    if (o === item || overlap(item.y0, item.y1, o.y0, o.y1) < 0.5 * Math.min(item.h, o.h)) return true;
    const [l, r] = o.x0 >= item.x1 ? [item, o] : o.x1 <= item.x0 ? [o, item] : [undefined, undefined];
    if (!l || !r) return false;
    if (r.x0 - l.x1 >= 3 * item.h) return true;
    return rule(l.x1, r.x0, Math.max(l.y0, r.y0), Math.min(l.y1, r.y1), false);
  });
}

/** Lines of one cell or paragraph: alone across, stacked closely, overlapping, no rule between. */
export function blocks(items: Item[], rule: RuleBetween): Block[] {
  const sorted = [...items].sort((a, b) => a.y0 - b.y0);
  const single = new Set(sorted.filter((i) => alone(i, items, rule)));
  const out: Block[] = [];
  for (const item of sorted) {
    const block = !single.has(item) ? undefined : out.find((b) => {
      const last = b.items.at(-1)!;
      if (!single.has(last)) return false;
      const gap = item.y0 - last.y1;
      const across = overlap(item.x0, item.x1, last.x0, last.x1) / Math.min(item.x1 - item.x0, last.x1 - last.x0);
      const centred = Math.abs((item.x0 + item.x1) / 2 - (last.x0 + last.x1) / 2) < 1.5 * last.h;
      return gap > -0.3 * last.h && gap < 0.7 * last.h && Math.min(item.h, last.h) >= 0.7 * Math.max(item.h, last.h) && (across >= 0.5 || centred) &&
        // a little into both boxes (the detector's boxes reach over a rule close to the text),
        // across both lines' width (a glyph's stroke spans one character, a rule the cell)
        !rule(Math.min(item.x0, last.x0), Math.max(item.x1, last.x1), last.y1 - 0.05 * last.h, item.y0 + 0.05 * item.h, true);
    });
    if (block) {
      block.items.push(item);
      (block.x0 = Math.min(block.x0, item.x0)), (block.x1 = Math.max(block.x1, item.x1)), (block.y1 = Math.max(block.y1, item.y1));
    } else out.push({ items: [item], x0: item.x0, x1: item.x1, y0: item.y0, y1: item.y1 });
  }
  return out;
}

/** Blocks in rows (vertical extents overlapping by half the smaller), each row left to right. */
function rows(list: Block[]): Block[] {
  const sorted = [...list].sort((a, b) => a.y0 - b.y0);
  const bands: Block[][] = [];
  for (const block of sorted) {
    const band = bands.find((r) => r.some((o) => overlap(block.y0, block.y1, o.y0, o.y1) >= 0.5 * Math.min(block.y1 - block.y0, o.y1 - o.y0)));
    if (band) band.push(block);
    else bands.push([block]);
  }
  bands.sort((a, b) => Math.min(...a.map((x) => x.y0)) - Math.min(...b.map((x) => x.y0)));
  // left to right; blocks that start at one x (a wrapped cell's last character the
  // detector kept apart, left-aligned under its line) top to bottom
  return bands.flatMap((band) => band.sort((a, b) => (Math.abs(a.x0 - b.x0) < 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0) ? a.y0 - b.y0 : a.x0 - b.x0)));
}

export function pageOrder(image: Raster, lines: OcrLine[]): OcrLine[] {
  if (lines.length < 2) return lines;
  // the page's direction from lines long enough to show one (a lone digit's box says nothing)
  const directed = lines.filter((l) => l.box.w >= 2 * l.box.h);
  const turn = -dominantAngle((directed.length ? directed : lines).map((l) => ({ angle: l.box.angle, w: l.box.w })));
  const rule = ruleTest(image, turn);
  const read = (part: Item[]) => rows(blocks(part, rule)).flatMap((b) => b.items.map((i) => i.line));
  // columns of running text one after the other (either part may be columns again),
  // under their title and above their footer
  const inOrder = (part: Item[]): OcrLine[] => {
    const split = splitColumns(part, rule);
    if (!split) return read(part);
    return [...read(split.above), ...inOrder(split.left), ...inOrder(split.right), ...read(split.below)];
  };
  return inOrder(inFrame(lines, turn));
}
