import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OcrInputError } from '../../../src/ocr/errors';
import { openOfd } from '../../../src/ocr/ofd/index';
import { PX_PER_MM } from '../../../src/ocr/ofd/lines';
import { expandDeltas } from '../../../src/ocr/ofd/page';
import { corpusDir, hasCorpus } from '../fixtures';
import { buildOfd } from '../../support/ofd';
import { zipParts } from '../../support/zip';

/*
 * Reading OFD packages: structure, text placed on the page at 144 dpi, templates, images,
 * attachments and tags; what is missing or cyclic is said, never looped on.
 */

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(OcrInputError);
  return err as OcrInputError;
};

const simple = (extra: Partial<Parameters<typeof buildOfd>[0]> = {}) =>
  buildOfd({ pages: [{ texts: [{ id: 10, x: 20, y: 30, text: '发票号码：12345678', size: 4 }] }], ...extra });

describe('openOfd', () => {
  it('places a text object on the page in pixels at 144 dpi', async () => {
    const page = await (await openOfd(simple())).page(0);
    expect(page.lines.map((l) => l.text)).toEqual(['发票号码：12345678']);
    const [line] = page.lines;
    // baseline at y = 30 mm, glyph box 0.88 of the size above it
    expect(line!.quad[0].x).toBeCloseTo(20 * PX_PER_MM, 0);
    expect(line!.quad[3].y).toBeCloseTo((30 + 0.12 * 4) * PX_PER_MM, 0);
    expect(line!.box.h).toBeCloseTo(4 * PX_PER_MM, 0);
    expect(page.pixelWidth).toBe(Math.round(210 * PX_PER_MM));
  });

  it('reads text written in points under a CTM (PDF-to-OFD converters) where it stands', async () => {
    const ctm: [number, number, number, number, number, number] = [0.3527, 0, 0, 0.3527, 0, 0];
    const page = await (await openOfd(buildOfd({ pages: [{ texts: [{ id: 1, x: 50, y: 40, text: '价税合计', ctm }] }] }))).page(0);
    expect(page.lines[0]!.text).toBe('价税合计');
    expect(page.lines[0]!.quad[0].x).toBeCloseTo(50 * PX_PER_MM, 0);
    expect(page.lines[0]!.box.h).toBeCloseTo(3.175 * PX_PER_MM, 0);
  });

  it('reads the template page under a page, and ends a cycle of templates', async () => {
    const ofd = buildOfd({
      pages: [{ texts: [{ id: 1, x: 20, y: 30, text: '031001900511' }], templateId: 2 }],
      templates: { 2: { texts: [{ id: 3, x: 80, y: 10, text: '上海增值税电子普通发票' }], templateId: 4 }, 4: { texts: [{ id: 5, x: 80, y: 60, text: '合计' }], templateId: 2 } },
    });
    const page = await (await openOfd(ofd)).page(0);
    expect(page.lines.map((l) => l.text).sort()).toEqual(['031001900511', '上海增值税电子普通发票', '合计'].sort());
  });

  it('expands DeltaX repeats (g N d)', () => {
    expect(expandDeltas('1 g 3 0.5 2', 10)).toEqual([1, 0.5, 0.5, 0.5, 2]);
    expect(expandDeltas('g 1000000000 1', 5)).toHaveLength(5);
  });

  it('splits a label printed spread out into its glyphs, as OCR would see them', async () => {
    const xml = `<ofd:TextObject ID="7" Boundary="10 10 80 6" Size="3"><ofd:TextCode X="0" Y="3" DeltaX="20">名称</ofd:TextCode></ofd:TextObject>`;
    const parts = { 'Doc_0/Pages/Page_0/Content.xml': `<ofd:Page xmlns:ofd="http://www.ofdspec.org/2016"><ofd:Content><ofd:Layer>${xml}</ofd:Layer></ofd:Content></ofd:Page>` };
    const page = await (await openOfd(buildOfd({ pages: [{ texts: [] }], parts }))).page(0);
    expect(page.lines.map((l) => l.text)).toEqual(['名', '称']);
  });

  it('lists image objects with their media and where they stand', async () => {
    const png = new Uint8Array(readFileSync(new URL('../../../public/icons/icon-48.png', import.meta.url)));
    const ofd = buildOfd({ pages: [{ texts: [], images: [{ id: 9, resourceId: 8, box: [6.5, 6, 20, 20] }] }], media: [{ id: 8, file: 'qr.png', bytes: png }] });
    const file = await openOfd(ofd);
    const page = await file.page(0);
    expect(page.images).toHaveLength(1);
    expect(page.images[0]!.rect).toEqual([6.5, 6, 26.5, 26]);
    const raster = await file.image(page.images[0]!);
    expect(raster?.width).toBe(48);
  });

  it('gives no pixels for an image resource that is damaged or missing', async () => {
    const ofd = buildOfd({ pages: [{ texts: [], images: [{ id: 9, resourceId: 8, box: [0, 0, 20, 20] }, { id: 10, resourceId: 77, box: [0, 0, 20, 20] }] }], media: [{ id: 8, file: 'qr.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) }] });
    const file = await openOfd(ofd);
    const page = await file.page(0);
    expect(await file.image(page.images[0]!)).toBeNull();
    expect(await file.image(page.images[1]!)).toBeNull();
  });

  it('reads XML attachments and custom tag files', async () => {
    const file = await openOfd(simple({ attachments: [{ name: 'original_invoice', file: 'original_invoice.xml', content: '<eInvoice><InvoiceNo>1</InvoiceNo></eInvoice>' }], customTag: '<root><InvoiceNo><ObjectRef PageRef="1">10</ObjectRef></InvoiceNo></root>' }));
    expect((await file.xmlAttachments()).map((a) => a.root?.name)).toEqual(['eInvoice']);
    expect((await file.customTags()).map((t) => t.name)).toEqual(['root']);
  });

  it('refuses a ZIP without OFD.xml as not an OFD', async () => {
    const err = await failure(openOfd(zipParts({ 'word/document.xml': '<w/>' })));
    expect(err.reason).toBe('unsupported-format');
    expect(err.message).toContain('no OFD.xml');
  });

  it('says so when OFD.xml names no document', async () => {
    const err = await failure(openOfd(simple({ parts: { 'OFD.xml': '<ofd:OFD xmlns:ofd="x"><ofd:DocBody/></ofd:OFD>' } })));
    expect(err.message).toContain('names no document');
  });

  it('names the part a reference points at when it is missing', async () => {
    const file = await openOfd(simple({ omit: ['Doc_0/Pages/Page_0/Content.xml'] }));
    expect((await failure(file.page(0))).message).toContain('Doc_0/Pages/Page_0/Content.xml is missing');
    await expect(openOfd(simple({ omit: ['Doc_0/Document.xml'] }))).rejects.toThrow(/Doc_0\/Document.xml is missing/);
  });

  it('refuses a document root that points back at OFD.xml (a cycle) as having no pages', async () => {
    const ofd = simple({ parts: { 'OFD.xml': '<ofd:OFD xmlns:ofd="x"><ofd:DocBody><ofd:DocRoot>OFD.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>' } });
    expect((await failure(openOfd(ofd))).message).toContain('lists no pages');
  });

  it('refuses a document type declaration inside a part', async () => {
    const ofd = simple({ parts: { 'Doc_0/Document.xml': '<!DOCTYPE d [<!ENTITY a "a">]><ofd:Document xmlns:ofd="x"/>' } });
    expect((await failure(openOfd(ofd))).message).toContain('document type');
  });
});

const einvoice = `${corpusDir}einvoice/`;
const hasEinvoice = hasCorpus && existsSync(`${einvoice}manifest.json`);
if (!hasEinvoice) console.log(`[ocr tests] e-invoice corpus not found at ${einvoice}: OFD corpus tests are skipped`);

describe.skipIf(!hasEinvoice)('openOfd on the development OFDs (../shared/corpus/einvoice)', () => {
  it.each([
    ['ofd_dev_02.ofd', '上海增值税电子普通发票'], // title in the upper-case TPLS template, page beside Document.xml
    ['ofd_dev_09.ofd', '电子发票（普通发票）'], // Foxit: text in points under a CTM, Kangxi radicals
    ['ofd_dev_10.ofd', '伍仟玖佰伍拾肆圆捌角整'], // DocRoot with a leading /
    ['ofd_dev_18.ofd', ''], // OFD.xml at the end of the ZIP stream
  ])('%s opens and its first page reads %s', async (file, text) => {
    const ofd = await openOfd(new Uint8Array(readFileSync(`${einvoice}${file}`)));
    const page = await ofd.page(0);
    expect(page.lines.length).toBeGreaterThan(0);
    if (text) expect(page.lines.map((l) => l.text).join('\n')).toContain(text);
  });

  it('decodes the JBIG2 QR image of a tax-control OFD', async () => {
    const ofd = await openOfd(new Uint8Array(readFileSync(`${einvoice}ofd_dev_01.ofd`)));
    const page = await ofd.page(0);
    const qr = page.images.find((i) => i.media?.format === 'GBIG2')!;
    const raster = await ofd.image(qr);
    expect([raster?.width, raster?.height]).toEqual([100, 100]);
  });
});
