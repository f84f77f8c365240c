import { chooseDetSide } from '../../det/side';
import type { Point, Quad } from '../../geometry/quad';
import type { DecodedImage } from '../../image/decode';
import { dominantAngle } from '../../order';
import { describeLine, type OcrLine } from '../../pipeline';
import { warpQuadBanded } from '../../runtime/warp-bands';

/*
 * One document's region: its lines, its frame (the direction of its text) and its extent in
 * that frame, and the upright image of it that the type's extractor reads. Coordinates in a
 * document's Data are pixels of that upright crop.
 */

export interface Region {
  lines: OcrLine[];
  /** direction of the region's text, degrees clockwise from the x axis */
  angle: number;
  /** the region's corners TL TR BR BL in the image, in its own frame (TL is top-left as read) */
  quad: Quad;
  /** axis-aligned bounds in the image, whole pixels */
  roi: { X: number; Y: number; W: number; H: number };
  /** median height of its lines: the region's text scale */
  unit: number;
  /** size along and across its text */
  width: number;
  height: number;
  /** the region is the whole image: its extractor reads the image as it is */
  whole?: boolean;
  /** most of its lines lie inside a ruled table (frames.ts) */
  ruled?: boolean;
  /** one page of blocks of text, none of them of a type (regions.ts): general text however its lines pool */
  page?: boolean;
  /** it holds no anchor and is of no type but bears cues of one (regions.ts): a piece of a document its detector broke */
  piece?: boolean;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

/** A line long enough for its angle to tell the text's direction (a lone character's box says nothing). */
export const directional = (l: OcrLine) => l.box.w >= 2 * l.box.h;

/** The angle between two directions (degrees, 0 to 180). */
export const angleGap = (a: number, b: number) => Math.abs(((((a - b + 180) % 360) + 360) % 360) - 180);

/**
 * The direction most of the text runs (radians): the mean of the lines within 30° of the
 * direction that has the most text along it. A document's few lines running another way (its
 * margin's turned print, a line read upside down) do not turn its frame.
 */
function frameAngle(lines: OcrLine[]): number {
  const support = (l: OcrLine) => lines.reduce((s, o) => s + (angleGap(o.box.angle, l.box.angle) <= 30 ? o.box.w : 0), 0);
  let best = lines[0]!, most = -1;
  for (const l of lines) {
    const s = support(l);
    if (s > most) [best, most] = [l, s];
  }
  return dominantAngle(lines.filter((o) => angleGap(o.box.angle, best.box.angle) <= 30).map((l) => ({ angle: l.box.angle, w: l.box.w })));
}

/** A ruled table's geometry (frames.ts): the skew of its rules and their corners in the image. */
export interface Ruling {
  skew: number;
  corners: Point[];
}

/**
 * The region of `lines`. With a `ruling` its skew is the rules' (a table's short cells tell
 * their direction poorly; its text says only which quarter it is turned) and it holds the
 * rules' corners: a last row whose text sits high in its cell keeps its bottom rule.
 */
export function regionOf(lines: OcrLine[], image: { width: number; height: number }, margin: number, ruling?: Ruling): Region {
  const directed = lines.filter(directional);
  const text = frameAngle(directed.length ? directed : lines);
  const rad = ruling ? ((Math.round((text * 180) / Math.PI / 90) * 90 + ruling.skew) * Math.PI) / 180 : text;
  // near-level text is treated as level: resampling a scan for a fraction of a degree only blurs it
  const turn = Math.abs(rad) < (1.5 * Math.PI) / 180 ? 0 : rad;
  const cos = Math.cos(turn), sin = Math.sin(turn);
  const unit = median(lines.map((l) => l.box.h)) || 1;
  let u0 = Infinity, u1 = -Infinity, v0 = Infinity, v1 = -Infinity;
  for (const p of [...lines.flatMap((l) => l.quad), ...(ruling?.corners ?? [])]) {
    const u = p.x * cos + p.y * sin, v = -p.x * sin + p.y * cos;
    u0 = Math.min(u0, u);
    u1 = Math.max(u1, u);
    v0 = Math.min(v0, v);
    v1 = Math.max(v1, v);
  }
  const pad = margin * unit;
  [u0, u1, v0, v1] = [u0 - pad, u1 + pad, v0 - pad, v1 + pad];
  const at = (u: number, v: number) => ({ x: u * cos - v * sin, y: u * sin + v * cos });
  let quad: Quad = [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)];
  if (turn === 0) {
    // level: clip to the image instead of replicating its border
    const x0 = Math.max(0, u0), y0 = Math.max(0, v0), x1 = Math.min(image.width, u1), y1 = Math.min(image.height, v1);
    quad = [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
  }
  const xs = quad.map((p) => p.x), ys = quad.map((p) => p.y);
  const X = Math.max(0, Math.floor(Math.min(...xs))), Y = Math.max(0, Math.floor(Math.min(...ys)));
  const right = Math.min(image.width, Math.ceil(Math.max(...xs))), bottom = Math.min(image.height, Math.ceil(Math.max(...ys)));
  return {
    lines,
    angle: Math.round(((turn * 180) / Math.PI) * 10) / 10,
    quad,
    roi: { X, Y, W: Math.max(0, right - X), H: Math.max(0, bottom - Y) },
    unit,
    width: Math.hypot(quad[1].x - quad[0].x, quad[1].y - quad[0].y),
    height: Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y),
  };
}

