import type { DecodedImage } from '../../image/decode';
import { readingOrder } from '../../order';
import { type OcrLine, placeOf } from '../../pipeline';
import { classify } from './classify';
import { ruledRegionOf } from './frames';
import { viewOf } from './read';
import { inQuad, printHeight, type Region, regionOf, regionOrder } from './region';
import { groupLines, MARGIN, MIN_CONFIDENCE } from './regions';
import { type Box, overlaps, readArea, type SeenAt, smallPrintHeight } from './small-print';

/*
 * A document found by its head alone (2582-25). The whole image's detector, seeing a large
 * sheet shrunk, may keep a document's large print and lose every line of its body: a VAT
 * invoice turned a quarter on a cluttered sheet of seven (3320 px high, seen at 0.48) came
 * back as its title alone (bench seed 18). Its region is typed from the head and stands a line
 * deep where its type's paper stands most of its width deep; small-print.ts does not see it,
 * as the head's print is not small. The area where the document must lie, in the head's
 * frame, is detected again and its lines grouped there on their own; the group holding the
 * head is that document's region. The rest of the sheet keeps its regions and lines: grouped
 * again with the new lines, a form's rules found turned with them reached over a neighbour
 * and put another invoice's totals into a taxi receipt. Lines found again in the area that lie
 * on another region's lines are that region's, and left out before grouping (they would link
 * the document to its neighbour).
 */

/** A head is a line or two: its text stands less than this many of its print heights deep. Whole documents of every type stood 11 or more on the bench sheets. */
const HEAD_DEPTH = 4;
/** and less than this share of the depth its type's paper would have for the head's width */
const HEAD_SHARE = 0.5;
/**
 * How wide a document stands at most, in its head's print heights: VAT invoices 27 to 29 of
 * their title's, taxi receipts 18, licences 12 (bench sheets). The area spans that much along
 * the head, centred on it (a title is centred on its paper) with a quarter of it to spare each
 * side, and down from it that width times its type's shape.
 */
const DOCUMENT_WIDTH = 32;
const SPARE = 0.25;
/** and this many print heights above the head: a code or number printed over a title */
const ABOVE = 2;
/**
 * Once placed, the document's own area (its region and this many of its line heights around it)
 * is detected again at its print's scale, as small-print.ts does: the first area, sized for the
 * widest document, was seen about as small as the sheet (a VAT invoice's body, 11 px, was read
 * from it with two digits of its number wrong, bench seed 18).
 */
const PLACED_REACH = 2;

export interface HeadAlone {
  /** the region's index */
  k: number;
  type: string;
  area: Box;
}

/** The regions that are a typed head alone (a type with a shape, its text HEAD_DEPTH deep at most) and the area where each one's document must lie. */
export function headsAlone(regions: Region[], image: { width: number; height: number }): HeadAlone[] {
  return regions.flatMap((region, k) => {
    if (region.whole || region.page) return [];
    const kind = classify(viewOf(region));
    const shape = kind.rule?.shape;
    if (shape === undefined) return [];
    const text = regionOf(region.lines, image, 0);
    const u = printHeight(text);
    if (text.height >= HEAD_DEPTH * u || text.height >= HEAD_SHARE * shape * text.width) return [];
    const [tl, tr, , bl] = text.quad;
    const a = { x: (tr.x - tl.x) / text.width, y: (tr.y - tl.y) / text.width };
    const d = { x: (bl.x - tl.x) / (text.height || 1), y: (bl.y - tl.y) / (text.height || 1) };
    const centre = { x: (tl.x + tr.x) / 2, y: (tl.y + tr.y) / 2 };
    const width = DOCUMENT_WIDTH * u, half = Math.max(text.width / 2, width / 2) + SPARE * width;
    const corners = [-half, half].flatMap((s) => [-ABOVE * u, shape * width].map((v) => ({ x: centre.x + a.x * s + d.x * v, y: centre.y + a.y * s + d.y * v })));
    const xs = corners.map((p) => p.x), ys = corners.map((p) => p.y);
    const area = { x0: Math.max(0, Math.floor(Math.min(...xs))), y0: Math.max(0, Math.floor(Math.min(...ys))), x1: Math.min(image.width, Math.ceil(Math.max(...xs))), y1: Math.min(image.height, Math.ceil(Math.max(...ys))), unit: u };
    return [{ k, type: kind.type, area }];
  });
}

