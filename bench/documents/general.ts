import { renderOrderPage, type OrderLayout } from '../../test/support/synth/documents/reading-order';
import { editDistance } from '../../test/support/synth/index';
import type { DocumentBench, DocumentCase } from './types';

/*
 * 2582-11's reading order (issue 17): ruled tables, ruled forms and pages of two or three
 * columns drawn at random sizes and proportions (test/support/synth/documents/reading-order.ts),
 * level or turned by up to 2°. One field per page, `Order`: every line in a person's order,
 * each cell's lines together, joined by `|` (without spaces and asterisks); a page is right
 * only when all of it is. What is scored is the order, not the recogniser: a line read with a
 * character in four wrong counts as the line it is nearest to, a box the detector drew over
 * two neighbouring lines as those lines, and the pieces of one line as that line.
 * 120 pages by default, so that one page is less than a percent.
 */

const LAYOUTS: OrderLayout[] = ['table', 'form', 'columns'];
/** compared without spaces and the asterisks around goods names, which the recogniser may drop, and ¥ either width */
const norm = (line: string) => line.replace(/[\s*]/g, '').replace(/￥/g, '¥');

/**
 * An output line as the page's own line(s) it reads: the nearest expected line, or run of two
 * or three consecutive ones (a box over neighbouring cells), within one edit in four
 * characters (none in lines of three characters or fewer); undefined when none is that near.
 */
function asPrinted(line: string, expected: string[]): string | undefined {
  let best: { d: number; text?: string } = { d: Infinity };
  for (let i = 0; i < expected.length; i++) {
    for (let k = 1; k <= 3 && i + k <= expected.length; k++) {
      const run = expected.slice(i, i + k);
      const target = run.join('');
      const d = editDistance(line, target);
      if (d < best.d && d <= Math.floor([...target].length / 4)) best = { d, text: run.join('|') };
    }
  }
  return best.text;
}

/**
 * The output as the page's lines: each line as printed, or, where the detector cut one printed
 * line into pieces (`…书面报告，` + `检查中发现的问题`), the pieces that follow each other joined
 * when together they are a printed line and alone they are none.
 */
function asPage(lines: string[], expected: string[]): string {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const alone = asPrinted(lines[i]!, expected);
    const joined = [2, 3].map((k) => (i + k <= lines.length ? { k, text: asPrinted(lines.slice(i, i + k).join(''), expected) } : undefined)).find((j) => j?.text);
    if (!alone && joined) {
      out.push(joined.text!);
      i += joined.k - 1;
    } else out.push(alone ?? lines[i]!);
  }
  return out.join('|');
}

export const generalBench: DocumentBench = {
  type: 'reading order',
  kind: 'general',
  defaultSynthetic: 120,
  async corpus() {
    return [];
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (let i = 0; i < count; i++) {
      const layout = LAYOUTS[i % LAYOUTS.length]!;
      // every other page turned a little either way, 0.5–2°
      const turn = i % 2 === 0 ? 0 : (i % 4 === 1 ? 1 : -1) * (0.5 + ((i >> 1) % 4) * 0.5);
      const page = await renderOrderPage(seed * 1000 + i, layout, turn);
      cases.push({ name: page.name, source: 'synthetic', bytes: page.bytes, options: {}, expected: { Order: page.cells.flat().map(norm).join('|') }, tags: [layout, turn ? 'turned' : 'level'] });
    }
    return cases;
  },
  flatten(data, _result, c) {
    const expected = String(c?.expected.Order ?? '').split('|');
    const lines = (data as { Results: { Text: string }[] }).Results.map((r) => norm(r.Text)).filter(Boolean);
    return { Order: asPage(lines, expected) };
  },
};
