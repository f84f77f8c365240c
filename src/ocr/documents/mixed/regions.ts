import type { OcrLine } from '../../pipeline';
import { type Region, wholeImage } from './region';

/*
 * The document regions of an image: for now the whole image is one document.
 */

export function findRegions(image: { width: number; height: number }, lines: OcrLine[]): Region[] {
  if (lines.length === 0) return [];
  return [wholeImage(lines, image)];
}
