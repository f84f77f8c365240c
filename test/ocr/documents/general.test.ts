import { describe, expect, it } from 'vitest';
import { generalTextData } from '../../../src/protocol/points/2582-11';
import { extractors } from '../../../src/ocr/documents/index';
import { decodeImage } from '../../../src/ocr/image/decode';
import { renderDocument } from '../../support/synth/index';
import { hasFont } from '../fixtures';

const general = extractors.general;
const notes = { remark: () => {}, notThisDocument: () => {} };
const extract = async (bytes: Uint8Array, options: Record<string, unknown>) =>
  general.extract(await decodeImage(bytes), general.options.parse(options), notes);

describe.skipIf(!hasFont)('general (2582-11)', () => {
  it('returns exactly generalTextData, Probability only when asked', async () => {
    const page = await renderDocument({ seed: 21, variant: 'clean', lineCount: 5 });
    const plain = await extract(page.bytes, {});
    expect(generalTextData.strict().parse(plain)).toEqual(plain);
    expect(plain.Results.map((r) => r.Text)).toEqual(page.lines);
    for (const r of plain.Results) {
      expect(Object.keys(r)).toEqual(['Text', 'TextRectangles']);
      expect(Object.keys(r.TextRectangles)).toEqual(['Left', 'Top', 'Width', 'Height', 'Angle']);
    }
    const withProbability = await extract(page.bytes, { outputProbability: true });
    expect(generalTextData.parse(withProbability)).toEqual(withProbability);
    for (const r of withProbability.Results) expect(r.Probability).toBeGreaterThan(0.5);
  });

  it('puts Left/Top at the text’s top-left corner, Width along the text', async () => {
    const page = await renderDocument({ seed: 22, variant: 'clean', rows: ['报销凭证', '请各部门于本月底前提交年度工作总结。'] });
    const { Results } = await extract(page.bytes, {});
    const [title, body] = Results as [(typeof Results)[number], (typeof Results)[number]];
    expect(body.TextRectangles.Width).toBeGreaterThan(body.TextRectangles.Height * 8);
    expect(body.TextRectangles.Top).toBeGreaterThan(title.TextRectangles.Top + title.TextRectangles.Height / 2);
    expect(Math.abs(body.TextRectangles.Angle)).toBeLessThan(2);
    const upside = await renderDocument({ seed: 22, variant: 'rot180', rows: ['报销凭证', '请各部门于本月底前提交年度工作总结。'] });
    const turned = (await extract(upside.bytes, {})).Results[1]!.TextRectangles;
    expect(Math.abs(turned.Angle)).toBeGreaterThan(170);
    // read from its own top-left, which is now at the image's bottom right of the box
    expect(turned.Left).toBeGreaterThan(upside.width / 2);
  });

  it('drops lines lower than minHeight', async () => {
    const page = await renderDocument({ seed: 23, variant: 'clean', lineCount: 4 });
    const all = (await extract(page.bytes, {})).Results;
    const tallest = Math.max(...all.map((r) => r.TextRectangles.Height));
    const kept = (await extract(page.bytes, { minHeight: tallest - 1 })).Results;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(all.length);
    for (const r of kept) expect(r.TextRectangles.Height).toBeGreaterThanOrEqual(tallest - 1.5);
    expect((await extract(page.bytes, { minHeight: 10_000 })).Results).toEqual([]);
  });
});
