import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { OcrInputError } from '../errors';

/*
 * XML as the engine reads it: OFD parts (GB/T 33190), the tax platform's invoice XML, XBRL
 * attachments. Files are hostile until parsed, so:
 *  - a document type declaration is refused before parsing: no invoice format has one, and it is
 *    where entity expansion ("billion laughs") and external entities live; entity processing is
 *    off in the parser too, and only the five predefined escapes and character references are
 *    decoded here, in one pass (nothing expands into more references);
 *  - bytes, nesting depth and element count are limited before and while the tree is built.
 * The tree keeps local names (prefixes differ between producers: ofd:, fp:, rai:, none) and
 * decodes the bytes by the declared encoding (some issuers write GBK).
 */

export interface XmlElement {
  /** local name, without the namespace prefix */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** the element's own text (CDATA included), escapes decoded, untrimmed */
  text: string;
}

export interface XmlLimits {
  maxBytes: number;
  /** deepest element nesting */
  maxDepth: number;
  maxElements: number;
}

/** Invoice and OFD parts are a few kilobytes; a page of a thousand text objects is ~300 KB. */
export const XML_LIMITS: XmlLimits = { maxBytes: 4 * 1024 * 1024, maxDepth: 64, maxElements: 200_000 };

export interface ParseOptions {
  /** what the XML is, for messages ("OFD.xml", "the invoice XML") */
  what: string;
  /** refuse XML that is not well-formed (a file given as XML); OFD parts are read tolerantly */
  strict?: boolean;
  limits?: XmlLimits;
}

const parser = (maxDepth: number) =>
  new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    commentPropName: false,
    maxNestedTags: maxDepth,
  });

const ESCAPES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The predefined escapes and character references, once; anything else stays as written. */
export function decodeEscapes(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return ESCAPES[ref]!;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** The bytes as text by their BOM or declared encoding (UTF-8 when neither says). */
export function decodeXmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2));
  }
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  let label = 'utf-8';
  if (declared && declared !== 'utf8') {
    try {
      label = new TextDecoder(declared).encoding;
    } catch {
      label = 'utf-8'; // an encoding name the platform does not know: read as UTF-8
    }
  }
  return new TextDecoder(label).decode(bytes);
}

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };

const localName = (qualified: string) => qualified.slice(qualified.lastIndexOf(':') + 1);

/** fast-xml-parser's ordered output → XmlElement, counting elements and depth as it goes. */
function build(nodes: Node[], limits: XmlLimits, what: string): XmlElement | null {
  let count = 0;
  const convert = (node: Node, tag: string, depth: number): XmlElement => {
    if (++count > limits.maxElements) throw new OcrInputError('too-large', `${what} has more than ${limits.maxElements} elements`);
    if (depth > limits.maxDepth) throw new OcrInputError('corrupt', `${what} nests elements more than ${limits.maxDepth} deep`);
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(node[':@'] ?? {})) attrs[localName(k)] = decodeEscapes(String(v));
    const el: XmlElement = { name: localName(tag), attrs, children: [], text: '' };
    for (const child of (node[tag] as Node[] | undefined) ?? []) {
      const childTag = Object.keys(child).find((k) => k !== ':@');
      if (childTag === undefined) continue;
      if (childTag === '#text') el.text += decodeEscapes(String(child['#text']));
      else el.children.push(convert(child, childTag, depth + 1));
    }
    return el;
  };
  for (const node of nodes) {
    const tag = Object.keys(node).find((k) => k !== ':@' && k !== '#text');
    if (tag !== undefined) return convert(node, tag, 1);
  }
  return null;
}

/** The root element; OcrInputError when the text is not XML we read. */
export function parseXml(input: Uint8Array | string, opts: ParseOptions): XmlElement {
  const limits = opts.limits ?? XML_LIMITS;
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > limits.maxBytes) throw new OcrInputError('too-large', `${opts.what} has ${size} bytes; at most ${limits.maxBytes} are read`);
  const text = typeof input === 'string' ? input : decodeXmlBytes(input);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new OcrInputError('corrupt', `${opts.what} declares a document type or entities, which no invoice format uses; it is not read`);
  }
  if (opts.strict) {
    const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
    if (valid !== true) {
      throw new OcrInputError('corrupt', `${opts.what} is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
    }
  }
  let nodes: Node[];
  try {
    nodes = parser(limits.maxDepth).parse(text) as Node[];
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/nested/i.test(message)) throw new OcrInputError('corrupt', `${opts.what} nests elements more than ${limits.maxDepth} deep`);
    throw new OcrInputError('corrupt', `${opts.what} is not XML we can read: ${message.split('\n')[0]}`);
  }
  const root = build(nodes, limits, opts.what);
  if (!root) throw new OcrInputError('corrupt', `${opts.what} holds no XML element`);
  return root;
}