/** The whole image as one region (one document fills it). */
export function wholeImage(lines: OcrLine[], image: { width: number; height: number }): Region {
  const r = regionOf(lines, image, 0);
  const { width, height } = image;
  return { ...r, quad: [{ x: 0, y: 0 }, { x: width, y: 0 }, { x: width, y: height }, { x: 0, y: height }], roi: { X: 0, Y: 0, W: width, H: height }, width, height, whole: true };
}

/**
 * Print smaller than this (a line's height in pixels) is read from a crop enlarged to it, at
 * most MAX_ENLARGE times: a sheet pastes documents smaller than they are printed alone, and a
 * VAT invoice's amounts and numbers at 20 px were read right 35 times in 50 at the image's
 * scale, 42 in 50 enlarged to 32 px (25 bench sheets, seeds 1 and 2).
 */
const READ_HEIGHT = 32;
const MAX_ENLARGE = 2;

/** Full-width (CJK) characters stand about as wide as high, Latin letters and digits about half as wide. */
const charWidth = (c: string) => (c.charCodeAt(0) < 0x2e80 ? 0.55 : 1);
/** Lines this long (characters) say their pitch: a short one's box is mostly its padding. */
const PITCH_CHARS = 4;
/**
 * A line's box stands about this many times its character pitch high when its detector saw
 * it well (bench sheets: 1.25 to 1.5 for every type's print read at its own size).
 */
const BOX_PER_PITCH = 1.4;

/**
 * The height the region's lines would have, boxed by a detector that saw them at their size:
 * their median height, but no more than their character pitch says. A sheet's detector, seeing
 * small print shrunk, draws its boxes loose (a VAT invoice's 17 px lines boxed 29 px high on a
 * sheet of seven), and the crop enlarged by that height stayed too small to read its labels
 * (发票号码 read as 发票码 at 1.1×, right at 1.8×). The pitch, width over characters, does
 * not grow with the box's height.
 */
export function printHeight(region: Region): number {
  const pitches = region.lines.flatMap((l) => pitchOf(l) ?? []);
  return pitches.length ? Math.min(region.unit, BOX_PER_PITCH * median(pitches)) : region.unit;
}

/** A line's character pitch (px): its width over its characters; undefined when it is too short to say. */
const pitchOf = (l: OcrLine): number | undefined => ([...l.text].length >= PITCH_CHARS ? l.box.w / [...l.text].reduce((s, c) => s + charWidth(c), 0) : undefined);

/** One line's height as printHeight takes it: no more than its character pitch says. */
export function linePrintHeight(l: OcrLine): number {
  const pitch = pitchOf(l);
  return pitch === undefined ? l.box.h : Math.min(l.box.h, BOX_PER_PITCH * pitch);
}

/** How much print of this height (px) is enlarged to be read: brought to READ_HEIGHT, at most MAX_ENLARGE times. */
export const enlargementFor = (height: number): number => Math.min(MAX_ENLARGE, Math.max(1, READ_HEIGHT / height));

/** How much the region's crop is enlarged for its extractor: its print brought to READ_HEIGHT. */
export const enlargement = (region: Region): number => enlargementFor(printHeight(region));

/** A w × h area enlarged `e` times: its size in pixels and the scale its detector sees it at (detector pixels per image pixel). */
export function enlarged(w: number, h: number, e: number): { width: number; height: number; scale: number } {
  const width = Math.max(1, Math.round(w * e)), height = Math.max(1, Math.round(h * e));
  return { width, height, scale: (e * chooseDetSide(width, height)) / Math.max(width, height) };
}

/**
 * A region standing within this share of its type's proportion is taken for whole: whole VAT
 * invoices' regions stood 0.63 to 0.70 of their width on the bench sheets, one missing its far
 * end 0.59; 2010's, its lower half not found, 0.37.
 */
