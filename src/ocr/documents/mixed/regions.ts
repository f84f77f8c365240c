import type { Raster } from '../../image/raster';
import type { OcrLine } from '../../pipeline';
import { type Classified, classify } from './classify';
import { joinFramed, type RuledFrame, ruledFrames, ruledRegionOf, ruledWholeImage } from './frames';
import { distance, hasAnchor, linkLines, PAPER_DIFFERENCE, TURN_TOLERANCE } from './linkage';
import { colourGap, leavesPaper, medianPaper, paperOf, type Rgb } from './paper';
import { viewOf } from './read';
import { across, interleaved, together } from './placement';
import { angleGap, printHeight, type Region, regionOf, regionOrder, wholeImage } from './region';
import { parted, type Seam, seamsOf } from './twins';

/*
 * The document regions of an image (2582-25). Text lines are joined into documents by single
 * linkage (linkage.ts); pieces torn off a document by a wide gap join it when they lie on its
 * paper (adoptFragments). The regions are listed in reading order: rows of regions top to
 * bottom, left to right within a row.
 */

/** how far a fragment may lie from the document it joins, in line heights */
const FRAGMENT_REACH = 6;
/** how far, within the shape of its document's type (types.ts) */
const SHAPE_REACH = 16;
/** groups this much smaller than the one anchored document are scraps of it, not documents */
const SCRAP_SHARE = 0.25;
/** a scrap is a line or two: a label, a sticker's word, a running head, a watermark (none in the corpus has more) */
const SCRAP_LINES = 2;
/** a block of text printed this many times larger than a document's print is no piece of it */
const LARGER_PRINT = 1.5;
/** padding around a region's text, in line heights: the paper's margin, for the extractor */
export const MARGIN = 1.5;
/** Lines read under this confidence are kept (the extractors that keep them get them) but group nothing (sheet.ts, body.ts). */
export const MIN_CONFIDENCE = 0.5;

const textOf = (lines: OcrLine[]) => lines.map((l) => l.text.replace(/\s+/g, ''));

/**
 * Fragments torn from a document by a wide gap (a VAT invoice's totals and seller box below its
 * empty item rows, a ticket's fine print in its dashed box, a licence's last rows below its
 * portrait): a group that holds no anchor and is no type of its own (classify.ts), or is the
 * type of an anchored document beside it, joins the document (a group with an anchor or a
 * type) whose paper it lies on: in its column (within its extent along its text, give or take
 * two line heights), running its way, on paper of about its colour, with nothing but that paper
 * between them (paper.ts: no desk, no other sheet, no edge), and either within FRAGMENT_REACH
 * line heights or, farther, within the shape of the document's type (types.ts `shape`: the two
 * together no taller for their width than that type's paper). A note beside a receipt lies
 * outside its column, one below a VAT invoice outside its shape, one on a desk has desk
 * between: they stay documents of their own. A piece running another way joins only when it
 * lies on the document itself or is a column in its margin (`across`).
 */
