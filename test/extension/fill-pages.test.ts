// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fillDocNames, fillDocument } from '../fixtures/fill/documents';
import { fillOffline, wanted } from '../fixtures/fill/offline';
import { detailMany, fillPages } from '../fixtures/fill/pages/index';
import { detail } from '../fixtures/fill/pages/detail';

/*
 * The fill test pages (test/fixtures/fill/pages), each filled with the VAT invoice, the train ticket
 * and the taxi invoice, without a browser: every box holds exactly the value the page's table
 * says, and every other box what it held. Chromium runs the same pages for real in
 * test/e2e/fill.e2e.test.ts and npm run bench:fill.
 */

describe('fill test pages (happy-dom)', () => {
  for (const page of fillPages) {
    for (const name of fillDocNames) {
      it(`${page.name} ← ${name}`, () => {
        const { before, after } = fillOffline(page, [fillDocument(name)]);
        expect(after).toEqual(wanted(before, page.expected[name]));
      });
    }
  }

  it('detail-table ← three documents into three rows, in order', () => {
    const { before, after } = fillOffline(detail, detailMany.docs.map(fillDocument));
    expect(after).toEqual(wanted(before, detailMany.expected));
  });
});
