import { chooseDetSide } from '../../det/side';
import type { Quad } from '../../geometry/quad';
import type { DecodedImage } from '../../image/decode';
import { readingOrder } from '../../order';
import { describeLine, type OcrLine, placeOf, recognize } from '../../pipeline';
import { settleAll } from '../../runtime/settle';
import { warpQuadBanded } from '../../runtime/warp-bands';
import { enlarged, enlargementFor, linePrintHeight, type Region } from './region';

/*
 * Small print on a large sheet (2582-25). The whole image is detected shrunk to the detector's
 * 1600 px: a sheet of eight 3000 px high is seen at half its size, and a VAT invoice's print,
 * 12 to 15 px high on the sheet, comes to 6 to 8 px there, where the detector breaks its lines
 * or loses them. What survives is enough to place the document but not to group it (its pieces
 * lie apart, untyped) nor to read it. The areas of such documents are detected again at a
 * scale where their print stands READ_HEIGHT high (region.ts `enlargement`), and their lines
 * replace the whole image's there. Each line keeps the scale its detector saw it at, which
 * decides whether a region's lines serve its extractor (region.ts `seenWell`).
 */

/** The scale (detector pixels per image pixel) each line was detected at. */
export type SeenAt = Map<OcrLine, number>;

/** The scale the whole image is detected at. */
export const detectorScale = (image: { width: number; height: number }): number =>
  Math.min(1, chooseDetSide(image.width, image.height) / Math.max(image.width, image.height));

/**
 * Lines this high at the detector's scale (px) are found whole; a document whose smaller lines
 * (the lower quartile) stand lower is detected again. Measured on bench sheets: a VAT invoice's
 * lower quartile was 9 to 12.6 px at a sheet's detector scale, a ticket's, a taxi receipt's or a
 * licence's 13.8 px or more.
 */
export const SMALL_PRINT = 13;
/** the lower quartile of the heights: the small print of a region's lines */
const lowerQuartile = (heights: number[]): number => {
  const hs = [...heights].sort((a, b) => a - b);
  return hs.length ? hs[Math.floor((hs.length - 1) / 4)]! : 0;
};
/** the lower quartile of the region's line heights: its small print */
export const smallPrintHeight = (lines: OcrLine[]): number => lowerQuartile(lines.map((l) => l.box.h));

/**
 * How small a region's print stood for the detector that found it: smallPrintHeight, but for a
 * piece (Region.piece: no type, no anchor, cues of a type) each line's height no more than its
 * character pitch says (region.ts linePrintHeight). The sheet's detector, seeing a document's
 * small print shrunk, may find only its larger print and box it loose: a VAT invoice turned a
 * quarter on a sheet of six came back as its number and date (the date boxed 30 px, printed
 * 17 px), its capital amount and its code, pieces of no type; only the code's stood under
 * SMALL_PRINT, so its area alone was detected again and the invoice stayed in pieces typed
 * `general` (bench seed 5). A document of a type was found well enough to be typed, and a note
 * bears no type's cues: their boxes are taken as they are (so taken for every region, the pitch
 * brought areas to 20 of the 28 sheets of seeds 1 and 5 and joined two documents on one). The
 * area is enlarged for the boxes' height as before: enlarged for the pitch, an upside-down VAT
 * invoice beside such a piece came back in nine pieces (seed 5).
 */
const seenHeight = (r: Region): number => (r.piece ? lowerQuartile(r.lines.map(linePrintHeight)) : smallPrintHeight(r.lines));

/** How far around the small print's region the document may extend, in its line heights: a VAT invoice's lines lost at the detector's scale leave gaps this wide. */
const REACH = 6;

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** the text height to enlarge for (region.ts enlargementFor): the smallest of the regions' in it */
  unit: number;
}

const overlap = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * The areas to detect again: the regions whose small print (lower quartile of line heights)
 * stands under SMALL_PRINT px at the whole image's detector scale, each one's bounds widened by
 * REACH of its line heights (within the image), overlapping ones joined. None when the detector
 * sees the image at its own size.
 */
export function smallPrintAreas(regions: Region[], image: { width: number; height: number }): Box[] {
  const scale = detectorScale(image);
  if (scale >= 1) return [];
  const boxes: Box[] = regions.filter((r) => !r.whole && seenHeight(r) * scale < SMALL_PRINT).map((r) => {
    const pad = REACH * r.unit, unit = smallPrintHeight(r.lines);
    return { x0: Math.max(0, r.roi.X - pad), y0: Math.max(0, r.roi.Y - pad), x1: Math.min(image.width, r.roi.X + r.roi.W + pad), y1: Math.min(image.height, r.roi.Y + r.roi.H + pad), unit };
  });
  for (let joined = true; joined; ) {
    joined = false;
    for (let i = 0; i < boxes.length && !joined; i++) {
      for (let j = i + 1; j < boxes.length && !joined; j++) {
        const a = boxes[i]!, b = boxes[j]!;
        if (!overlap(a, b)) continue;
        boxes[i] = { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1), unit: Math.min(a.unit, b.unit) };
        boxes.splice(j, 1);
        joined = true;
      }
    }
  }
  return boxes;
}