function adoptFragments(groups: OcrLine[][], image: Raster, papers: Map<OcrLine, Rgb>, ruled: RuledFrame[], seams: Seam[]): OcrLine[][] {
  const frames = groups.map((g) => ruledRegionOf(g, image, 0, ruled));
  const kinds = groups.map((g, k) => classify(viewOf(frames[k]!)));
  const anchored = groups.map(hasAnchor);
  // a table is a document when ruled (its rules say where it is); a grid of short lines alone may be a piece of anything
  const typed = (k: number) => kinds[k]!.rule !== undefined && (kinds[k]!.type !== 'table' || frames[k]!.ruled === true);
  const isDocument = groups.map((g, k) => anchored[k] || typed(k));
  // a piece with no anchor joins a document when it is no type, or the document's type (a
  // ticket's fine print says 12306, a licence's English subtitle says Driving License, the
  // seller's box of an upside-down VAT invoice says 销售方); two typed pieces only within the
  // shape of their type, so two VAT invoices one above the other stay two. A grid of cells is a
  // form's boxes as much as a table: a table piece bearing the document's own cues (a VAT
  // invoice's seller box and totals, torn off below its empty item rows, say 价税合计 and
  // 纳税人识别号) is a box of that form, within its shape. A document told by its anchor alone, of no
  // type yet, takes in a typed piece within the piece's type's shape: the piece bore its cues (an
  // electronic VAT invoice's title torn off its body, whose labels were misread: 厂票口期)
  const bears = (k: number, type: string) => kinds[k]!.evidence.some((e) => e.type === type && e.score > 0);
  const untold = (m: number) => anchored[m] && kinds[m]!.rule === undefined;
  // and the other way round: a form told a table by its rules alone that bears the piece's
  // cues is that piece's document, its title torn off (a VAT invoice turned a quarter, its red
  // title under the seal read on paper too pink to link to its body: bench seed 18)
  const titled = (k: number, m: number) => typed(k) && kinds[m]!.type === 'table' && bears(m, kinds[k]!.type);
  const fits = (k: number, m: number, withinShape: boolean) =>
    !typed(k) || (kinds[k]!.type === kinds[m]!.type && (anchored[m] || withinShape)) || (((kinds[k]!.type === 'table' && bears(k, kinds[m]!.type)) || untold(m) || titled(k, m)) && withinShape);
  // a block of rows printed larger than the document's print, running its way, is another
  // paper's: a note touching a VAT invoice turned a quarter (its print 1.9 times the invoice's,
  // bench seed 25) lay within its shape and nearer than the invoice's own boxes; a title is a
  // line or two. A piece running another way is the document's only on it or in its margin
  // (`across`), and its print says nothing: a check code read the wrong way up (/08g/8060+0) has
  // too few characters for its width
  const largerPrint = (k: number, m: number) => groups[k]!.length > SCRAP_LINES && printHeight(frames[k]!) > LARGER_PRINT * printHeight(frames[m]!);
  const out = groups.map((g) => [...g]);
  const paperOfGroup = groups.map((g) => medianPaper(g.map((l) => papers.get(l)!)));
  // compared loosely, group to group or under the two lines that meet (light falls unevenly
  // over a photo: a shadow darkens one end of an invoice), and the path between them is looked at too
  const onPaper = (k: number, m: number, a: OcrLine, b: OcrLine) =>
    colourGap(paperOfGroup[k]!, paperOfGroup[m]!) <= 2 * PAPER_DIFFERENCE || colourGap(papers.get(a)!, papers.get(b)!) <= 2 * PAPER_DIFFERENCE;
  // passes until nothing more joins: a margin's column lies beside the document only once its
  // seller's box below the item rows has joined it
  for (let joined = true; joined; ) {
    joined = false;
    groups.forEach((group, k) => {
    if (anchored[k] || out[k]!.length === 0) return;
    const candidates: { m: number; d: number; a: OcrLine; b: OcrLine; overhanging?: boolean }[] = [];
    // documents as grown so far: a ticket's last line reaches it through its fine print taken in before
    out.forEach((other, m) => {
      // nor across the cut between two documents of one type (twins.ts)
      if (m === k || !isDocument[m] || other.length === 0 || (seams.length > 0 && parted(seams, group, other))) return;
      const frame = regionOf(other, image, 0);
      const { inColumn, spans, overhangs, inRows, shaped, withinShape } = together(group, frame, kinds[m]!.rule?.shape ?? (untold(m) || titled(k, m) ? kinds[k]!.rule?.shape : undefined));
      // a document of a type with a shape takes in nothing beyond it
      if ((shaped && !withinShape) || !fits(k, m, withinShape)) return;
      let near: (typeof candidates)[number] | undefined;
      if (angleGap(frames[k]!.angle, frame.angle) > TURN_TOLERANCE) {
        // running another way: on the document or in its margin, the nearest lines for the path
        const gap = across(group, frames[k]!.angle, frame, FRAGMENT_REACH);
        if (gap === undefined) return;
        for (const a of group) for (const b of other) {
          const d = Math.hypot(a.box.cx - b.box.cx, a.box.cy - b.box.cy);
          if (d < (near?.d ?? Infinity)) near = { m, d, a, b };
        }
        if (near) near.d = gap;
      } else {
        if (largerPrint(k, m)) return;
        // a piece wider than the document holds it in its column when it is a piece of the document's
        // type or, of no type, bears its cues: a paper VAT invoice's body (its code unlabelled, its
        // number after No misread or lost: no anchor) under its title, kept apart by the seal's red
        // over the title (bench seed 6); a piece bearing the document's cues (a licence's rows: 准驾车型, 初次领证) may
        // overhang one end of the column of a document with a shape, within that shape (checked above); a note bears none
        const held = inColumn || (spans && (typed(k) ? kinds[k]!.type === kinds[m]!.type : bears(k, kinds[m]!.type)));
        // and a piece of no type beside it along its rows, within its shape, bearing its cues: the
        // items' first column and the buyer's box of a VAT invoice turned a quarter, cut from the
        // rest of its rows by their empty cells (bench seed 26); a document of the type beside it
        // is another (two VAT invoices side by side, one a paper invoice whose No was read apart
        // from its number: bench seed 18)
        const beside = inRows && !typed(k);
        if (!held && !((overhangs || beside) && shaped && bears(k, kinds[m]!.type))) return;
        const reach = withinShape ? SHAPE_REACH : FRAGMENT_REACH;
        for (const a of group) for (const b of other) {
          // the papers are compared below
          const d = distance({ line: a, paper: papers.get(a)! }, { line: b, paper: papers.get(b)! }, Infinity, { along: reach, across: reach }) * reach;
          if (d <= reach && d < (near?.d ?? Infinity)) near = { m, d, a, b, overhanging: !held };
        }
      }
      if (near && onPaper(k, m, near.a, near.b)) candidates.push(near);
    });
    // the nearest document whose paper the way to it does not leave; one whose column holds the
    // piece before one it overhangs: two invoices touching, turned a quarter, the seller's box of
    // one lies in its column and overhangs the other's header, narrower than its form, nearer
    const home = candidates
      .sort((x, y) => Number(x.overhanging ?? false) - Number(y.overhanging ?? false) || x.d - y.d)
      .find(({ m, a, b }) => !leavesPaper(image, a, b, paperOfGroup[m]!, [...group, ...out[m]!], PAPER_DIFFERENCE, Math.min(a.box.h, b.box.h), [papers.get(a)!, papers.get(b)!]));
    if (!home) return;
    out[home.m]!.push(...out[k]!);
    out[k] = [];
    // a document of no type is told again as it grows: a paper VAT invoice turned a quarter, its
    // header (its number after No: an anchor, no type) joined by its title, is a VAT invoice with
    // its shape for the pieces its empty item rows cut off (bench seed 26). A typed one keeps its
    // type (a form told a table by its rules keeps a table's reach once its title joins)
    if (kinds[home.m]!.rule === undefined) {
      frames[home.m] = ruledRegionOf(out[home.m]!, image, 0, ruled);
      kinds[home.m] = classify(viewOf(frames[home.m]!));
    }
    joined = true;
  });
  }
  return out.filter((g) => g.length > 0);
}

