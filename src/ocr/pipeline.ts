import * as det from './det/index';
import { rotateCorners, type Quad } from './geometry/quad';
import { decodeImage } from './image/decode';
import type { Raster } from './image/raster';
import { isSquare, turnsFromNeighbours, uprightQuad } from './direction';
import { quadSize } from './line';
import { readingOrder } from './order';
import * as rec from './rec/index';
import type { DecodedChar } from './rec/ctc';
import type { ReadLine } from './rec/read';
import { settleAll } from './runtime/settle';
import { normaliseText } from './text';

/*
 * det → (turn tall boxes a quarter) → cls (0°/180°) → rec, PaddleOCR's TextSystem, and
 * then the boxes too square to show a direction, turned as their neighbours read
 * (direction.ts). Boxes are found on a scaled copy but cut from the full-resolution image.
 * cls and rec run line by line on the recognition threads (runtime/line-queue.ts), each line cut
 * once for both.
 */

export interface OcrLine {
  text: string;
  /** Mean of the kept CTC maxima, 0..1. */
  confidence: number;
  /** Corners TL, TR, BR, BL of the text as read (an upside-down line starts bottom right). */
  quad: Quad;
  /** Rotated box: centre, length along the text, height across it, text direction in degrees
   * clockwise from the x axis, in [-180, 180]. */
  box: { cx: number; cy: number; w: number; h: number; angle: number };
  /** Axis-aligned bounds in whole pixels. */
  rect: { left: number; top: number; width: number; height: number };
  /** Each character with the classes that competed for it, when asked (RecognizeOptions.alternatives). */
  chars?: DecodedChar[];
}

export interface RecognizeOptions {
  /** Longest side the detector sees; by default chosen from the image size (det/side.ts). */
  detSide?: number;
  /** Lines read with a lower confidence are dropped (PaddleOCR drop_score). */
  minConfidence?: number;
  /** Set false to skip the 0°/180° classifier. */
  useCls?: boolean;
  /**
   * Keep this many competing classes per character (OcrLine.chars): an extractor that weighs
   * them (VIN check digits) then need not read the lines a second time.
   */
  alternatives?: number;
}

export interface Timings {
  decode: number;
  det: number;
  /** Classifier time summed over the lines: it runs inside the rec stage, on several threads. */
  cls: number;
  /** The line stage, classifier included, from first line to last. */
  rec: number;
  total: number;
}

export interface RecognizeResult {
  width: number;
  height: number;
  lines: OcrLine[];
  timings: Timings;
}

