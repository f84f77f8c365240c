import type { Quad } from '../geometry/quad';
import { textItemsToLines, type PdfTextItem } from '../pdf/lines';
import type { OcrLine } from '../pipeline';
import type { Run, TextObject } from './page';

/*
 * OFD text as the lines every field reader takes (the PDF text layer's line builder, fed the
 * same kind of positioned runs). Pixels are page millimetres at OFD_DPI, 144 dpi as PDF pages
 * are measured (pdf/index.ts SCALE 2), origin top-left (DESIGN.md §5).
 */

export const OFD_DPI = 144;
export const PX_PER_MM = OFD_DPI / 25.4;

/** A run as a pdfjs-style text item in page millimetres, y down: "up" is the text direction turned a quarter back. */
function toItem(run: Run): PdfTextItem {
  const { dx, dy, size } = run;
  return { str: run.text, transform: [dx * size, dy * size, dy * size, -dx * size, run.x, run.y], width: run.length };
}

const toPixels = (x: number, y: number) => [x * PX_PER_MM, y * PX_PER_MM];

export function ofdLines(texts: TextObject[]): OcrLine[] {
  return textItemsToLines(texts.flatMap((t) => t.runs.map(toItem)), toPixels);
}

/** The corners (pixels) of a text object's glyphs, as a line box: for Box of a value a tag points at. */
export function objectQuad(text: TextObject): Quad {
  const lines = ofdLines([text]);
  const xs = lines.flatMap((l) => l.quad.map((p) => p.x)), ys = lines.flatMap((l) => l.quad.map((p) => p.y));
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
}