export interface Bodies {
  lines: OcrLine[];
  seenAt: SeenAt;
  regions: Region[];
  /** the areas detected again so far (small-print.ts), those where a head's document was found added */
  areas?: Box[];
}

/**
 * The sheet with each head alone's document found (headsAlone): its area's lines detected again
 * (`read`, small-print.ts readArea), those on other regions' lines left out, the rest grouped on
 * their own; the group holding the head found again replaces the head's region when it holds
 * more than the head and is of the head's type, and its lines replace the sheet's there. The
 * sheet as it was (the same objects) when no region is a head alone.
 */
export async function findBodies(image: DecodedImage, sheet: Bodies, read = readArea): Promise<Bodies> {
  const heads = headsAlone(sheet.regions, image);
  if (heads.length === 0) return sheet;
  let { lines, regions } = sheet;
  const seenAt: SeenAt = new Map(sheet.seenAt);
  const areas = [...(sheet.areas ?? [])];
  for (const { k, type, area } of heads) {
    const head = regions[k]!;
    const others = regions.flatMap((r, m) => (m === k ? [] : r.lines));
    const body = async (box: Box) => {
      const found = await read(image, box);
      const own = found.lines.filter((l) => !others.some((o) => overlaps(o, l)));
      const { groups, frames } = groupLines(image, own.filter((l) => l.confidence >= MIN_CONFIDENCE));
      // the group holding most of the head's lines found again
      const hits = groups.map((g) => g.filter((l) => head.lines.some((h) => overlaps(h, l))).length);
      const group = groups[hits.indexOf(Math.max(...hits))];
      const region = group && ruledRegionOf(group, image, MARGIN, frames);
      const typed = region && classify(viewOf(region)).type;
      trace(`2582-25 head alone: ${type} at ${JSON.stringify(head.roi)}, area ${JSON.stringify(box)} detected again at ${found.scale.toFixed(2)}: ${found.lines.length} lines, ${own.length} on no other region; the head's group ${group?.length ?? 0} lines, typed ${typed ?? '-'}`);
      if (!group || !region || !hits.some((n) => n > 0) || group.length <= head.lines.length || typed !== type) return undefined;
      // the group's lines, and those read with low confidence in its region (extractors that keep them get them)
      const added = [...group, ...own.filter((l) => l.confidence < MIN_CONFIDENCE && inQuad(region.quad, l.box.cx, l.box.cy))];
      return { region, added, scale: found.scale, box };
    };
    const first = await body(area);
    if (!first) continue;
    const { roi } = first.region, pad = PLACED_REACH * first.region.unit;
    const placed = { x0: Math.max(0, roi.X - pad), y0: Math.max(0, roi.Y - pad), x1: Math.min(image.width, roi.X + roi.W + pad), y1: Math.min(image.height, roi.Y + roi.H + pad), unit: smallPrintHeight(first.region.lines) };
    const { region, added, scale, box } = (await body(placed)) ?? first;
    added.forEach((l) => seenAt.set(l, scale));
    areas.push(box);
    lines = readingOrder([...lines.filter((l) => !added.some((n) => overlaps(n, l))), ...added], placeOf);
    regions = regions.map((r, m) => (m === k ? region : r));
  }
  return regions === sheet.regions ? sheet : { lines, seenAt, regions: regionOrder(regions), areas };
}

function trace(message: string): void {
  // a dev switch: says where the path triggers on the bench sheets
  if (process.env.MIXED_TRACE === '1') process.stderr.write(`${message}\n`);
}
