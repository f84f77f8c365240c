import { throwIfCancelled } from '../runtime/cancel';
import type { XmlElement } from '../xml/parse';
import { at, child, childrenNamed, walk } from '../xml/query';
import { type MediaRef, type OfdPackage, numbers, readResources, readXmlPart, resolve } from './package';

/*
 * One page's drawable content that matters for reading it: its text objects (page content and
 * the template pages under it) with every glyph placed in page millimetres, and its images
 * (where a QR code would be). GB/T 33190 §11: an object's Boundary places its own coordinate
 * space on the page, its CTM maps object space into that; a TextCode's X/Y is the first glyph's
 * baseline and DeltaX/DeltaY ("g N d" repeats d N times) the steps to the next glyphs.
 * Templates may name further templates; each is read once, so a cycle ends.
 */

export interface Run {
  text: string;
  /** baseline start, page millimetres (y down) */
  x: number;
  y: number;
  /** unit vector along the text */
  dx: number;
  dy: number;
  /** length along the text, millimetres */
  length: number;
  /** font size on the page, millimetres */
  size: number;
}

export interface TextObject {
  id: string;
  text: string;
  runs: Run[];
}

export interface ImageObject {
  resourceId: string;
  media?: MediaRef;
  /** where the image's unit square lands on the page: x0, y0, x1, y1 in millimetres */
  rect: [number, number, number, number];
}

export interface OfdPageContent {
  /** page box in millimetres: width and height */
  width: number;
  height: number;
  texts: TextObject[];
  images: ImageObject[];
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function matrixOf(text: string | undefined): Matrix {
  const m = numbers(text);
  return m.length === 6 ? (m as Matrix) : IDENTITY;
}

const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/** "1 2 g 3 0.5 4" → [1, 2, 0.5, 0.5, 0.5, 4]; at most `limit` values. */
export function expandDeltas(text: string | undefined, limit: number): number[] {
  const tokens = (text ?? '').trim().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < tokens.length && out.length < limit; i++) {
    if (tokens[i] === 'g') {
      const count = Math.min(Number(tokens[i + 1]), limit - out.length);
      const value = Number(tokens[i + 2]);
      if (Number.isFinite(count) && Number.isFinite(value)) for (let k = 0; k < count; k++) out.push(value);
      i += 2;
    } else {
      const v = Number(tokens[i]);
      if (Number.isFinite(v)) out.push(v);
    }
  }
  return out;
}

const isWide = (c: string) => c.codePointAt(0)! >= 0x2e80;

/**
 * A text object's glyphs as runs: a TextCode is cut where the step to the next glyph is much
 * longer than the glyph (a label printed spread out, "名    称"), and read one glyph a run when
 * it is set vertically.
 */
