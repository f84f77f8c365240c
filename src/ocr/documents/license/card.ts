import { rotateCorners, type Quad } from '../../geometry/quad';
import { lumaAt, type Raster } from '../../image/raster';
import { cropLine } from '../../line';
import { dominantAngle } from '../../order';
import { recognize, type OcrLine } from '../../pipeline';
import * as rec from '../../rec/index';
import type { DecodedChar } from '../../rec/ctc';
import { normaliseText } from '../../text';

/*
 * A licence card as read: its lines in the card's own frame (centres turned back by the
 * dominant text direction, so "same row" and "right of" mean what they mean on the card,
 * whether the photo was taken at an angle, sideways or upside down), and the ways to read
 * more out of it than the first pass gave: a line again with per-character alternatives
 * (for check digits and grammars), or a region where the detector found nothing (a lone
 * 女 after 性别, a `--` in a mass cell).
 */

export interface CardLine {
  /** text as read, spaces removed */
  text: string;
  confidence: number;
  /** centre in the card frame; length along the text and height across it */
  x: number;
  y: number;
  w: number;
  h: number;
  line: OcrLine;
}

export interface Card {
  image: Raster;
  lines: CardLine[];
  /** card-frame angle: image = card turned by this many radians */
  angle: number;
}

/**
 * Red seals overprint labels and values (the vehicle licence's round seal sits on 发动机号码
 * and 注册日期). A reddish pixel is replaced by its red channel as grey: the seal's ink is
 * bright in red and fades into the paper, black print under it stays dark.
 */
export function withoutRedInk(image: Raster): Raster {
  const data = new Uint8Array(image.data);
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i]!, g = data[i + 1]!, b = data[i + 2]!;
    if (r > g + 30 && r > b + 30) data[i + 1] = data[i + 2] = r;
  }
  return { width: image.width, height: image.height, data };
}

/** Difference of two directions in degrees, folded into [0, 180]. */
const apart = (a: number, b: number) => Math.abs(((((a - b + 180) % 360) + 360) % 360) - 180);
const quadAngle = (q: Quad) => (Math.atan2(q[1].y - q[0].y, q[1].x - q[0].x) * 180) / Math.PI;

/**
 * Lines read against the card's direction, read again the card's way: the 0°/180°
 * classifier leaves some short lines of an upside-down photo as they are, and on a card
 * photographed sideways a near-square box (`C1`, `女`) is read across its text. The long
 * lines say which way is up; the box is turned to the quarter that matches it. Weak reads
 * are kept for this (the first pass keeps lines down to 0.3), then dropped below 0.5.
 */
async function upright(image: Raster, lines: OcrLine[]): Promise<OcrLine[]> {
  const up = (dominantAngle(lines.filter((l) => l.box.w > 4 * l.box.h && l.confidence >= 0.5).map((l) => l.box)) * 180) / Math.PI;
  const turns = new Map<OcrLine, Quad>();
  for (const l of lines) {
    if (apart(l.box.angle, up) <= 45) continue;
    const k = [1, 2, 3].reduce((best, k) => (apart(quadAngle(rotateCorners(l.quad, k)), up) < apart(quadAngle(rotateCorners(l.quad, best)), up) ? k : best));
    turns.set(l, rotateCorners(l.quad, k));
  }
  if (turns.size > 0) {
    const read = await rec.run({ image, quads: [...turns.values()] });
    const again = new Map([...turns.keys()].map((l, i) => [l, read.lines[i]!]));
    lines = lines.map((l) => {
      const r = again.get(l);
      if (!r || r.confidence <= l.confidence) return l;
      const quad = turns.get(l)!;
      const w = Math.hypot(quad[1].x - quad[0].x, quad[1].y - quad[0].y), h = Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y);
      return { ...l, text: normaliseText(r.text), confidence: r.confidence, quad, box: { ...l.box, w, h, angle: Math.round(quadAngle(quad) * 10) / 10 } };
    });
  }
  return lines.filter((l) => l.confidence >= 0.5 && l.text.trim() !== '');
}

/** Words printed on driver and vehicle licence cards (labels, their English, titles). */
const CARD_WORDS = /姓名|性别|国籍|住址|出生日期|初次领证|准驾车型|有效期限|有效起始|档案编号|驾驶证|行驶证|号牌号码|车辆类型|所有人|使用性质|品牌型号|识别代号|发动机号|注册日期|发证日期|^(?:Name|Sex|Nationality|Address|DateofBirth|Class|ValidPeriod|ValidFor|VehicleType|Owner|Model|RegisterDate|IssueDate)$/i;

