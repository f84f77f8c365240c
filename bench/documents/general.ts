import { renderOrderPage, type OrderLayout } from '../../test/support/synth/documents/reading-order';
import type { DocumentBench, DocumentCase } from './types';

/*
 * 2582-11's reading order (issue 17): ruled goods tables, ruled forms and two-column pages
 * (test/support/synth/documents/reading-order.ts), level or turned by up to 1.5°. One field
 * per page, `Order`: every line in a person's order, each cell's lines together, joined by
 * `|` (without spaces and asterisks); a page is right only when all of it is.
 */

const LAYOUTS: OrderLayout[] = ['table', 'form', 'columns'];
/** compared without spaces and the asterisks around goods names, which the recogniser may drop */
const norm = (lines: string[]) => lines.map((l) => l.replace(/[\s*]/g, '')).join('|');

export const generalBench: DocumentBench = {
  type: 'reading order',
  kind: 'general',
  async corpus() {
    return [];
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (let i = 0; i < count; i++) {
      const layout = LAYOUTS[i % LAYOUTS.length]!;
      // every other page turned a little either way
      const turn = i % 2 === 0 ? 0 : ((i % 4 === 1 ? 1 : -1) * (0.5 + (i % 3) * 0.5));
      const page = await renderOrderPage(seed * 1000 + i, layout, turn);
      cases.push({ name: page.name, source: 'synthetic', bytes: page.bytes, options: {}, expected: { Order: norm(page.cells.flat()) }, tags: [layout, turn ? 'turned' : 'level'] });
    }
    return cases;
  },
  flatten(data) {
    return { Order: norm((data as { Results: { Text: string }[] }).Results.map((r) => r.Text)) };
  },
};
