/*
 * Columns of running text (2582-11's reading order, layout.ts): a page set in two or three
 * columns is read column by column, each down to its end, under the title that crosses them
 * and above a footer. A column is told from a table's column by what it holds and by what
 * runs down the gutter: running text is mostly long lines (a paragraph's last line may be
 * short), a table's cells are mostly short; a ruled table or
 * form has a rule in every gap between its columns, a page of text none.
 */

/** A line in the page's frame. */
export interface Span {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  h: number;
}

/** Whether a dark rule runs down (horizontal = false) a strip of the page. */
export type RuleDown = (x0: number, x1: number, y0: number, y1: number, horizontal: false) => boolean;

export interface ColumnSplit<T extends Span> {
  /** lines above the columns that cross the gutter (a title), read first */
  above: T[];
  left: T[];
  right: T[];
  /** lines below them that cross the gutter (a footer, a page number), read last */
  below: T[];
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Gaps in the lines' extent across the page at least `min` wide: [left edge, right edge]. */
function gaps<T extends Span>(items: T[], min: number): [number, number][] {
  const sorted = [...items].sort((a, b) => a.x0 - b.x0);
  const out: [number, number][] = [];
  let reach = sorted[0]!.x1;
  for (const item of sorted.slice(1)) {
    if (item.x0 - reach >= min) out.push([reach, item.x0]);
    reach = Math.max(reach, item.x1);
  }
  return out;
}

/**
 * Running text: at least half of the lines long (four text heights or more: a narrow column
 * of eight characters a line, some indented), two at least.
 */
function runningText<T extends Span>(side: T[], h: number): boolean {
  const long = side.filter((i) => i.x1 - i.x0 >= 4 * h).length;
  return long >= 2 && long >= 0.5 * side.length;
}

/**
 * Columns meet at the gutter: the column left of it is set full (most of its long lines end
 * within two text heights of it) and the column right of it starts there (most of its long
 * lines start within two and a half: an indent is two characters). The pieces of lines set
 * apart by spaces (`金额：…  税额：…`) leave a gap too, but their ends and starts are ragged.
 */
function besideGutter<T extends Span>(left: T[], right: T[], g0: number, g1: number, h: number): boolean {
  // only the columns next to the gutter: a side may hold more columns beyond its own gaps
  const leftEdge = Math.max(-Infinity, ...gaps(left, h).map(([, e]) => e));
  const rightEdge = Math.min(Infinity, ...gaps(right, h).map(([s]) => s));
  const near = left.filter((i) => i.x0 >= leftEdge && i.x1 - i.x0 >= 4 * h);
  const far = right.filter((i) => i.x1 <= rightEdge && i.x1 - i.x0 >= 4 * h);
  return near.filter((i) => g0 - i.x1 < 2 * h).length >= 0.5 * near.length && far.filter((i) => i.x0 - g1 < 2.5 * h).length >= 0.5 * far.length;
}

/**
 * The widest split of the page into a left and a right part of running text with a gutter
 * of a text height or more between them and no rule down it. Lines above both parts (a
 * title, a heading: up to three) are read first, lines below both across the page's middle
 * (a footer, a page number: up to two) last; either part may be columns again (the caller
 * splits it once more).
 */
export function splitColumns<T extends Span>(items: T[], rule: RuleDown): ColumnSplit<T> | undefined {
  if (items.length < 6) return undefined;
  const h = median(items.map((i) => i.h));
  const byTop = [...items].sort((a, b) => a.y0 - b.y0), byBottom = [...items].sort((a, b) => b.y1 - a.y1);
  const tries: [number, number][] = [];
  for (let k = 0; k <= 5; k++) for (let top = Math.min(k, 3); top >= Math.max(0, k - 2); top--) tries.push([top, k - top]);
  for (const [top, bottom] of tries) {
    const above = byTop.slice(0, top), below = byBottom.slice(0, bottom);
    const body = items.filter((i) => !above.includes(i) && !below.includes(i));
    if (body.length < 6) return undefined;
    const y0 = Math.min(...body.map((i) => i.y0)), y1 = Math.max(...body.map((i) => i.y1));
    const mid = (Math.min(...items.map((i) => i.x0)) + Math.max(...items.map((i) => i.x1))) / 2;
    // the widest gap first: between columns the gap is widest, inside a column's lines none
    for (const [g0, g1] of gaps(body, h).sort((a, b) => b[1] - b[0] - (a[1] - a[0]))) {
      const left = body.filter((i) => i.x1 <= g0), right = body.filter((i) => i.x0 >= g1);
      if (!runningText(left, h) || !runningText(right, h)) continue;
      // the two sides run down the same stretch of the page
      const l0 = Math.min(...left.map((i) => i.y0)), l1 = Math.max(...left.map((i) => i.y1));
      const r0 = Math.min(...right.map((i) => i.y0)), r1 = Math.max(...right.map((i) => i.y1));
      if (overlap(l0, l1, r0, r1) < 0.5 * Math.min(l1 - l0, r1 - r0)) continue;
      // a title is above both sides; a footer below both and across the page's middle (a
      // column's last line, lower than the other column's, is not one)
      if (above.some((i) => i.y1 > Math.min(l0, r0) + 0.3 * h)) continue;
      if (below.some((i) => i.y0 < Math.max(l1, r1) - 0.3 * h || i.x0 > mid || i.x1 < mid)) continue;
      if (rule(g0, g1, y0, y1, false)) continue;
      if (!besideGutter(left, right, g0, g1, h)) continue;
      // a title over one of three columns lies in that column's side, but above the other
      // side's first line; a page number below the middle column, below the other's last
      // and farther below its own side's lines than they are apart
      const stray = (side: T[], other: T[]) => {
        const top = Math.min(...other.map((i) => i.y0)), bottom = Math.max(...other.map((i) => i.y1));
        // apart from the lines above it in its own column (a side may hold two columns)
        const farBelow = (i: T) => {
          const ys = side.filter((o) => overlap(o.x0, o.x1, i.x0, i.x1) > 0).map((o) => o.y0).sort((a, b) => a - b);
          const k = ys.indexOf(i.y0);
          if (k < 1) return k === 0 && ys.length === 1;
          return i.y0 - ys[k - 1]! > 1.4 * median(ys.slice(1, k + 1).map((y, n) => y - ys[n]!));
        };
        return {
          up: side.filter((i) => i.y1 < top - 0.3 * h),
          down: side.filter((i) => i.y0 > bottom + 0.3 * h && farBelow(i)),
        };
      };
      const a = stray(left, right), b = stray(right, left);
      const moved = new Set([...a.up, ...a.down, ...b.up, ...b.down]);
      const byY = (list: T[]) => list.sort((p, q) => p.y0 - q.y0);
      return {
        above: byY([...above, ...a.up, ...b.up]),
        left: left.filter((i) => !moved.has(i)),
        right: right.filter((i) => !moved.has(i)),
        below: byY([...a.down, ...b.down, ...below]),
      };
    }
  }
  return undefined;
}
