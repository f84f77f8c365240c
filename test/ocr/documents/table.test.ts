import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { corpusTableTruths } from '../../../bench/documents/table';
import { buildData } from '../../../src/ocr/documents/table/output';
import { runTask } from '../../../src/ocr/runtime/run-task';
import { tableData } from '../../../src/protocol/points/2582-10';
import { renderDocument } from '../../support/synth/index';
import { renderTablePage, TABLE_VARIANTS } from '../../support/synth/documents/table';
import { scoreTable, shapesFromData, shapesFromHtml, shapesFromSpec, signature } from '../../support/synth/documents/table-structure';
import { foldForScoring } from '../../support/synth/score';
import { corpusFile, hasCorpus, hasFont } from '../fixtures';

/*
 * 2582-10 golden tests: every corpus table with ground truth (PubTabNet's HTML, or the
 * structure and text read from the image in table/corpus-truth.json), the corpus tables
 * without any (they must still come out as tables), one synthetic page per variant (the
 * bench runs 30 and more), the output format, and pages that are not tables.
 */

type Data = ReturnType<typeof tableData.parse>;
const run = async (bytes: Uint8Array, options: Record<string, unknown> = {}) => {
  const result = await runTask({ kind: 'table', bytes, options });
  return { ...result, data: tableData.strict().parse(result.data) as Data };
};
const SLOW = 180_000;

/** The cells of a table as the protocol lists them: each cell once, in its first row, left to right. */
function expectWellFormed(data: Data): void {
  for (const table of data.Tables) {
    table.TableRows.forEach((row, r) => {
      let last = -1;
      for (const cell of row.TableColumns) {
        expect(cell.StartRow).toBe(r);
        expect(cell.StartColumn).toBeGreaterThan(last);
        expect(cell.EndRow).toBeGreaterThan(cell.StartRow);
        expect(cell.EndColumn).toBeGreaterThan(cell.StartColumn);
        expect(cell.Width).toBeGreaterThan(0);
        expect(cell.Height).toBeGreaterThan(0);
        last = cell.StartColumn;
      }
    });
  }
}

describe.skipIf(!hasCorpus)('table (2582-10) on the corpus', () => {
  const truths = hasCorpus ? corpusTableTruths() : [];
  // PMC3707453's ground truth cannot be met from its image: the crop hides the first column,
  // the data rows have no rules between them, and the HTML gives the header cells
  // rowspan="3" over a two-row header. What its rules do say is checked below.
  const comparable = truths.filter(({ file }) => !file.includes('PMC3707453'));

  it('has ground truth for the PubTabNet files and 8 wired tables', () => {
    expect(comparable.map((t) => t.file).sort()).toEqual([
      'table/pubtabnet_PMC4003957_018_00.png',
      ...['01.jpg', '02.jpg', '06.png', '07.png', '08.png', '09.png', '10.png', '11.png'].map((f) => `table/wired_table_${f}`),
    ]);
  });

  for (const { file, truth } of comparable) {
    it(`${file}: structure exact, cell text ≥ 95 %, head and tail`, async () => {
      const { data, notThisDocument } = await run(corpusFile(file));
      expect(notThisDocument).toBeUndefined();
      expectWellFormed(data);
      const want = shapesFromHtml(truth.html)[0]!;
      const got = shapesFromData(data);
      expect(got).toHaveLength(1);
      expect(signature(got[0]!)).toBe(signature(want));
      const score = scoreTable(want, got[0]);
      expect(score.cellsFound).toBe(score.cells);
      expect(1 - score.textErrors / score.textChars).toBeGreaterThanOrEqual(0.95);
      if (truth.head !== undefined) expect(foldForScoring(data.Tables[0]!.Head)).toBe(foldForScoring(truth.head));
      if (truth.tail !== undefined) expect(foldForScoring(data.Tables[0]!.Tail)).toBe(foldForScoring(truth.tail));
    }, SLOW);
  }

  it('PMC3707453: the ruled grid (two header rows with spans, the unruled data rows as one band)', async () => {
    const { data } = await run(corpusFile('table/pubtabnet_PMC3707453_006_00.png'));
    const [table] = shapesFromData(data);
    expect(signature(table!)).toBe('3x8 0,0:1x3 0,3:1x3 0,6:2x1 0,7:2x1');
    // a band without rules keeps its lines, one Texts entry each, top to bottom
    const first = data.Tables[0]!.TableRows[2]!.TableColumns[0]!;
    expect(first.Texts.map(foldForScoring)).toEqual(['121200', '143960', '155220', '159950', '162400', '164550']);
    expect(shapesFromHtml(corpusTableTruths().find((t) => t.file.includes('PMC3707453'))!.truth.html)[0]!.length).toBe(65);
  }, SLOW);

  for (const [file, minCells] of [
    ['wired_table_03.jpg', 60],
    ['wired_table_04.jpg', 30],
    ['wired_table_05.jpg', 1000],
    ['wired_table_12.jpeg', 100],
  ] as const) {
    it(`table/${file} (no ground truth): one table of at least ${minCells} cells`, async () => {
      const { data } = await run(corpusFile(`table/${file}`));
      expectWellFormed(data);
      expect(data.Tables).toHaveLength(1);
      expect(data.Tables[0]!.TableRows.flatMap((r) => r.TableColumns).length).toBeGreaterThanOrEqual(minCells);
    }, SLOW);
  }
});

