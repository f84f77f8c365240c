import { z } from 'zod';
import type { generalTextData } from '../../protocol/points/2582-11';
import { recognize, type OcrLine } from '../pipeline';
import { defineExtractor } from './extractor';
import { pageOrder } from './general/layout';
import { pageWayUp } from './general/upright';

/*
 * 2582-11 general text: every line in a person's reading order (general/layout.ts: tables
 * and forms row by row with each cell's lines together, columns of text one after the
 * other, general/columns.ts), short lines the classifier turned over read the page's way up
 * (general/upright.ts). TextRectangles describes the rotated
 * box of the line: Left/Top its top-left corner as read, Width along the text, Height
 * across it, Angle the text direction (degrees clockwise from the x axis, [-180, 180]);
 * for level text that is the ordinary bounding rectangle with Angle ≈ 0.
 */

const options = z.object({
  /** Lines whose height across the text is below this many pixels are dropped. */
  minHeight: z.number().int().min(0).default(0),
  outputProbability: z.boolean().default(false),
});

type GeneralTextData = z.infer<typeof generalTextData>;
type Result = GeneralTextData['Results'][number];

export function toResult(line: OcrLine, withProbability: boolean): Result {
  const rectangle = {
    Left: Math.round(line.quad[0].x),
    Top: Math.round(line.quad[0].y),
    Width: Math.round(line.box.w),
    Height: Math.round(line.box.h),
    Angle: line.box.angle,
  };
  if (!withProbability) return { Text: line.text, TextRectangles: rectangle };
  return { Text: line.text, Probability: Math.round(line.confidence * 10_000) / 10_000, TextRectangles: rectangle };
}

export default defineExtractor({
  kind: 'general',
  point: '2582-11',
  options,
  async extract(image, opts): Promise<GeneralTextData> {
    const { lines } = await recognize(image);
    return {
      Results: pageOrder(image, await pageWayUp(image, lines)).filter((line) => line.box.h >= opts.minHeight).map((line) => toResult(line, opts.outputProbability)),
    };
  },
});