/** A line read at `quad` in an image of that size: its rotated box and whole-pixel bounds derived from the quad. */
export function describeLine(quad: Quad, { text, confidence, chars }: { text: string; confidence: number; chars?: DecodedChar[] }, image: { width: number; height: number }): OcrLine {
  const { width, height } = quadSize(quad);
  const cx = quad.reduce((s, p) => s + p.x, 0) / 4;
  const cy = quad.reduce((s, p) => s + p.y, 0) / 4;
  const angle = (Math.atan2(quad[1].y - quad[0].y, quad[1].x - quad[0].x) * 180) / Math.PI;
  const xs = quad.map((p) => p.x), ys = quad.map((p) => p.y);
  const left = Math.max(0, Math.floor(Math.min(...xs))), top = Math.max(0, Math.floor(Math.min(...ys)));
  const right = Math.min(image.width, Math.ceil(Math.max(...xs))), bottom = Math.min(image.height, Math.ceil(Math.max(...ys)));
  return {
    text,
    confidence,
    quad: quad.map((p) => ({ x: round1(p.x), y: round1(p.y) })) as Quad,
    box: { cx: round1(cx), cy: round1(cy), w: round1(width), h: round1(height), angle: round1(angle) },
    rect: { left, top, width: right - left, height: bottom - top },
    ...(chars ? { chars } : {}),
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Lines already read on an image, for whoever recognizes that image next: 2582-25 reads a
 * sheet's lines once and hands each region's crop to its type's extractor with the lines that
 * lie in it (in the crop's pixels, read with no confidence floor), so the extractor does not
 * detect and read them again. Used only when the reading asks for nothing those lines lack
 * (its own detector size, competing characters, no classifier); any other reading, or another
 * image cut from this one, is read afresh.
 */
const readBefore = new WeakMap<Raster, OcrLine[]>();

export function withLinesRead(image: Raster, lines: OcrLine[]): void {
  readBefore.set(image, lines);
}

/**
 * The lines the classifier turned over that are read upright again: those it turned among lines
 * most of which it left upright. Lines along the image and lines turned a quarter (tall boxes,
 * uprightQuad) are judged apart: a document turned a quarter the other way (two receipts of the
 * photo of eight taxi invoices, 67 of its 299 lines) has every line turned over, and rightly, as a
 * page turned over as a whole has, however upright the rest of the image stands.
 */
export function turnedAmongUpright(turned: boolean[], quarter: boolean[]): number[] {
  const mostlyUpright = (q: boolean) => {
    const axis = turned.filter((_, i) => quarter[i] === q);
    return axis.filter(Boolean).length * 2 < axis.length;
  };
  const judged = [mostlyUpright(false), mostlyUpright(true)];
  return turned.flatMap((t, i) => (t && judged[Number(quarter[i])] ? [i] : []));
}

/**
 * The classifier turns upright lines over too, dot-matrix print and short runs of digits most (a
 * taxi invoice's BAG6458 read turned as 8939588 at 0.39): on a page most of whose lines read
 * upright, each line it turned is read upright as well and the surer reading kept
 * (turnedAmongUpright). Returns the time.
 */
async function rereadUpright(image: Raster, at: number[], boxes: Quad[], read: ReadLine[], quads: Quad[], alternatives?: number): Promise<number> {
  const quarter = at.map((i) => uprightQuad(boxes[i]!) !== boxes[i]);
  const turned = turnedAmongUpright(at.map((i) => read[i]!.turned), quarter).map((k) => at[k]!);
  if (turned.length === 0) return 0;
  const upright = turned.map((i) => uprightQuad(boxes[i]!));
  const again = await rec.run({ image, quads: upright, alternatives });
  turned.forEach((i, k) => {
    if (again.lines[k]!.confidence <= read[i]!.confidence) return;
    read[i] = again.lines[k]!;
    quads[i] = upright[k]!;
  });
  return again.ms;
}

/** A line's place for readingOrder (order.ts). */
export const placeOf = (l: OcrLine) => ({ centre: { x: l.box.cx, y: l.box.cy }, height: l.box.h, width: l.box.w, angle: l.box.angle });

export async function recognize(input: Raster | Uint8Array, options: RecognizeOptions = {}): Promise<RecognizeResult> {
  const started = performance.now();
  const image = input instanceof Uint8Array ? await decodeImage(input) : input;
  const decoded = performance.now();
  const known = readBefore.get(image);
  if (known && options.detSide === undefined && options.alternatives === undefined && options.useCls !== false) {
    const minConfidence = options.minConfidence ?? 0.5;
    const lines = readingOrder(known.filter((l) => l.confidence >= minConfidence), placeOf);
    return { width: image.width, height: image.height, lines, timings: { decode: decoded - started, det: 0, cls: 0, rec: 0, total: performance.now() - started } };
  }

  const found = await det.run({ image, side: options.detSide });
  const boxes = found.boxes.map((b) => b.quad);
  const classify = options.useCls !== false;
  const alternatives = options.alternatives;
  const quads: Quad[] = boxes.map(uprightQuad);
  const read: ReadLine[] = [];
  const keep = (at: number[], out: rec.RecOutput) =>
    at.forEach((i, k) => {
      read[i] = out.lines[k]!;
      // a line read turned over starts at its bottom-right corner
      if (read[i].turned) quads[i] = rotateCorners(quads[i]!, 2);
    });
  const square = boxes.map(isSquare);
  const indices = (wanted: boolean) => square.flatMap((s, i) => (s === wanted ? [i] : []));

  // lines that show their direction first
  const lineAt = indices(false);
  const first = await rec.run({ image, quads: lineAt.map((i) => quads[i]!), classify, alternatives });
  keep(lineAt, first);
  const second = classify ? await rereadUpright(image, lineAt, boxes, read, quads, alternatives) : 0;
  // then boxes too square to show it, turned as the line nearest to them reads; those with
  // no line near are classified as lines are
  const squareAt = indices(true);
  const turns = turnsFromNeighbours(squareAt.map((i) => boxes[i]!), lineAt.map((i) => quads[i]!));
  const guided: number[] = [], alone: number[] = [];
  squareAt.forEach((i, k) => {
    const turn = turns[k];
    if (turn === undefined) return void alone.push(i);
    quads[i] = rotateCorners(boxes[i]!, turn);
    guided.push(i);
  });
  const [byNeighbour, byClassifier] = (await settleAll([
    rec.run({ image, quads: guided.map((i) => quads[i]!), alternatives }),
    rec.run({ image, quads: alone.map((i) => quads[i]!), classify, alternatives }),
  ])) as [rec.RecOutput, rec.RecOutput];
  keep(guided, byNeighbour);
  keep(alone, byClassifier);

  const clsMs = read.reduce((sum, line) => sum + line.clsMs, 0);
  const minConfidence = options.minConfidence ?? 0.5;
  const lines: OcrLine[] = [];
  read.forEach((line, i) => {
    const text = normaliseText(line.text);
    if (text === '' || line.confidence < minConfidence) return;
    lines.push(describeLine(quads[i]!, { text, confidence: line.confidence, chars: line.chars }, image));
  });
  return {
    width: image.width,
    height: image.height,
    lines: readingOrder(lines, placeOf),
    timings: { decode: decoded - started, det: found.ms, cls: clsMs, rec: first.ms + second + Math.max(byNeighbour.ms, byClassifier.ms), total: performance.now() - started },
  };
}