const SHORT = 0.75;

/**
 * The region grown down its frame (away from its head, as its text reads) until it stands
 * `proportion` of its width high; undefined when it stands SHORT of that or higher. A document typed
 * from its head (a VAT invoice's title and number block) whose lower part the detector found
 * nothing of is cut to the height its type's text stands for its width (types.ts `proportion`).
 */
export function stretched(region: Region, proportion: number | undefined, image: { width: number; height: number }): Region | undefined {
  if (proportion === undefined || region.whole || region.height >= SHORT * proportion * region.width) return undefined;
  const [tl, tr, br, bl] = region.quad, k = (proportion * region.width) / region.height;
  const down = (top: Point, bottom: Point) => ({ x: top.x + (bottom.x - top.x) * k, y: top.y + (bottom.y - top.y) * k });
  const quad: Quad = [tl, tr, down(tr, br), down(tl, bl)];
  const xs = quad.map((p) => p.x), ys = quad.map((p) => p.y);
  const X = Math.max(0, Math.floor(Math.min(...xs))), Y = Math.max(0, Math.floor(Math.min(...ys)));
  const W = Math.min(image.width, Math.ceil(Math.max(...xs))) - X, H = Math.min(image.height, Math.ceil(Math.max(...ys))) - Y;
  return { ...region, quad, roi: { X, Y, W, H }, height: proportion * region.width };
}

/**
 * The region turned upright, at the image's scale times `scale`; a large crop is cut a band a
 * thread with the recognition helpers not reading a line (runtime/warp-bands.ts: a sheet's
 * regions are cut at once as they begin to be read, while the helpers have nothing to read yet).
 */
export async function cropRegion(image: DecodedImage, region: Region, scale = 1): Promise<DecodedImage> {
  if (region.whole) return image;
  const w = Math.max(1, Math.round(region.width)), h = Math.max(1, Math.round(region.height));
  const { width, height } = enlarged(w, h, scale);
  return { ...(await warpQuadBanded(image, region.quad, width, height, w, h)), format: image.format };
}

/**
 * Text this many pixels high, as the detector saw it, is found as well as in the region's crop
 * at its own size: its lines need not be read again (mixed/read.ts). Smaller print is read
 * again from the crop, where the detector sees it larger.
 */
const SEEN_WELL = 12;

/**
 * Whether the lines already read serve for the region: its text (median line) stood SEEN_WELL
 * high for the detector that found it. `scaleOf`: the scale a line was detected at (the whole
 * image's, or that of an area detected again: small-print.ts).
 */
export function seenWell(region: Region, scaleOf: (l: OcrLine) => number): boolean {
  return median(region.lines.map((l) => l.box.h * Math.min(1, scaleOf(l)))) >= SEEN_WELL;
}

/** Whether the point lies in the quad (corners clockwise on the image, as regions' are). */
export const inQuad = (q: Quad, x: number, y: number) =>
  q.every((a, i) => {
    const b = q[(i + 1) % 4]!;
    return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) >= 0;
  });

/**
 * The image's lines whose centre lies in the region, in the pixels of its upright crop
 * (cropRegion): what the region's extractor would read from the crop.
 */
export function linesInCrop(region: Region, lines: OcrLine[]): OcrLine[] {
  if (region.whole) return lines;
  const [o, right, , down] = region.quad;
  const ax = right.x - o.x, ay = right.y - o.y, bx = down.x - o.x, by = down.y - o.y;
  const la = Math.hypot(ax, ay) || 1, lb = Math.hypot(bx, by) || 1;
  const w = Math.max(1, Math.round(region.width)), h = Math.max(1, Math.round(region.height));
  const toCrop = (p: { x: number; y: number }) => ({ x: ((p.x - o.x) * ax + (p.y - o.y) * ay) / la, y: ((p.x - o.x) * bx + (p.y - o.y) * by) / lb });
  return lines
    .filter((l) => inQuad(region.quad, l.box.cx, l.box.cy))
    .map((l) => describeLine(l.quad.map(toCrop) as Quad, l, { width: w, height: h }));
}

/** Rows of regions top to bottom (tops within half a region's height), left to right in a row. */
export function regionOrder(regions: Region[]): Region[] {
  const sorted = [...regions].sort((a, b) => a.roi.Y - b.roi.Y);
  const rows: Region[][] = [];
  for (const r of sorted) {
    const row = rows[rows.length - 1];
    if (row && r.roi.Y < row[0]!.roi.Y + Math.min(row[0]!.roi.H, r.roi.H) / 2) row.push(r);
    else rows.push([r]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.roi.X - b.roi.X));
}
