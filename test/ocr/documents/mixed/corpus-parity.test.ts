import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OcrInputError } from '../../../../src/ocr/errors';
import { runTask } from '../../../../src/ocr/runtime/run-task';
import { mixedData } from '../../../../src/protocol/points/2582-25';
import { corpusDir, corpusFile, corpusManifest, hasCorpus } from '../../fixtures';

/*
 * Every single-document corpus file through 2582-25 gives what its own point gives: one document,
 * of the file's type, with exactly the Data that point answers for the file (images, VAT PDFs,
 * the einvoice OFD and PDF files). The einvoice XML files are no input 2582-25 takes (an image,
 * a PDF or an OFD: DESIGN.md §5): refused in words. Files that are not the type's document (the
 * einvoice set's OFDs that are no invoice) are not forced into it. Both reads run in this process
 * (runTask, as the pool's worker runs it), one file after the other: no gateway per file.
 */

/** Real models on a 2-core machine shared with others: a table or a licence takes a while twice. */
const SLOW = 300_000;

interface EinvoiceEntry {
  file: string;
  type: string;
  subset: string;
  format: 'ofd' | 'pdf' | 'xml';
}

/** The einvoice set's own manifest: its types are what 2582-22 reads, its subsets say what each file is. */
const einvoices = (): EinvoiceEntry[] => JSON.parse(readFileSync(`${corpusDir}einvoice/manifest.json`, 'utf8')) as EinvoiceEntry[];

/** The railway e-ticket is a 数电 invoice 2582-22 reads, and the train ticket 2582-24 reads too: 2582-25 types it as the ticket. */
const typeOfEinvoice = (e: EinvoiceEntry) => (e.subset.includes('railway_eticket') ? 'train_ticket' : e.type);

const readMixed = async (bytes: Uint8Array) => {
  const r = await runTask({ kind: 'mixed', bytes, options: {} });
  return { ...r, data: mixedData.strict().parse(r.data) };
};

/** The file read by its own point and by 2582-25: one document, that type, that Data. */
async function expectSameAsOwnPoint(file: string, type: string): Promise<void> {
  const bytes = corpusFile(file);
  const own = await runTask({ kind: type, bytes, options: {} });
  const mixed = await readMixed(bytes);
  expect(mixed.data.Documents.map((d) => d.Type), `${file}: the documents 2582-25 found`).toEqual([type]);
  expect(mixed.data.Documents[0]!.Data, `${file}: Data through 2582-25 against its own point`).toEqual(own.data);
}

/**
 * Files that hold more than their own point's document: a web page's screenshot showing the ticket
 * beside a ruled table of the fields some service read from it. 2582-25 answers both documents
 * (and the page's own text as general text); the ticket's Data must be its own point's.
 */
const holdingMore = new Map([['train_ticket/train_ticket_03_screenshot.png', ['train_ticket', 'table']]]);

const images = hasCorpus
  ? corpusManifest()
      .filter((e) => !e.file.startsWith('einvoice/'))
      // the photo of eight taxi invoices is no single document (mixed.test.ts reads it)
      .filter((e) => Number((e.ground_truth as { InvoiceCount?: number } | null)?.InvoiceCount ?? 1) === 1)
      .filter((e) => !holdingMore.has(e.file))
      .map((e) => [e.file, e.type] as const)
  : [];
const files = hasCorpus ? einvoices() : [];
if (!hasCorpus) console.log(`[2582-25 parity] corpus not found at ${corpusDir}: every single-document corpus file through 2582-25 is skipped`);

describe.skipIf(!hasCorpus)('2582-25 against each corpus file\'s own point', () => {
  it.each(images)('%s (%s)', (file, type) => expectSameAsOwnPoint(file, type), SLOW);
  it.each([...holdingMore])('%s: every document it holds (%s), its own point\'s with that point\'s Data', async (file, types) => {
    const bytes = corpusFile(file);
    const own = await runTask({ kind: types[0]!, bytes, options: {} });
    const { data } = await readMixed(bytes);
    const typed = data.Documents.filter((d) => d.Type !== 'general');
    expect(typed.map((d) => d.Type).sort(), `${file}: the typed documents 2582-25 found`).toEqual([...types].sort());
    expect(typed.find((d) => d.Type === types[0])!.Data, `${file}: Data through 2582-25 against its own point`).toEqual(own.data);
  }, SLOW);

  it.each(files.filter((e) => e.format !== 'xml' && !e.subset.includes('not_invoice')).map((e) => [e.file, typeOfEinvoice(e)] as const))(
    '%s (%s)',
    (file, type) => expectSameAsOwnPoint(file, type),
    SLOW,
  );

  it.each(files.filter((e) => e.subset.includes('not_invoice')).map((e) => e.file))('%s: no invoice to its own point, no invoice to 2582-25 either', async (file) => {
    const bytes = corpusFile(file);
    const own = await runTask({ kind: 'vat_invoice', bytes, options: {} });
    expect(own.notThisDocument).toBeTruthy();
    const mixed = await readMixed(bytes);
    for (const d of mixed.data.Documents) expect(d.Type, file).toBe('general');
  }, SLOW);

  it.each(files.filter((e) => e.format === 'xml').map((e) => e.file))('%s: the issuer\'s XML is refused in words (2582-25 takes an image, a PDF or an OFD)', async (file) => {
    const bytes = corpusFile(file);
    expect((await runTask({ kind: 'vat_invoice', bytes, options: {} })).notThisDocument).toBeUndefined();
    const err = await runTask({ kind: 'mixed', bytes, options: {} }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(OcrInputError);
    expect((err as OcrInputError).reason).toBe('unsupported-format');
    expect((err as OcrInputError).message).toMatch(/^a XML file was given where an image or a PDF file/);
  });
});
