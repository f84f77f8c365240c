import type { Quad } from '../../geometry/quad';
import type { Frame } from './frame';
import type { Table } from './grid';

/*
 * Text lines into cells. The page is read once; each line goes to the cell at its middle
 * height. A line that runs across a column rule (the detector joins neighbouring cells
 * whose text nearly touches, e.g. "1 | 6.0") is cut at the rules and each piece read
 * again, so each cell gets its own text; slivers narrower than half a character are the
 * loose edge of a box, not text, and are cut off too. Lines outside every table are
 * returned for Head and Tail.
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A text line in the upright frame. */
export interface Placed {
  text: string;
  box: Box;
}

/** Reads quadrilaterals of the image (the pipeline's recogniser); '' for what it cannot read. */
export type Reread = (quads: Quad[]) => Promise<string[]>;

export interface Assigned {
  /** Per table, per cell (same order as table.cells), the lines inside it. */
  cells: Placed[][][];
  /** Lines outside every table. */
  free: Placed[];
}

const area = (b: Box) => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);

function overlap(a: Box, b: Box): number {
  return area({ left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) });
}

const tableBox = (t: Table): Box => ({ left: t.xs[0]!, top: t.ys[0]!, right: t.xs[t.xs.length - 1]!, bottom: t.ys[t.ys.length - 1]! });

/** The line cut at the column rules it crosses: [cell index, piece box] from left to right. */
function piecesOf(table: Table, line: Placed): { cell: number; box: Box }[] {
  const { box } = line;
  const h = box.bottom - box.top;
  const cy = (box.top + box.bottom) / 2;
  const pieces: { cell: number; box: Box }[] = [];
  table.cells.forEach((c, i) => {
    if (cy < c.top || cy >= c.bottom) return;
    const left = Math.max(box.left, c.left), right = Math.min(box.right, c.right);
    if (right - left >= 0.5 * h) pieces.push({ cell: i, box: { left, right, top: box.top, bottom: box.bottom } });
  });
  return pieces.sort((a, b) => a.box.left - b.box.left);
}

/**
 * Lines mostly inside a larger line are dropped: on turned pages the detector sometimes
 * splits one character off a line into a box of its own that overlaps it ("员" beside
 * "员工信息登记表"), which would read twice.
 */
export function dropContained(lines: Placed[]): Placed[] {
  return lines.filter((a) => !lines.some((b) => b !== a && area(b.box) > area(a.box) && overlap(a.box, b.box) >= 0.5 * area(a.box)));
}

export async function assignLines(tables: Table[], lines: Placed[], frame: Frame, reread: Reread): Promise<Assigned> {
  const cells = tables.map((t) => t.cells.map(() => [] as Placed[]));
  const free: Placed[] = [];
  const toRead: { table: number; pieces: { cell: number; box: Box }[] }[] = [];
  for (const line of dropContained(lines)) {
    const size = area(line.box) || 1;
    const ti = tables.findIndex((t) => overlap(tableBox(t), line.box) >= 0.5 * size);
    if (ti < 0) {
      free.push(line);
      continue;
    }
    const table = tables[ti]!;
    const pieces = piecesOf(table, line);
    if (pieces.length === 0) {
      // nothing of it lies inside a cell at its middle height: the cell it overlaps most
      let best = 0, bestShare = -1;
      table.cells.forEach((c, i) => {
        const share = overlap({ left: c.left, top: c.top, right: c.right, bottom: c.bottom }, line.box);
        if (share > bestShare) [best, bestShare] = [i, share];
      });
      cells[ti]![best]!.push(line);
      continue;
    }
    // cut at the rules when the line spans cells, or when its box reaches over a rule (the
    // recogniser reads a bit of the neighbour's text, or the rule itself, as a character)
    const h = line.box.bottom - line.box.top;
    const inside = pieces.reduce((sum, p) => sum + p.box.right - p.box.left, 0);
    if (pieces.length >= 2 || line.box.right - line.box.left - inside > 0.15 * h) toRead.push({ table: ti, pieces });
    else cells[ti]![pieces[0]!.cell]!.push(line);
  }
  if (toRead.length > 0) {
    // one batch: the frame box of each piece back on the image, corners in reading order
    const quads = toRead.flatMap(({ pieces }) =>
      pieces.map(({ box }) =>
        [
          frame.toImage({ x: box.left, y: box.top }),
          frame.toImage({ x: box.right, y: box.top }),
          frame.toImage({ x: box.right, y: box.bottom }),
          frame.toImage({ x: box.left, y: box.bottom }),
        ] as Quad,
      ),
    );
    const texts = await reread(quads);
    let k = 0;
    for (const { table, pieces } of toRead) {
      for (const { cell, box } of pieces) {
        const text = texts[k++]!;
        // a sliver over a neighbour's own line is that line read twice
        const twice = cells[table]![cell]!.some((o) => overlap(o.box, box) >= 0.5 * area(box));
        if (text !== '' && !twice) cells[table]![cell]!.push({ text, box });
      }
    }
  }
  return { cells, free };
}

/**
 * Lines grouped into visual rows (vertical extents overlapping by half the smaller
 * height), each row's pieces joined left to right: a space where the gap shows one.
 */
export function textRows(lines: Placed[]): string[] {
  const sorted = [...lines].sort((a, b) => a.box.top + a.box.bottom - (b.box.top + b.box.bottom));
  const rows: Placed[][] = [];
  for (const line of sorted) {
    const row = rows[rows.length - 1];
    const h = line.box.bottom - line.box.top;
    const shares = row?.some((o) => {
      const common = Math.min(o.box.bottom, line.box.bottom) - Math.max(o.box.top, line.box.top);
      return common > 0.5 * Math.min(h, o.box.bottom - o.box.top);
    });
    if (row && shares) row.push(line);
    else rows.push([line]);
  }
  return rows.map((row) => {
    const ordered = row.sort((a, b) => a.box.left - b.box.left);
    let text = ordered[0]!.text;
    for (let i = 1; i < ordered.length; i++) {
      const prev = ordered[i - 1]!, cur = ordered[i]!;
      const gap = cur.box.left - prev.box.right;
      text += (gap > 0.5 * Math.min(cur.box.bottom - cur.box.top, prev.box.bottom - prev.box.top) ? ' ' : '') + cur.text;
    }
    return text;
  });
}