function textRuns(obj: XmlElement): Run[] {
  const box = numbers(obj.attrs.Boundary);
  const [bx = 0, by = 0] = box;
  const ctm = matrixOf(obj.attrs.CTM);
  const toPage = (x: number, y: number): [number, number] => {
    const [px, py] = apply(ctm, x, y);
    return [px + bx, py + by];
  };
  const scale = Math.hypot(ctm[2], ctm[3]) || 1;
  const size = (Number(obj.attrs.Size) || 0) * scale;
  const runs: Run[] = [];
  let x = 0, y = 0;
  for (const code of childrenNamed(obj, 'TextCode')) {
    const glyphs = [...code.text.trim()];
    if (code.attrs.X !== undefined) x = Number(code.attrs.X) || 0;
    if (code.attrs.Y !== undefined) y = Number(code.attrs.Y) || 0;
    if (glyphs.length === 0) continue;
    const stepsX = expandDeltas(code.attrs.DeltaX, glyphs.length - 1);
    const stepsY = expandDeltas(code.attrs.DeltaY, glyphs.length - 1);
    const vertical = stepsY.length > 0 && stepsX.length === 0;
    const unit = Number(obj.attrs.Size) || 1;
    const positions: [number, number][] = [];
    for (let i = 0; i < glyphs.length; i++) {
      positions.push([x, y]);
      const advance = isWide(glyphs[i]!) ? unit : unit / 2;
      if (vertical) y += stepsY[i] ?? unit;
      else {
        x += stepsX[i] ?? advance;
        y += stepsY[i] ?? 0;
      }
    }
    let start = 0;
    const flush = (end: number) => {
      const [sx, sy] = toPage(...positions[start]!);
      const [ex, ey] = toPage(...positions[end - 1]!);
      const text = glyphs.slice(start, end).join('');
      const last = glyphs[end - 1]!;
      const along = Math.hypot(ex - sx, ey - sy);
      const [ux, uy] = along > 1e-6 ? [(ex - sx) / along, (ey - sy) / along] : (() => {
        const [ax, ay] = apply(ctm, 1, 0);
        const [ox, oy] = apply(ctm, 0, 0);
        const n = Math.hypot(ax - ox, ay - oy) || 1;
        return [(ax - ox) / n, (ay - oy) / n];
      })();
      runs.push({ text, x: sx, y: sy, dx: ux, dy: uy, length: along + size * (isWide(last) ? 1 : 0.5), size });
      start = end;
    };
    for (let i = 1; i < glyphs.length; i++) {
      const expected = isWide(glyphs[i - 1]!) ? unit : unit / 2;
      const step = Math.hypot(positions[i]![0] - positions[i - 1]![0], positions[i]![1] - positions[i - 1]![1]);
      if (vertical || step - expected > 0.8 * unit) flush(i);
    }
    flush(glyphs.length);
  }
  return runs.filter((r) => r.text.trim() !== '' && r.size > 0);
}

function imageObject(obj: XmlElement, media: Map<string, MediaRef>): ImageObject {
  const [bx = 0, by = 0] = numbers(obj.attrs.Boundary);
  const ctm = matrixOf(obj.attrs.CTM);
  const corners = [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)];
  const xs = corners.map((c) => c[0] + bx), ys = corners.map((c) => c[1] + by);
  const resourceId = obj.attrs.ResourceID ?? '';
  const ref = media.get(resourceId);
  return { resourceId, ...(ref ? { media: ref } : {}), rect: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
}

/** Text and image objects of one content part (page or template), templates under it first. */
async function collect(pkg: OfdPackage, path: string, seen: Set<string>, media: Map<string, MediaRef>, out: OfdPageContent): Promise<XmlElement> {
  seen.add(path);
  const page = await readXmlPart(pkg.zip, path);
  for (const res of childrenNamed(page, 'PageRes')) {
    const resPath = resolve(path, res.text);
    if (resPath) await readResources(pkg.zip, resPath, media);
  }
  for (const t of childrenNamed(page, 'Template')) {
    const tplPath = pkg.templates.get(t.attrs.TemplateID ?? '');
    if (tplPath && !seen.has(tplPath) && pkg.zip.has(tplPath)) await collect(pkg, tplPath, seen, media, out);
  }
  throwIfCancelled();
  const content = child(page, 'Content');
  if (content) {
    for (const el of walk(content)) {
      if (el.name === 'TextObject') {
        const runs = textRuns(el);
        if (runs.length) out.texts.push({ id: el.attrs.ID ?? '', text: runs.map((r) => r.text).join(''), runs });
      } else if (el.name === 'ImageObject') out.images.push(imageObject(el, media));
    }
  }
  return page;
}

/** The content of page `index` (0-based) of the package. */
export async function readPage(pkg: OfdPackage, index: number): Promise<OfdPageContent> {
  const entry = pkg.pages[index]!;
  const out: OfdPageContent = { width: 0, height: 0, texts: [], images: [] };
  const media = new Map(pkg.media);
  const page = await collect(pkg, entry.path, new Set(), media, out);
  const box = numbers(at(page, 'Area', 'PhysicalBox')?.text);
  const [, , w = 0, h = 0] = box.length === 4 ? box : pkg.pageArea;
  out.width = w > 0 ? w : 210;
  out.height = h > 0 ? h : 297;
  return out;
}
