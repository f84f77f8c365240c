import { describe, expect, it } from 'vitest';
import { checkSize, classify, kindOfAddress, sniff, sniffDataUrl } from '../../src/extension/lib/file-kind';

/* What a file of the user's is, told by its bytes: never by its name. */

const bytes = (s: string | number[]) => (typeof s === 'string' ? new TextEncoder().encode(s) : Uint8Array.from(s));

describe('file kinds', () => {
  it('knows the documents and web images by their first bytes', () => {
    expect(sniff(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(sniff(bytes([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe('ofd');
    expect(sniff(bytes('<?xml version="1.0" encoding="UTF-8"?><EInvoice>'))).toBe('xml');
    expect(sniff(bytes('\ufeff  \n<EInvoice xmlns="x">'))).toBe('xml');
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image');
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image');
    expect(sniff(bytes('GIF89a'))).toBe('image');
    expect(sniff(bytes('BM\x36\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00'))).toBe('image');
    expect(sniff(bytes('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image');
  });

  it('refuses what is none of them: a program, a web page, text, nothing', () => {
    expect(sniff(bytes('MZ\x90\x00\x03'))).toBeUndefined();
    expect(sniff(bytes('\x7fELF\x02\x01'))).toBeUndefined();
    expect(sniff(bytes('<!DOCTYPE html><html><body>登录</body>'))).toBeUndefined();
    expect(sniff(bytes('<html lang="zh">'))).toBeUndefined();
    expect(sniff(bytes('发票号码 12345678'))).toBeUndefined();
    expect(sniff(bytes([]))).toBeUndefined();
  });

  it('says why a file is refused, with sizes in MB', async () => {
    expect(await classify(new Blob([]))).toEqual({ ok: false, refusal: { key: 'err_file_empty', subs: [] } });
    expect(await classify(new Blob(['MZ program']))).toEqual({ ok: false, refusal: { key: 'err_file_unknown_type', subs: [] } });
    expect(await classify(new Blob(['%PDF-1.4 x'], { type: 'image/png' }))).toEqual({ ok: true, kind: 'pdf' });
    expect(checkSize('pdf', 200 * 1024 * 1024)).toEqual({ key: 'err_file_too_large', subs: ['200', '10'] });
    // a 20 MB phone photo is shrunk later, not refused
    expect(checkSize('image', 20 * 1024 * 1024)).toBeUndefined();
    expect(checkSize('image', 65 * 1024 * 1024)).toMatchObject({ key: 'err_file_too_large' });
  });

  it('reads the kind of a data: URL, and guesses a link by its address until its bytes are read', () => {
    expect(sniffDataUrl(`data:application/octet-stream;base64,${btoa('PK\x03\x04rest')}`)).toBe('ofd');
    expect(sniffDataUrl('data:text/plain,hello')).toBeUndefined();
    expect(kindOfAddress('https://mail.example/att/fp.OFD?x=1')).toBe('ofd');
    expect(kindOfAddress('https://inv.example/invoice.xml')).toBe('xml');
    expect(kindOfAddress('https://inv.example/scan.JPG')).toBe('image');
    expect(kindOfAddress('https://inv.example/dl?f=123')).toBe('pdf');
  });
});
