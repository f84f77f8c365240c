import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OcrInputError } from '../../src/ocr/errors';
import { decodeEscapes, parseXml, XML_LIMITS } from '../../src/ocr/xml/parse';
import { at, first, textOf, valueAt } from '../../src/ocr/xml/query';

/*
 * The XML reader every invoice format goes through: what it reads, and what it refuses
 * (document type declarations and so entity expansion, depth, size, malformed files).
 */

const failure = (f: () => unknown): OcrInputError => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(OcrInputError);
    return err as OcrInputError;
  }
  throw new Error('expected an OcrInputError');
};

describe('parseXml', () => {
  it('keeps local names, attributes, CDATA and decoded escapes', () => {
    const root = parseXml('<?xml version="1.0"?><ofd:Page xmlns:ofd="x"><ofd:TextCode X="1&amp;2"><![CDATA[¥<5>]]></ofd:TextCode><b>a &gt; b &#x4e2d;&#25991;</b></ofd:Page>', { what: 'test' });
    expect(root.name).toBe('Page');
    expect(at(root, 'TextCode')?.attrs.X).toBe('1&2');
    expect(valueAt(root, 'TextCode')).toBe('¥<5>');
    expect(valueAt(root, 'b')).toBe('a > b 中文');
  });

  it('decodes each escape once: an escaped escape stays one', () => {
    expect(decodeEscapes('&amp;lt; &#38;#60; &bogus;')).toBe('&lt; &#60; &bogus;');
  });

  it('refuses a document type declaration: billion laughs never expands', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><lolz>&lol9;</lolz>`;
    const err = failure(() => parseXml(laughs, { what: 'the invoice XML' }));
    expect(err.reason).toBe('corrupt');
    expect(err.message).toContain('declares a document type or entities');
  });

  it('refuses external entities the same way', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>';
    expect(failure(() => parseXml(xxe, { what: 'x' })).message).toContain('document type');
  });

  it('refuses nesting deeper than the limit, without overflowing the stack', () => {
    const deep = '<a>'.repeat(100_000) + '</a>'.repeat(100_000);
    expect(failure(() => parseXml(deep, { what: 'deep' })).message).toContain(`more than ${XML_LIMITS.maxDepth} deep`);
  });

  it('refuses more elements than the limit', () => {
    const many = `<a>${'<b/>'.repeat(1000)}</a>`;
    const err = failure(() => parseXml(many, { what: 'many', limits: { ...XML_LIMITS, maxElements: 500 } }));
    expect(err.reason).toBe('too-large');
  });

  it('refuses more bytes than the limit before parsing', () => {
    const err = failure(() => parseXml(new Uint8Array(XML_LIMITS.maxBytes + 1), { what: 'big' }));
    expect(err.reason).toBe('too-large');
  });

  it('in strict mode refuses malformed XML, naming the line', () => {
    const err = failure(() => parseXml('<EInvoice>\n<Header>\n</EInvoice>', { what: 'the invoice XML', strict: true }));
    expect(err.message).toMatch(/the invoice XML is not well-formed XML: .*\(line \d\)/);
  });

  it('reads an OFD custom tag file with an invalid prefix tolerantly (as SuwellFormSDK writes them)', () => {
    const tag = '<?xml version="1.0"?><:eInvoice xmlns:=""><InvoiceCode><ofd:ObjectRef PageRef="1">64</ofd:ObjectRef></InvoiceCode></:eInvoice>';
    const root = parseXml(tag, { what: 'CustomTag.xml' });
    expect(valueAt(root, 'InvoiceCode', 'ObjectRef')).toBe('64');
  });

  it('decodes the bytes by the declared encoding (GBK issuers)', () => {
    // 发票 in GBK
    const gbk = new Uint8Array([...new TextEncoder().encode('<?xml version="1.0" encoding="GBK"?><a>'), 0xb7, 0xa2, 0xc6, 0xb1, ...new TextEncoder().encode('</a>')]);
    expect(textOf(parseXml(gbk, { what: 'gbk' }))).toBe('发票');
  });

  it('finds elements anywhere below without recursion', () => {
    const root = parseXml('<a><b><c><d>x</d></c></b><d>y</d></a>', { what: 't' });
    expect(first(root, 'd')?.text).toBe('x');
  });

  it('never fails on random bytes with anything but an input error (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        for (const strict of [false, true]) {
          try {
            parseXml(bytes, { what: 'random', strict });
          } catch (err) {
            if (!(err instanceof OcrInputError)) throw err;
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never fails on random markup with anything but an input error (property)', () => {
    const token = fc.constantFrom('<a>', '</a>', '<b x="1">', '</b>', '<![CDATA[', ']]>', '&amp;', '&', '<!--', '-->', '<?xml version="1.0"?>', 'text', '<c/>', '"', '<', '>');
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (tokens) => {
        try {
          parseXml(tokens.join(''), { what: 'random', strict: true });
        } catch (err) {
          if (!(err instanceof OcrInputError)) throw err;
        }
      }),
      { numRuns: 500 },
    );
  });
});
