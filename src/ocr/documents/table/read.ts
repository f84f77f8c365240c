import type { Raster } from '../../image/raster';
import { recognize, type RecognizeOptions, type RecognizeResult } from '../../pipeline';
import * as rec from '../../rec/index';
import { normaliseText } from '../../text';
import type { ExtractionNotes } from '../extractor';
import { assignLines, type Placed } from './cells';
import { detectTables, textUnit } from './detect';
import { frameBox, makeFrame, pageDirection, turnUpright } from './frame';
import { buildData, type TableData } from './output';
import { alignWithPage, MIN_CONFIDENCE, readEmptyCells } from './reread';

/*
 * The page read into tables: OCR once (twice for a turned page with AssureDirection, which is
 * turned back first), rules and grid on the level frame, lines into cells, empty cells
 * from their ink. `ocr` is the pipeline's recognize; the bench of alternatives passes its own.
 */

export interface ReadOptions {
  outputFormat: 'html' | 'json';
  assureDirection: boolean;
}

export type Ocr = (image: Raster, options: RecognizeOptions) => Promise<RecognizeResult>;

const confident = (r: RecognizeResult) => r.lines.filter((l) => l.confidence >= MIN_CONFIDENCE);

export async function readTables(input: Raster, opts: ReadOptions, notes: ExtractionNotes, ocr: Ocr = recognize): Promise<TableData> {
  let image = input;
  // every line, also weak ones: a line the classifier turned the wrong way reads badly
  // until alignWithPage reads it again; the pipeline's drop score is applied after that
  let read = await ocr(image, { minConfidence: 0 });
  let direction = pageDirection(confident(read), true);
  if (direction.quarterTurns !== 0) {
    if (!opts.assureDirection) {
      notes.remark(`the page looks turned by ${direction.quarterTurns * 90}°; send AssureDirection=true to read it upright`);
    } else {
      notes.remark(`the page was turned by ${direction.quarterTurns * 90}° and was read upright`);
      image = turnUpright(image, direction.quarterTurns);
      read = await ocr(image, { minConfidence: 0 });
      direction = pageDirection(confident(read), true);
    }
  }
  const lines = await alignWithPage(image, read.lines, direction.quarterTurns);
  // without AssureDirection a turned page keeps the image's frame; only a few degrees are levelled
  const level = pageDirection(lines, false);
  const frame = makeFrame(image.width, image.height, level.skew);
  const unit = textUnit(lines.map((l) => l.box.h), image.width, image.height);
  const placed: Placed[] = lines.map((l) => ({ text: l.text, box: frameBox(frame, l.quad) }));
  const { tables, ink } = detectTables(image, frame, unit, placed.map((p) => p.box));
  if (tables.length === 0) {
    notes.notThisDocument('no table with ruling lines was found');
    return buildData([], [], [], opts.outputFormat);
  }
  const { cells, free } = await assignLines(tables, placed, frame, async (quads) => {
    const pieces = await rec.run({ image, quads });
    return pieces.lines.map((l) => (l.confidence >= MIN_CONFIDENCE ? normaliseText(l.text) : ''));
  });
  await readEmptyCells(image, frame, ink, tables, cells, unit);
  return buildData(tables, cells, free, opts.outputFormat);
}
