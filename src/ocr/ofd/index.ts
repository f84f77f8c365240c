import { throwIfCancelled } from '../runtime/cancel';
import { OcrInputError } from '../errors';
import type { Raster } from '../image/raster';
import type { OcrLine } from '../pipeline';
import { parseXml, type XmlElement } from '../xml/parse';
import { decodeMedia } from './media';
import { ofdLines, PX_PER_MM } from './lines';
import { openPackage, type OfdPackage } from './package';
import { readPage, type ImageObject, type OfdPageContent } from './page';
import { openZip } from './zip';

/*
 * OFD intake (GB/T 33190: a ZIP of XML parts): the package's structure, each page's text as
 * lines in pixels at 144 dpi, its images for the QR code, and the structured data an invoice
 * carries (attachments, custom tags, OFD.xml CustomDatas), read only when asked for. Every part
 * is read through zip.ts's limits and xml/parse.ts's; the whole reading runs against one
 * deadline and stops when the task is cancelled.
 */

/** Reading the structure, a page and its attachments takes milliseconds; this is the net for files built to be slow. */
export const OFD_DEADLINE_MS = 10_000;
/** Pages looked at for an invoice, as for PDFs. */
export const MAX_OFD_PAGES = 20;

export interface OfdPageText extends OfdPageContent {
  lines: OcrLine[];
  /** page size in pixels at 144 dpi */
  pixelWidth: number;
  pixelHeight: number;
}

export interface OfdFile {
  pageCount: number;
  /** the pages' ID attributes, which custom tags refer to (PageRef) */
  pageIds: string[];
  customData: Record<string, string>;
  creator: string;
  page(index: number): Promise<OfdPageText>;
  /**
   * The attachments that are XML (the issuer's invoice, XBRL), parsed; one that cannot be read
   * (damaged, a document type declaration, too large) comes with the reason instead, and the
   * reader goes on with the page.
   */
  xmlAttachments(): Promise<{ name: string; root?: XmlElement; error?: string }[]>;
  /** the custom tag files, parsed tolerantly (some producers write invalid prefixes) */
  customTags(): Promise<XmlElement[]>;
  /** an image object's pixels; null when its media is missing or not an image we decode */
  image(image: ImageObject): Promise<Raster | null>;
}

export async function openOfd(bytes: Uint8Array, deadlineMs = OFD_DEADLINE_MS): Promise<OfdFile> {
  const until = performance.now() + deadlineMs;
  const step = () => {
    throwIfCancelled();
    if (performance.now() > until) throw new OcrInputError('corrupt', `the OFD could not be read within ${deadlineMs / 1000} s`);
  };
  const zip = await openZip(bytes);
  step();
  const pkg: OfdPackage = await openPackage(zip);
  step();
  return {
    pageCount: pkg.pages.length,
    pageIds: pkg.pages.map((p) => p.id),
    customData: pkg.customData,
    creator: pkg.creator,
    async page(index) {
      step();
      const content = await readPage(pkg, index);
      step();
      return { ...content, lines: ofdLines(content.texts), pixelWidth: Math.round(content.width * PX_PER_MM), pixelHeight: Math.round(content.height * PX_PER_MM) };
    },
    async xmlAttachments() {
      const out: { name: string; root?: XmlElement; error?: string }[] = [];
      for (const a of pkg.attachments) {
        const extension = /\.([A-Za-z0-9]{1,5})$/.exec(a.path)?.[1]?.toLowerCase();
        const xml = extension ? extension === 'xml' || extension === 'xbrl' : a.format === 'xml' || a.format === 'xbrl';
        if (!xml || !zip.has(a.path)) continue;
        step();
        try {
          out.push({ name: a.name, root: parseXml(await zip.read(a.path), { what: `the OFD attachment ${a.path}` }) });
        } catch (err) {
          // only the attachment is lost; a bomb or a broken package part still stops the reading
          if (!(err instanceof OcrInputError) || err.reason === 'too-large') throw err;
          out.push({ name: a.name, error: err.message });
        }
      }
      return out;
    },
    async customTags() {
      const out: XmlElement[] = [];
      for (const path of pkg.customTags) {
        if (!zip.has(path)) continue;
        step();
        out.push(parseXml(await zip.read(path), { what: `the OFD part ${path}` }));
      }
      return out;
    },
    async image(image) {
      if (!image.media || !zip.has(image.media.path)) return null;
      step();
      return decodeMedia(await zip.read(image.media.path), image.media.format);
    },
  };
}