/**
 * The card's own text: the lines within the area its printed words span (grown right, where
 * values follow labels), when at least three of them were read; else every line. A card on
 * a busy background (a newspaper, a car seat with a printed bag) must not have its
 * direction averaged with the background's level print.
 */
function cardText(lines: OcrLine[]): OcrLine[] {
  const words = lines.filter((l) => CARD_WORDS.test(l.text.replace(/\s+/g, '')));
  if (words.length < 3) return lines;
  const xs = words.flatMap((l) => l.quad.map((p) => p.x)), ys = words.flatMap((l) => l.quad.map((p) => p.y));
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const w = x1 - x0, h = y1 - y0;
  const inside = lines.filter((l) => l.box.cx >= x0 - 0.1 * w && l.box.cx <= x1 + 0.6 * w && l.box.cy >= y0 - 0.15 * h && l.box.cy <= y1 + 0.15 * h);
  return inside.length >= 3 ? inside : lines;
}

export async function readCard(input: Raster): Promise<Card> {
  const image = withoutRedInk(input);
  const { lines } = await recognize(image, { minConfidence: 0.3 });
  const straight = await upright(image, lines);
  const angle = dominantAngle(cardText(straight).map((l) => l.box));
  const cos = Math.cos(-angle), sin = Math.sin(-angle);
  return {
    image,
    angle,
    lines: straight
      .map((l) => ({
        text: l.text.replace(/\s+/g, ''),
        confidence: l.confidence,
        x: l.box.cx * cos - l.box.cy * sin,
        y: l.box.cx * sin + l.box.cy * cos,
        w: l.box.w,
        h: l.box.h,
        line: l,
      }))
      .filter((l) => l.text !== ''),
  };
}

/** One line read again with the competing characters of each position. */
export async function readChars(card: Card, line: OcrLine): Promise<DecodedChar[]> {
  const read = await rec.run({ image: card.image, quads: [line.quad], alternatives: 6 });
  return (read.lines[0]?.chars ?? []).map((c) => ({ ...c, char: normaliseText(c.char) || c.char }));
}

/**
 * Where the ink is in a cut-out region (48 px high): dark pixels against the region's own
 * paper, without table rules (a column or row that is nearly all ink) and specks; as
 * fractions of the region's width and height, or undefined when it holds no ink.
 */
export function inkBounds(crop: Raster): { x0: number; x1: number; y0: number; y1: number } | undefined {
  const { width: w, height: h, data } = crop;
  const grey = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) grey[i] = lumaAt(data, i * 3);
  const paper = [...grey].sort((a, b) => a - b)[Math.floor(w * h * 0.75)]!;
  // a rule (a table's, a box's) is a long unbroken run darker than the paper along a column
  // or row, with its anti-aliased neighbours; faint (a thin grey rule in a JPEG) it is still
  // darker than the paper. Glyph strokes and dotted lines break long before.
  const dark = (x: number, y: number) => grey[y * w + x]! < paper * 0.85;
  // gaps of a pixel or two (noise, JPEG) do not break a run
  const longestRun = (n: number, at: (i: number) => boolean) => {
    let best = 0, start = -1, gap = 0;
    for (let i = 0; i < n; i++) {
      if (at(i)) {
        if (start < 0) start = i;
        gap = 0;
        best = Math.max(best, i - start + 1);
      } else if (start >= 0 && ++gap > 2) {
        start = -1;
      }
    }
    return best;
  };
  // a blurred rule is a band of grey a few pixels wide with no dark core: a column (row)
  // whose lighter fifth is still darker than the paper is one too
  const darkestAll = [...grey].sort((a, b) => a - b)[Math.floor(w * h * 0.005)]!;
  const greyish = paper - 0.25 * (paper - darkestAll);
  const lightFifth = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length * 0.8)]!;
  const colRule = Array.from({ length: w }, (_, x) => longestRun(h, (y) => dark(x, y)) > 0.75 * h
    || lightFifth(Array.from({ length: h }, (_, y) => grey[y * w + x]!)) < greyish);
  const rowRule = Array.from({ length: h }, (_, y) => longestRun(w, (x) => dark(x, y)) > Math.max(0.3 * w, 2 * h)
    || lightFifth(Array.from(grey.subarray(y * w, (y + 1) * w))) < greyish);
  const widen = (rule: boolean[]) => rule.map((_, i) => [i - 2, i - 1, i, i + 1, i + 2].some((k) => rule[k]));
  const ruleCol = widen(colRule), ruleRow = widen(rowRule);
  // ink is darker than halfway from the paper to the darkest print off the rules (glare fades
  // print to grey); a region with no print that stands out from the paper holds nothing
  const off: number[] = [];
  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) if (!ruleRow[y] && !ruleCol[x]) off.push(grey[y * w + x]!);
  const darkest = off.sort((a, b) => a - b)[Math.floor(off.length * 0.005)] ?? paper;
  if (paper - darkest < 45) return undefined;
  const threshold = (paper + darkest) / 2;
  const ink = (i: number) => grey[i]! < threshold;
  let x0 = w, x1 = -1, y0 = h, y1 = -1, count = 0;
  for (let y = 1; y < h - 1; y++) {
    if (ruleRow[y]) continue;
    for (let x = 1; x < w - 1; x++) {
      if (ruleCol[x] || !ink(y * w + x)) continue;
      // a speck has no inked neighbour
      if (!ink(y * w + x - 1) && !ink(y * w + x + 1) && !ink((y - 1) * w + x) && !ink((y + 1) * w + x)) continue;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      count++;
    }
  }
  if (count < 8) return undefined;
  return { x0: x0 / w, x1: (x1 + 1) / w, y0: y0 / h, y1: (y1 + 1) / h };
}