/**
 * A photo of a vehicle: one plate is the only anchored document and every other group is text of
 * no type (a dealer's sticker, a watermark). A plate is no paper pasted on a sheet: the text
 * around it is the car's or the photo's, however large, and the plate's point reads the photo
 * as a whole. Another typed document beside the plate (a licence, a ticket) keeps them apart.
 */
function vehiclePhoto(groups: OcrLine[][], kinds: Classified[], main: number[]): boolean {
  if (main.length !== 1) return false;
  return kinds[main[0]!]!.type === 'plate' && kinds.every((c, k) => k === main[0] || (c.rule === undefined && !hasAnchor(groups[k]!)));
}

/** Times the lines are grouped again with cuts between two documents of one type (twins.ts): each round may find the next of a row of them. */
const SEAM_ROUNDS = 3;

/**
 * The lines grouped into documents, each group a document's lines, and the ruled tables among
 * them: linked (linkage.ts), a ruled table's lines joined (frames.ts), fragments adopted. Where a
 * group holds two documents of one type (twins.ts: the lines its type prints once, twice and a
 * document's pitch apart) the lines are grouped again, no group joining lines of both: two
 * tickets touching one above the other, one's lower half linked to the other, come apart with
 * each half on its own side (bench seed 30).
 */
export function groupLines(image: Raster, lines: OcrLine[]): { groups: OcrLine[][]; frames: RuledFrame[] } {
  const placed = lines.map((line) => ({ line, paper: paperOf(image, line) }));
  const papers = new Map(placed.map((p) => [p.line, p.paper]));
  // the lines of a ruled table are one document however far apart its cells lie (frames.ts)
  const frames = ruledFrames(image, lines);
  const seams: Seam[] = [];
  for (let round = 0; ; round++) {
    const groups = adoptFragments(joinFramed(linkLines(image, placed, frames, seams), frames), image, papers, frames, seams)
      // a stray mark read as a character or two is no document
      .filter((g) => textOf(g).join('').length >= 3 || hasAnchor(g));
    const found = round < SEAM_ROUNDS ? seamsOf(groups) : [];
    if (found.length === 0) return { groups, frames };
    seams.push(...found);
  }
}

