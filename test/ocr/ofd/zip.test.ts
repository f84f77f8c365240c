import { describe, expect, it } from 'vitest';
import { OcrInputError } from '../../../src/ocr/errors';
import { normalisePath, openZip, ZIP_LIMITS } from '../../../src/ocr/ofd/zip';
import { withDeclaredSize, zeros, zipParts } from '../../support/zip';

/*
 * The OFD container reader against what a hostile ZIP does: sizes that lie, bombs declared
 * honestly, thousands of entries, a ZIP inside the ZIP, names that leave the archive.
 */

const reason = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(OcrInputError);
  return err as OcrInputError;
};

describe('openZip', () => {
  it('reads the parts it is asked for, by exact name and then without case', async () => {
    const zip = await openZip(zipParts({ 'OFD.xml': '<ofd/>', 'Doc_0/TPLS/TPL_0/Content.xml': '<page/>', 'Doc_0/Res/': '' }));
    expect(zip.names.sort()).toEqual(['Doc_0/TPLS/TPL_0/Content.xml', 'OFD.xml']);
    expect(new TextDecoder().decode(await zip.read('OFD.xml'))).toBe('<ofd/>');
    expect(zip.has('/Doc_0/Tpls/Tpl_0/Content.xml')).toBe(true);
    expect(new TextDecoder().decode(await zip.read('Doc_0/Tpls/Tpl_0/./Content.xml'))).toBe('<page/>');
  });

  it('says which part is missing', async () => {
    const zip = await openZip(zipParts({ 'OFD.xml': '<ofd/>' }));
    const err = await reason(zip.read('Doc_0/Document.xml'));
    expect(err.reason).toBe('corrupt');
    expect(err.message).toContain('Doc_0/Document.xml is missing');
  });

  it('refuses a part whose declared size is past the limit before inflating it', async () => {
    const limits = { ...ZIP_LIMITS, maxEntryBytes: 1024 * 1024 };
    const zip = await openZip(zipParts({ 'OFD.xml': zeros(2 * 1024 * 1024) }), limits);
    const err = await reason(zip.read('OFD.xml'));
    expect(err.reason).toBe('too-large');
    expect(err.message).toMatch(/unpacks to 2097152 bytes; at most 1048576/);
  });

  it('refuses a part that inflates beyond the size its header declares (a header that lies)', async () => {
    const honest = zipParts({ 'OFD.xml': '<ofd/>', 'Doc_0/Document.xml': zeros(20 * 1024 * 1024) });
    const lying = withDeclaredSize(honest, 'Doc_0/Document.xml', 1000);
    expect(lying.length).toBeLessThan(200_000);
    const zip = await openZip(lying);
    const err = await reason(zip.read('Doc_0/Document.xml'));
    expect(err.reason).toBe('too-large');
    expect(err.message).toContain('more than its declared 1000 bytes');
  });

  it('refuses a part that inflates to less than declared', async () => {
    const zip = await openZip(withDeclaredSize(zipParts({ 'OFD.xml': 'x'.repeat(5000) }), 'OFD.xml', 9000));
    expect((await reason(zip.read('OFD.xml'))).reason).toBe('corrupt');
  });

  it('keeps the parts read together under the total limit', async () => {
    const limits = { ...ZIP_LIMITS, maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 };
    const parts = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`p${i}`, zeros(900 * 1024)]));
    const zip = await openZip(zipParts(parts), limits);
    await zip.read('p0');
    await zip.read('p1');
    expect((await reason(zip.read('p2'))).reason).toBe('too-large');
  });

  it('refuses thousands of entries from the end record, before reading them', async () => {
    const parts = Object.fromEntries(Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => [`f${i}.xml`, '']));
    const err = await reason(openZip(zipParts(parts, 0)));
    expect(err.reason).toBe('too-large');
    expect(err.message).toContain(`holds ${ZIP_LIMITS.maxEntries + 1} entries`);
  });

  it('never opens a ZIP inside the ZIP: the inner bomb stays packed unless its bytes are asked for', async () => {
    const inner = zipParts({ 'bomb.bin': zeros(20 * 1024 * 1024) }, 9);
    const zip = await openZip(zipParts({ 'OFD.xml': '<ofd/>', 'Doc_0/Attachs/inner.zip': inner }, 0));
    expect(zip.names).toContain('Doc_0/Attachs/inner.zip');
    expect((await zip.read('Doc_0/Attachs/inner.zip')).length).toBe(inner.length);
  });

  it.each([
    ['not a ZIP at all', new TextEncoder().encode('this is not a zip file, just text of some length')],
    ['a truncated ZIP', zipParts({ 'OFD.xml': 'x'.repeat(1000) }).subarray(0, 60)],
  ])('says the container cannot be read for %s', async (_, bytes) => {
    expect((await reason(openZip(bytes))).message).toMatch(/ZIP container could not be read/);
  });

  it('normalises locations and refuses those that leave the archive', () => {
    expect(normalisePath('/Doc_0/./Res/../Pages/Page_0/Content.xml')).toBe('Doc_0/Pages/Page_0/Content.xml');
    expect(normalisePath('Doc_0\\Res\\a.png')).toBe('Doc_0/Res/a.png');
    expect(normalisePath('../../etc/passwd')).toBeNull();
  });
});
