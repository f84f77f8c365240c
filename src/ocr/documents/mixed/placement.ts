import type { OcrLine } from '../../pipeline';
import { inQuad, type Region, regionOf } from './region';

/*
 * Where a fragment of text lies against a document's frame (2582-25, regions.ts adoptFragments):
 * in its column, within the shape of its type, on it or in its margin.
 */

/** A fragment's points in a document's frame: along (u) and across (v) its text, with the document's extent. */
function inFrame(fragment: OcrLine[], frame: Region) {
  const rad = (frame.angle * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
  const points = fragment.flatMap((l) => l.quad);
  const us = points.map((p) => p.x * cos + p.y * sin), vs = points.map((p) => -p.x * sin + p.y * cos);
  const home = frame.quad.map((p) => p.x * cos + p.y * sin), homeV = frame.quad.map((p) => -p.x * sin + p.y * cos);
  return { u: [Math.min(...us), Math.max(...us)], v: [Math.min(...vs), Math.max(...vs)], U: [Math.min(...home), Math.max(...home)], V: [Math.min(...homeV), Math.max(...homeV)] };
}

/**
 * How much of its extent along the document's text a fragment shares with the document's column
 * to overhang it. A third: a VAT invoice turned a quarter, its header (title, number block) found
 * apart from its lower boxes, is narrower than its form, and its buyer's box and 价税合计 row
 * stood 36% and 52% in the header's column (bench sheet 1005); pieces that overhang must bear the
 * document's cues and keep within its shape (regions.ts), and a column that holds them wins.
 */
const MOSTLY = 1 / 3;

/**
 * The fragment's and the document's extent together, along and across the document's text:
 * whether the fragment lies in the document's column, or the document in the fragment's (a
 * VAT invoice's body, its buyer's and seller's boxes, under a header that spans only its right
 * part), or the fragment overhangs one end of it, a third of its extent or more in the column (a
 * licence's rows stand wider than its centred title; a note beside a receipt shares little or
 * none of its column), and whether the two together are no taller for their width than the type's `shape`.
 */
export function together(fragment: OcrLine[], frame: Region, shape: number | undefined) {
  const { u, v, U, V } = inFrame(fragment, frame);
  const slack = 2 * frame.unit;
  const inColumn = u[0]! >= U[0]! - slack && u[1]! <= U[1]! + slack;
  const spans = U[0]! >= u[0]! - slack && U[1]! <= u[1]! + slack;
  const overhangs = Math.min(u[1]!, U[1]!) - Math.max(u[0]!, U[0]!) >= MOSTLY * (u[1]! - u[0]!);
  const inRows = v[0]! >= V[0]! - slack && v[1]! <= V[1]! + slack;
  const along = Math.max(u[1]!, U[1]!) - Math.min(u[0]!, U[0]!);
  const across = Math.max(v[1]!, V[1]!) - Math.min(v[0]!, V[0]!);
  return { inColumn, spans, overhangs, inRows, shaped: shape !== undefined, withinShape: shape !== undefined && across <= shape * along + slack };
}

/**
 * Whether the fragment lies wholly beside the document along its text: no part of its extent
 * along the document's rows within the document's (a note beside a receipt's title, in no
 * column of it; a piece torn off below or above a document shares its column).
 */
export function besideAlong(fragment: OcrLine[], frame: Region): boolean {
  const { u, U } = inFrame(fragment, frame);
  return u[0]! >= U[1]! || u[1]! <= U[0]!;
}

/** How many rows of text the lines stand in, across their own direction (degrees). */
function rows(lines: OcrLine[], angle: number): number {
  const rad = (angle * Math.PI) / 180;
  const placed = lines.map((l) => ({ v: -l.box.cx * Math.sin(rad) + l.box.cy * Math.cos(rad), h: l.box.h })).sort((a, b) => a.v - b.v);
  return placed.filter((p, i) => i === 0 || p.v - placed[i - 1]!.v > 0.5 * Math.min(p.h, placed[i - 1]!.h)).length;
}

/**
 * A fragment running another way than its document, as a document prints it: a line read upside
 * down among its own (wholly on the document's text, give or take two line heights), or a
 * column of turned print in its margin (a VAT invoice's printer's imprint and 第二联 beside its
 * form: at most two rows of print, within the document's extent across its text, within `reach`
 * line heights of it). Its gap to the document in line heights; undefined when it is neither (a
 * note turned beside a receipt has more rows than a margin's column, or lies beyond it).
 */
export function across(fragment: OcrLine[], fragmentAngle: number, frame: Region, reach: number): number | undefined {
  const { u, v, U, V } = inFrame(fragment, frame);
  const unit = frame.unit, slack = 2 * unit;
  const withinAcross = v[0]! >= V[0]! - slack && v[1]! <= V[1]! + slack;
  if (!withinAcross) return undefined;
  const gap = Math.max(0, U[0]! - u[1]!, u[0]! - U[1]!);
  if (gap <= 0 && u[0]! >= U[0]! - slack && u[1]! <= U[1]! + slack) return 0;
  return rows(fragment, fragmentAngle) <= 2 && gap <= reach * unit ? gap / unit : undefined;
}

/**
 * Whether the text of one group lies within the text of another: a line's centre inside the
 * frame the other's lines span. Documents on a sheet lie side by side, each paper's text apart
 * from the others' (on the bench sheets of seeds 1, 2 and 4 only typed documents touching at
 * their edges do otherwise); a poster's or an advert's blocks of text, set on bands of colour
 * and boxes of one page, interleave (the corpus advert: a slogan on a band between its title
 * and the line under it, an offer between its prices and its badges).
 */
export function interleaved(groups: OcrLine[][], image: { width: number; height: number }): boolean {
  const frames = groups.map((g) => regionOf(g, image, 0));
  return groups.some((g, i) => frames.some((f, j) => j !== i && g.some((l) => inQuad(f.quad, l.box.cx, l.box.cy))));
}
