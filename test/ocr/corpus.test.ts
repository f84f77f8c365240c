import { describe, expect, it } from 'vitest';
import { recognize } from '../../src/ocr/pipeline';
import { charAccuracy, foldForScoring } from '../support/synth/index';
import { corpusFile, corpusManifest, hasCorpus } from './fixtures';

/*
 * Real photos and scans from ../shared/corpus/general with the expectations of
 * RapidOCR's own tests (python/tests/*.py) and the corpus builder's transcriptions.
 * Text is compared folded (no whitespace, full-width ASCII as ASCII, case kept unless
 * the source test ignores case).
 */

const read = async (file: string) => (await recognize(corpusFile(`general/${file}`))).lines.map((l) => l.text);
const bestLine = (lines: string[], truth: string) => Math.max(0, ...lines.map((l) => charAccuracy([truth], [l]).accuracy));

describe.skipIf(!hasCorpus)('recognize() on the corpus general/ images', () => {
  it.each([
    ['rapidocr_text_rec.jpg', '韩国小馆'],
    ['rapidocr_text_cls_rot180.jpg', '怪我咯'],
    ['rapidocr_exif_orientation.jpg', '我是中国人'],
    ['rapidocr_single_line_cn.jpg', '在中国作家协会第三届儿童文学'],
  ])('%s reads exactly %s', async (file, text) => {
    expect(await read(file)).toEqual([text]);
  });

  it('rapidocr_exif_orientation.jpg is turned upright by its EXIF tag, not by the classifier', async () => {
    const { lines } = await recognize(corpusFile('general/rapidocr_exif_orientation.jpg'));
    expect(Math.abs(lines[0]!.box.angle)).toBeLessThan(10);
  });

  it('rapidocr_ch_en_num.jpg starts with 正品促销', async () => {
    expect((await read('rapidocr_ch_en_num.jpg'))[0]).toBe('正品促销');
  });

  it('rapidocr_long_lines_cn.jpg reads two long lines, the first as RapidOCR expects (case-insensitive)', async () => {
    const truth = corpusManifest().find((e) => e.file === 'general/rapidocr_long_lines_cn.jpg')!.ground_truth!;
    const lines = await read('rapidocr_long_lines_cn.jpg');
    expect(lines).toHaveLength(truth.line_count as number);
    expect(foldForScoring(lines[0]!).toLowerCase()).toBe(foldForScoring(truth.first_line as string).toLowerCase());
  });

  it.each(['rapidocr_en_paragraph.jpg', 'chineseocr_printed_paragraph.jpeg'])('%s reads every transcribed line', async (file) => {
    const truth = corpusManifest().find((e) => e.file === `general/${file}`)!.ground_truth!.text_lines as string[];
    const lines = await read(file);
    expect(lines.map(foldForScoring)).toEqual(truth.map(foldForScoring));
  });

  it('rapidocr_en_line.jpg reads the English sentence', async () => {
    const truth = 'To facilitate the shot type analysis in videos, we collect MovieShots, a large-scale';
    expect(bestLine(await read('rapidocr_en_line.jpg'), truth)).toBe(1);
  });

  it('rapidocr_vertical_traditional.png reads the vertical left column (traditional forms may come out simplified)', async () => {
    const truth = corpusManifest().find((e) => e.file === 'general/rapidocr_vertical_traditional.png')!.ground_truth!;
    expect(bestLine(await read('rapidocr_vertical_traditional.png'), truth.column_left as string)).toBeGreaterThanOrEqual(0.8);
  });
});