export function findRegions(image: Raster, lines: OcrLine[]): Region[] {
  if (lines.length === 0) return [];
  const { groups, frames } = groupLines(image, lines);
  if (groups.length === 0) return [];
  const regions = groups.map((g) => ruledRegionOf(g, image, MARGIN, frames));
  // one document and scraps of text around it (a label torn off, a sticker, a page's running
  // head above a table, a watermark, a line on a coloured band of the document's own): the
  // image is that document. A ruled table is a document as surely as an anchored one: its
  // rules say so. A scrap is a line or two (SCRAP_LINES) whose region is small beside the
  // document's, or whose text is: a watermark's large print has margins as large, but little
  // text. A block of more lines is a document of its own however small: a note of four lines
  // beside a taxi receipt (bench seeds 11 and 12), which no anchor marks
  const area = (r: Region) => r.roi.W * r.roi.H;
  const texts = groups.map((g) => regionOf(g, image, 0));
  const textArea = (k: number) => texts[k]!.width * texts[k]!.height;
  const main = groups.flatMap((g, k) => (hasAnchor(g) || regions[k]!.ruled ? [k] : []));
  const small = (k: number) => groups[k]!.length <= SCRAP_LINES && (area(regions[k]!) < SCRAP_SHARE * area(regions[main[0]!]!) || textArea(k) < SCRAP_SHARE * textArea(main[0]!));
  const scraps = main.length === 1 && groups.every((_, k) => k === main[0] || small(k));
  // text of no type in blocks that interleave is one page set on bands and boxes (an advert), not papers side by side
  const kinds = regions.map((r) => classify(viewOf(r)));
  const page = main.length === 0 && kinds.every((c) => c.type === 'general') && interleaved(groups, image);
  if (page) return [{ ...wholeImage(groups.flat(), image), page }];
  if (groups.length === 1 || scraps || vehiclePhoto(groups, kinds, main)) return [ruledWholeImage(groups.flat(), image, frames)];
  // a region of no type and no anchor that bears cues of one is a piece of a document the detector broke (small-print.ts)
  const piece = (k: number) => !main.includes(k) && kinds[k]!.rule === undefined && kinds[k]!.evidence.some((e) => e.score > 0);
  return regionOrder(regions.map((r, k) => (piece(k) ? { ...r, piece: true } : r)));
}
