import { editDistance, foldForScoring } from '../score';
import type { SynthTableSpec } from './table-content';

/*
 * Table structure in one comparable form, whatever it came from: HTML ground truth
 * (PubTabNet's, or written for a corpus image), a synthetic spec, or the 2582-10 Data.
 * Each table becomes a list of cell rectangles on a grid that keeps only the lines some
 * cell starts or ends on (so rowspan="2" over rows that no other cell splits counts as one
 * row, as the recogniser reports it), with the cell's text folded for scoring (no
 * whitespace, full-width forms as ASCII, lines joined).
 */

export interface Shape {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
  text: string;
}

/** Cells of the 2582-10 Data shape (only what is compared). */
export interface DataLike {
  Tables: { TableRows: { TableColumns: { Texts: string[]; StartRow: number; StartColumn: number; EndRow: number; EndColumn: number }[] }[] }[];
}

export function normalise(shapes: Shape[]): Shape[] {
  const rows = [...new Set(shapes.flatMap((s) => [s.r0, s.r1]))].sort((a, b) => a - b);
  const cols = [...new Set(shapes.flatMap((s) => [s.c0, s.c1]))].sort((a, b) => a - b);
  return shapes
    .map((s) => ({ r0: rows.indexOf(s.r0), r1: rows.indexOf(s.r1), c0: cols.indexOf(s.c0), c1: cols.indexOf(s.c1), text: s.text }))
    .sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
}

const decodeEntities = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e]!);

/** Every <table> of an HTML string; cell positions from an occupancy grid as browsers do. */
export function shapesFromHtml(html: string): Shape[][] {
  const tables: Shape[][] = [];
  for (const [, body] of html.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/gi)) {
    const shapes: Shape[] = [];
    const taken = new Set<string>();
    let r = 0;
    for (const [, row] of body!.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
      let c = 0;
      for (const [, attrs, content] of row!.matchAll(/<t[dh]([^>]*)>([\s\S]*?)<\/t[dh]>/gi)) {
        while (taken.has(`${r},${c}`)) c++;
        const rs = Number(/rowspan="?(\d+)/i.exec(attrs!)?.[1] ?? 1), cs = Number(/colspan="?(\d+)/i.exec(attrs!)?.[1] ?? 1);
        for (let i = r; i < r + rs; i++) for (let j = c; j < c + cs; j++) taken.add(`${i},${j}`);
        const text = decodeEntities(content!.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, ''));
        shapes.push({ r0: r, c0: c, r1: r + rs, c1: c + cs, text: foldForScoring(text) });
        c += cs;
      }
      r++;
    }
    tables.push(normalise(shapes));
  }
  return tables;
}

export function shapesFromData(data: DataLike): Shape[][] {
  return data.Tables.map((t) =>
    normalise(
      t.TableRows.flatMap((row) =>
        row.TableColumns.map((c) => ({ r0: c.StartRow, c0: c.StartColumn, r1: c.EndRow, c1: c.EndColumn, text: foldForScoring(c.Texts.join('')) })),
      ),
    ),
  );
}

export function shapesFromSpec(spec: SynthTableSpec): Shape[] {
  return normalise(spec.cells.map((c) => ({ r0: c.r0, c0: c.c0, r1: c.r1, c1: c.c1, text: foldForScoring(c.texts.join('')) })));
}

/** Grid size and every cell's rectangle: equal signatures mean equal structure. */
export function signature(shapes: Shape[]): string {
  const rows = Math.max(0, ...shapes.map((s) => s.r1)), cols = Math.max(0, ...shapes.map((s) => s.c1));
  const spans = shapes.filter((s) => s.r1 - s.r0 > 1 || s.c1 - s.c0 > 1).map((s) => `${s.r0},${s.c0}:${s.r1 - s.r0}x${s.c1 - s.c0}`);
  return `${rows}x${cols}${spans.length ? ` ${spans.join(' ')}` : ''}`;
}

export interface TableScore {
  structure: boolean;
  /** Truth cells whose rectangle was found exactly. */
  cellsFound: number;
  cells: number;
  /** Edit distance of cell texts, summed over truth cells (text of the read cell at the same rectangle, '' if none). */
  textErrors: number;
  textChars: number;
}

export function scoreTable(truth: Shape[], read: Shape[] | undefined): TableScore {
  const found = new Map((read ?? []).map((s) => [`${s.r0},${s.c0},${s.r1},${s.c1}`, s]));
  let cellsFound = 0, textErrors = 0, textChars = 0;
  for (const t of truth) {
    const r = found.get(`${t.r0},${t.c0},${t.r1},${t.c1}`);
    if (r) cellsFound++;
    textErrors += editDistance(t.text, r?.text ?? '');
    textChars += [...t.text].length;
  }
  return { structure: read !== undefined && signature(truth) === signature(read), cellsFound, cells: truth.length, textErrors, textChars };
}