export interface RegionRead {
  text: string;
  confidence: number;
  /** the only ink is a thin horizontal stroke (`--`, `一`) */
  dash: boolean;
}

/**
 * A card-frame rectangle where the detector found nothing, read as one line around the
 * ink in it ('' when it holds none): a lone 女 after 性别, a `--` in a mass cell.
 */
export async function readRegion(card: Card, rect: { left: number; right: number; top: number; bottom: number }): Promise<RegionRead> {
  const none = { text: '', confidence: 0, dash: false };
  if (rect.right - rect.left < 4 || rect.bottom - rect.top < 4) return none;
  const cos = Math.cos(card.angle), sin = Math.sin(card.angle);
  const toImage = (x: number, y: number) => ({ x: x * cos - y * sin, y: x * sin + y * cos });
  const region: Quad = [toImage(rect.left, rect.top), toImage(rect.right, rect.top), toImage(rect.right, rect.bottom), toImage(rect.left, rect.bottom)];
  if (!region.every((p) => p.x >= 0 && p.y >= 0 && p.x < card.image.width && p.y < card.image.height)) return none;
  const crop = cropLine(card.image, region);
  const ink = inkBounds(crop);
  if (!ink) return none;
  // a stroke far wider than high and thin: a dash, however the recogniser reads it
  const dash = ink.y1 - ink.y0 < 0.2 && (ink.x1 - ink.x0) * crop.width > 2.5 * (ink.y1 - ink.y0) * crop.height;
  // the ink with a margin, at least half the region high (a dash alone is a thin stroke)
  const hh = Math.max(ink.y1 - ink.y0, 0.5) / 2 + 0.12, cy = (ink.y0 + ink.y1) / 2;
  const fx = [Math.max(0, ink.x0 - 0.1 * hh * 2), Math.min(1, ink.x1 + 0.1 * hh * 2)] as const;
  const fy = [Math.max(0, cy - hh), Math.min(1, cy + hh)] as const;
  const [tl, tr, , bl] = region;
  const at = (u: number, v: number) => ({ x: tl.x + u * (tr.x - tl.x) + v * (bl.x - tl.x), y: tl.y + u * (tr.y - tl.y) + v * (bl.y - tl.y) });
  const quad: Quad = [at(fx[0], fy[0]), at(fx[1], fy[0]), at(fx[1], fy[1]), at(fx[0], fy[1])];
  const line = (await rec.run({ image: card.image, quads: [quad] })).lines[0];
  return line ? { text: normaliseText(line.text).replace(/\s+/g, ''), confidence: line.confidence, dash } : { ...none, dash };
}

/**
 * A line read again over a box stretched along the text by `ends` line heights on each side:
 * the detector's box sometimes stops inside the last character (`2021-09-1`).
 */
export async function readWider(card: Card, line: OcrLine, ends = 0.6): Promise<{ text: string; confidence: number }> {
  const [tl, tr, br, bl] = line.quad;
  const len = Math.hypot(tr.x - tl.x, tr.y - tl.y) || 1;
  const ux = (tr.x - tl.x) / len, uy = (tr.y - tl.y) / len;
  const a = ends * line.box.h;
  const clamp = (p: { x: number; y: number }, s: number) => ({
    x: Math.min(card.image.width - 1, Math.max(0, p.x + s * a * ux)),
    y: Math.min(card.image.height - 1, Math.max(0, p.y + s * a * uy)),
  });
  const quad: Quad = [clamp(tl, -1), clamp(tr, 1), clamp(br, 1), clamp(bl, -1)];
  const read = (await rec.run({ image: card.image, quads: [quad] })).lines[0];
  return read ? { text: normaliseText(read.text).replace(/\s+/g, ''), confidence: read.confidence } : { text: '', confidence: 0 };
}
