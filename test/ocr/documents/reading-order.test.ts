import { describe, expect, it } from 'vitest';
import { extractors } from '../../../src/ocr/documents/index';
import { decodeImage } from '../../../src/ocr/image/decode';
import { renderDocument } from '../../support/synth/index';
import { orderScore, renderOrderPage, type OrderLayout } from '../../support/synth/documents/reading-order';
import { hasFont } from '../fixtures';

/*
 * 2582-11 reads a page the way a person does (issue 17): ruled tables and forms row by row,
 * left to right, the lines of a wrapped cell together; two or three columns of text one
 * after the other under their title and above their footer; level pages and pages turned by
 * about a degree (a table's short cells say little about the page's direction). The pages
 * are drawn at random sizes and proportions (test/support/synth/documents/reading-order.ts).
 */

const general = extractors.general;
const notes = { remark: () => {}, notThisDocument: () => {} };
const read = async (bytes: Uint8Array) =>
  (await general.extract(await decodeImage(bytes), general.options.parse({}), notes)).Results.map((r) => r.Text);

describe.skipIf(!hasFont)('reading order (2582-11)', () => {
  const pages: [OrderLayout, number, number][] = [
    ['table', 1, 0], ['table', 3, 1.2], ['table', 4, -1],
    ['form', 1, 0], ['form', 4, -1],
    ['columns', 2, 0], ['columns', 3, 1.2],
  ];
  // pages that went wrong before the causes were mended (bench/documents/general.ts, seed 1):
  // three narrow columns of indented paragraphs under a title that crosses one gutter and
  // above a page number (1107); three columns whose first runs a line longer than the others
  // (2008: its last line is no footer); a form whose thin rules print grey (1088: a rule
  // drawn over two pixel rows); a goods table whose `9%` the classifier turned over (1108);
  // a two-line header cell over a top-aligned row (1024)
  pages.push(['columns', 1107, -1], ['columns', 2008, 0], ['form', 1088, 0], ['table', 1108, 0], ['table', 1024, 0]);
  for (const [layout, seed, turn] of pages) {
    it(`reads a ${layout}${turn ? ` turned ${turn}°` : ''} in a person's order, each cell's lines together`, async () => {
      const page = await renderOrderPage(seed, layout, turn);
      const output = await read(page.bytes);
      const score = orderScore(page.cells, output);
      expect(score, output.join(' | ')).toEqual({ inOrder: 1, cellsTogether: 1 });
    }, 60_000);
  }

  it('keeps the pieces of one line of text in their line (no cell is made of them)', async () => {
    const page = await renderDocument({ seed: 24, variant: 'clean', lineCount: 8 });
    expect(await read(page.bytes)).toEqual(page.lines);
  }, 60_000);
});
