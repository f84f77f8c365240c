import { describe, expect, it } from 'vitest';
import { extractors } from '../../../src/ocr/documents/index';
import { decodeImage } from '../../../src/ocr/image/decode';
import { renderDocument } from '../../support/synth/index';
import { orderScore, renderOrderPage, type OrderLayout } from '../../support/synth/documents/reading-order';
import { hasFont } from '../fixtures';

/*
 * 2582-11 reads a page the way a person does (issue 17): a ruled goods table and a ruled
 * form row by row, left to right, the two lines of a wrapped cell together; two columns of
 * text one after the other under their title; level pages and pages turned by about a
 * degree (a table's short cells say little about the page's direction).
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