describe.skipIf(!hasFont)('table (2582-10) on synthetic pages', () => {
  it('one page per variant: every structure exact, cell text ≥ 98 %, head and tail', async () => {
    let errors = 0, chars = 0, around = 0, aroundRight = 0;
    for (const [i, variant] of TABLE_VARIANTS.entries()) {
      const page = await renderTablePage(700 + i, variant);
      const { data } = await run(page.bytes, { ...page.options });
      expectWellFormed(data);
      const got = shapesFromData(data);
      expect(got, page.name).toHaveLength(page.tables.length);
      page.tables.forEach((spec, t) => {
        const want = shapesFromSpec(spec);
        expect(signature(got[t]!), `${page.name} table ${t}`).toBe(signature(want));
        const score = scoreTable(want, got[t]);
        errors += score.textErrors;
        chars += score.textChars;
        for (const [w, g] of [[spec.head, data.Tables[t]!.Head], [spec.tail, data.Tables[t]!.Tail]] as const) {
          around++;
          if (foldForScoring(w.join('')) === foldForScoring(g)) aroundRight++;
        }
      });
    }
    expect(1 - errors / chars).toBeGreaterThanOrEqual(0.98);
    expect(aroundRight / around).toBeGreaterThanOrEqual(0.9);
  }, 600_000);

  it('a turned page without AssureDirection says so and keeps the image frame', async () => {
    const page = await renderTablePage(701, 'rot90');
    const { remarks } = await run(page.bytes, { assureDirection: false });
    expect(remarks.join(' ')).toMatch(/turned by 90°.*AssureDirection=true/);
  }, SLOW);

  it('json puts the Tables in FileContent; html is the default', async () => {
    const page = await renderTablePage(703, 'clean');
    const json = await run(page.bytes, { outputFormat: 'json' });
    expect(JSON.parse(json.data.FileContent)).toEqual(json.data.Tables);
    const html = await run(page.bytes);
    expect(html.data.Tables).toEqual(json.data.Tables);
    expect(shapesFromHtml(html.data.FileContent).map(signature)).toEqual(shapesFromData(html.data).map(signature));
  }, SLOW);

  it('is not a table: a white image, an empty frame, a page of text in a frame', async () => {
    const white = createCanvas(640, 480);
    const ctx = white.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 640, 480);
    const frame = await renderDocument({ seed: 1, variant: 'clean', rows: [' '] });
    const text = await renderDocument({ seed: 2, variant: 'clean', lineCount: 6 });
    for (const bytes of [new Uint8Array(await white.encode('png')), frame.bytes, text.bytes]) {
      const { data, notThisDocument } = await run(bytes);
      expect(notThisDocument).toMatch(/no table/);
      expect(data).toEqual({ Tables: [], FileContent: '' });
    }
  }, SLOW);
});

describe('table (2582-10) output', () => {
  const table = {
    xs: [0, 100, 200, 300],
    ys: [0, 40, 80],
    cells: [
      { row: 0, col: 0, rowEnd: 2, colEnd: 1, left: 0, right: 100, top: 0, bottom: 80 },
      { row: 0, col: 1, rowEnd: 1, colEnd: 3, left: 100, right: 300, top: 0, bottom: 40 },
      { row: 1, col: 1, rowEnd: 2, colEnd: 2, left: 100, right: 200, top: 40, bottom: 80 },
      { row: 1, col: 2, rowEnd: 2, colEnd: 3, left: 200, right: 300, top: 40, bottom: 80 },
    ],
  };
  const at = (text: string, left: number, top: number) => ({ text, box: { left, top, right: left + 60, bottom: top + 14 } });
  const lines = [[at('A&B', 10, 30), at('<1>', 10, 10)], [at('合计', 110, 12)], [], [at('x', 210, 50), at('y', 290, 50)]];

  it('lists each cell once in its first row with spans, sizes and lines top to bottom', () => {
    const data = buildData([table], [lines], [at('表头', 50, -40), at('注：单位元', 0, 100)], 'html');
    expect(tableData.strict().parse(data)).toEqual(data);
    const [t] = data.Tables;
    expect(t!.Head).toBe('表头');
    expect(t!.Tail).toBe('注：单位元');
    expect(t!.TableRows.map((r) => r.TableColumns.map((c) => [c.StartRow, c.StartColumn, c.EndRow, c.EndColumn, c.Width, c.Height]))).toEqual([
      [[0, 0, 2, 1, 100, 80], [0, 1, 1, 3, 200, 40]],
      [[1, 1, 2, 2, 100, 40], [1, 2, 2, 3, 100, 40]],
    ]);
    expect(t!.TableRows[0]!.TableColumns[0]!.Texts).toEqual(['<1>', 'A&B']);
    // pieces of one visual row are one line, with the gap as a space
    expect(t!.TableRows[1]!.TableColumns[1]!.Texts).toEqual(['x y']);
    expect(data.FileContent).toBe(
      '<html><body><table><tr><td rowspan="2">&lt;1&gt;<br>A&amp;B</td><td colspan="2">合计</td></tr>' +
        '<tr><td></td><td>x y</td></tr></table></body></html>',
    );
  });

  it('json: FileContent is the JSON text of Tables; no table: empty', () => {
    const data = buildData([table], [lines], [], 'json');
    expect(JSON.parse(data.FileContent)).toEqual(data.Tables);
    expect(buildData([], [], [], 'html')).toEqual({ Tables: [], FileContent: '' });
    expect(buildData([], [], [], 'json')).toEqual({ Tables: [], FileContent: '[]' });
  });
});
