import type { Point, Quad } from '../../geometry/quad';
import { dominantAngle } from '../../order';
import type { OcrLine } from '../../pipeline';

/*
 * A page of read lines (OCR or a PDF text layer) in the page's own frame: every quad is
 * turned back by the dominant text direction, so "the same row" and "to the right of" mean
 * what they mean on the paper even in a skewed photo. Boxes go out in image pixels again.
 */

export interface Item {
  text: string;
  quad: Quad;
  /** bounds in the page frame */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  cy: number;
  h: number;
}

/** A character range of one item: where a label or a value was read. */
export interface Piece {
  item: Item;
  start: number;
  end: number;
}

export interface Region {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** CJK and other full-width characters are about twice as wide as ASCII in print. */
const charWidth = (c: string) => (c.charCodeAt(0) < 0x2e80 ? 0.55 : 1);

/**
 * The direction (radians) of the page's main text: the quarter turn holding the most text
 * length, then order.ts's length-weighted mean of the lines within 30° of it. Vertical labels
 * (购买方, the printer's imprint in the margin) would pull a mean of all lines several degrees off.
 */
export function mainTextAngle(lines: OcrLine[]): number {
  const near = (angle: number, to: number) => Math.abs(((angle - to + 540) % 360) - 180) < 30;
  const quarter = [0, 90, 180, -90]
    .map((q) => ({ q, weight: lines.filter((l) => near(l.box.angle, q)).reduce((s, l) => s + l.box.w, 0) }))
    .sort((a, b) => b.weight - a.weight)[0]!.q;
  return dominantAngle(lines.filter((l) => near(l.box.angle, quarter)).map((l) => l.box));
}

export class Page {
  readonly items: Item[];
  readonly angle: number;

  constructor(lines: OcrLine[]) {
    this.angle = mainTextAngle(lines);
    const cos = Math.cos(-this.angle), sin = Math.sin(-this.angle);
    const turn = (p: Point) => ({ x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos });
    this.items = lines.map((line) => {
      const pts = line.quad.map(turn);
      const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
      const y0 = Math.min(...ys), y1 = Math.max(...ys);
      return { text: line.text, quad: line.quad, x0: Math.min(...xs), x1: Math.max(...xs), y0, y1, cy: (y0 + y1) / 2, h: y1 - y0 };
    });
  }

  /** Every match of `pattern` (global flag not needed) inside an item's text. */
  find(pattern: RegExp, where: (item: Item) => boolean = () => true): Piece[] {
    const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : pattern.flags + 'g');
    const hits: Piece[] = [];
    for (const item of this.items) {
      if (!where(item)) continue;
      for (const m of item.text.matchAll(re)) {
        if (m[0] !== '') hits.push({ item, start: m.index, end: m.index + m[0].length });
      }
    }
    return hits;
  }

  /** Items whose centre lies in the region, by rows (centres within half a height) then left to right. */
  within(region: Region, except: Set<Item> = new Set()): Item[] {
    const inside = this.items.filter(
      (it) => !except.has(it) && it.x0 >= region.left && it.x0 < region.right && it.cy >= region.top && it.cy <= region.bottom,
    );
    inside.sort((a, b) => a.cy - b.cy);
    const rows: Item[][] = [];
    for (const it of inside) {
      const row = rows.find((r) => Math.abs(r[0]!.cy - it.cy) < 0.5 * Math.min(r[0]!.h, it.h));
      if (row) row.push(it);
      else rows.push([it]);
    }
    return rows.flatMap((row) => row.sort((a, b) => a.x0 - b.x0));
  }

  /** Items on the row of `piece` (centres within `slack` heights), right of it, nearest first. */
  rightOf(piece: Piece, slack = 0.6): Item[] {
    const { item } = piece;
    const end = this.pieceX(piece).x1;
    return this.items
      .filter((it) => it !== item && it.x0 >= end - 0.5 * item.h && Math.abs(it.cy - item.cy) < slack * Math.max(item.h, it.h))
      .sort((a, b) => a.x0 - b.x0);
  }

  /** Where a character range sits along its item, in page-frame x. */
  pieceX(piece: Piece): { x0: number; x1: number } {
    const [f0, f1] = fractions(piece);
    const { x0, x1 } = piece.item;
    return { x0: x0 + (x1 - x0) * f0, x1: x0 + (x1 - x0) * f1 };
  }
}

function fractions({ item, start, end }: Piece): [number, number] {
  const chars = item.text.split('');
  const total = chars.reduce((s, c) => s + charWidth(c), 0) || 1;
  const upto = (n: number) => chars.slice(0, n).reduce((s, c) => s + charWidth(c), 0) / total;
  return [upto(start), upto(end)];
}

const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** SPEC's Box: [top-left x, top-left y, top-right x, top-right y] of the pieces' first row, image pixels. */
export function boxOf(pieces: Piece[]): number[] {
  if (pieces.length === 0) return [];
  const first = pieces[0]!;
  const row = pieces.filter((p) => Math.abs(p.item.cy - first.item.cy) < 0.5 * Math.max(p.item.h, first.item.h));
  const last = row.reduce((a, b) => (b.item.x1 > a.item.x1 ? b : a));
  const tl = lerp(first.item.quad[0], first.item.quad[1], fractions(first)[0]);
  const tr = lerp(last.item.quad[0], last.item.quad[1], fractions(last)[1]);
  return [tl.x, tl.y, tr.x, tr.y].map((v) => Math.round(v));
}

/** Whole item as a piece. */
export const whole = (item: Item): Piece => ({ item, start: 0, end: item.text.length });

/** Text of a piece; `start`/`end` are string indices (the page's text is all in the BMP). */
export function pieceText({ item, start, end }: Piece): string {
  return item.text.slice(start, end);
}