/** The area's lines, detected at its own scale, in the image's pixels; those cut by its border are left out. */
export async function readArea(image: DecodedImage, box: Box): Promise<{ lines: OcrLine[]; scale: number }> {
  const w = box.x1 - box.x0, h = box.y1 - box.y0;
  const e = box.unit ? enlargementFor(box.unit) : 1;
  const { width: W, height: H, scale } = enlarged(w, h, e);
  const quad: Quad = [{ x: box.x0, y: box.y0 }, { x: box.x1, y: box.y0 }, { x: box.x1, y: box.y1 }, { x: box.x0, y: box.y1 }];
  // cut a band a thread while the recognition helpers have no line to read (warp-bands.ts)
  const crop = { ...(await warpQuadBanded(image, quad, W, H, w, h)), format: image.format };
  const read = await recognize(crop, { minConfidence: 0 });
  const edge = 2;
  const inner = read.lines.filter((l) => l.rect.left > edge && l.rect.top > edge && l.rect.left + l.rect.width < W - edge && l.rect.top + l.rect.height < H - edge);
  const lines = inner.map((l) => describeLine(l.quad.map((p) => ({ x: box.x0 + (p.x * w) / W, y: box.y0 + (p.y * h) / H })) as Quad, l, image));
  return { lines, scale };
}

const holds = (l: OcrLine, x: number, y: number) => x >= l.rect.left && x <= l.rect.left + l.rect.width && y >= l.rect.top && y <= l.rect.top + l.rect.height;
/** Whether either line's centre lies in the other's bounds: one print read twice. */
export const overlaps = (a: OcrLine, b: OcrLine) => holds(a, b.box.cx, b.box.cy) || holds(b, a.box.cx, a.box.cy);
const within = (l: OcrLine, b: Box) => l.rect.left >= b.x0 && l.rect.top >= b.y0 && l.rect.left + l.rect.width <= b.x1 && l.rect.top + l.rect.height <= b.y1;
const touches = (l: OcrLine, b: Box) => l.rect.left < b.x1 && b.x0 < l.rect.left + l.rect.width && l.rect.top < b.y1 && b.y0 < l.rect.top + l.rect.height;

/**
 * The image's lines with the small print of `regions` detected again (smallPrintAreas). A line
 * read again replaces the whole image's lines it overlaps, except where those cross the area's
 * border: a neighbour's title cut by the area is read again in part, and the part would take the
 * place of the whole line (a licence beside a VAT invoice lost its title so); there the whole
 * image's line stays and the parts are left out.
 */
export async function rereadSmallPrint(image: DecodedImage, lines: OcrLine[], regions: Region[]): Promise<{ lines: OcrLine[]; seenAt: SeenAt; areas: Box[] }> {
  const seenAt: SeenAt = new Map(lines.map((l) => [l, detectorScale(image)]));
  const areas = smallPrintAreas(regions, image);
  if (areas.length === 0) return { lines, seenAt, areas };
  const read = await settleAll(areas.map((box) => readArea(image, box)));
  const crossing = lines.filter((l) => areas.some((b) => touches(l, b) && !within(l, b)));
  const fresh = read.flatMap((r) => r.lines).filter((l) => !crossing.some((c) => overlaps(c, l)));
  read.forEach((r) => r.lines.forEach((l) => seenAt.set(l, r.scale)));
  const replaced = (old: OcrLine) => !crossing.includes(old) && fresh.some((l) => overlaps(l, old));
  return { lines: readingOrder([...lines.filter((l) => !replaced(l)), ...fresh], placeOf), seenAt, areas };
}

/**
 * Whether the region lies within one of the areas detected again (a line's height of slack): only
 * there were its small print's lines looked for at a scale that sees them. A region grouped again
 * from an area's lines may reach beyond the area, which was sized from what the whole image's
 * detector found of the document: a VAT invoice turned a quarter on a cluttered sheet of six, found
 * at first by its title and number block, whose ruled frame, found in the area, reached its totals
 * and seller's box; those the whole image's detector alone had looked at, and lost (bench seed 28).
 */
export function withinAreas(region: Region, areas: Box[]): boolean {
  const { X, Y, W, H } = region.roi, slack = region.unit;
  return areas.some((b) => X >= b.x0 - slack && Y >= b.y0 - slack && X + W <= b.x1 + slack && Y + H <= b.y1 + slack);
}
