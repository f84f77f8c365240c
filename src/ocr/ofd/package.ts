import { OcrInputError } from '../errors';
import { parseXml, type XmlElement } from '../xml/parse';
import { at, child, childrenNamed, valueAt } from '../xml/query';
import { normalisePath, type ZipArchive } from './zip';

/*
 * The structure of an OFD package (GB/T 33190-2016 §7): OFD.xml names the document root
 * (DocRoot) and carries the issuer's CustomDatas; Document.xml lists the pages, the template
 * pages, the resource files, the attachments and the custom tags. Every location is relative to
 * the file that names it, or to the package root when it starts with "/". What a producer
 * leaves out (no template, no Res folder, pages beside Document.xml) is simply absent; what is
 * named but missing is said by name.
 */

export interface MediaRef {
  /** package path of the media file */
  path: string;
  /** the Format attribute or the file's extension, upper case (PNG, JPEG, GBIG2, JB2...) */
  format: string;
}

export interface OfdPackage {
  zip: ZipArchive;
  /** OFD.xml DocInfo/CustomDatas: name → value */
  customData: Record<string, string>;
  /** DocInfo Creator / Author, for remarks */
  creator: string;
  /** default page box (Document CommonData PageArea), millimetres */
  pageArea: number[];
  pages: { id: string; path: string }[];
  /** template page id → package path */
  templates: Map<string, string>;
  /** MultiMedia id → file */
  media: Map<string, MediaRef>;
  /** attachment files (package paths) with their declared Name and Format */
  attachments: { name: string; format: string; path: string }[];
  /** custom tag files (package paths) */
  customTags: string[];
}

/** The folder of a package path ("Doc_0/Document.xml" → "Doc_0"). */
const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** A location relative to `folder` (or absolute from the package root) → package path. */
function resolveIn(folder: string, location: string): string | null {
  const loc = location.trim();
  if (loc === '') return null;
  return normalisePath(loc.startsWith('/') ? loc : `${folder}/${loc}`);
}

/** A location as written in the part `from` → package path. */
export const resolve = (from: string, location: string) => resolveIn(folderOf(from), location);

export async function readXmlPart(zip: ZipArchive, path: string): Promise<XmlElement> {
  return parseXml(await zip.read(path), { what: `the OFD part ${path}` });
}

export const numbers = (text: string | undefined) =>
  (text ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isFinite(n));

/** Resource files (PublicRes, DocumentRes, a page's PageRes): their MultiMedias into `media`. */
export async function readResources(zip: ZipArchive, path: string, media: Map<string, MediaRef>): Promise<void> {
  if (!zip.has(path)) return; // a named but absent resource file only loses its images
  const res = await readXmlPart(zip, path);
  const base = (res.attrs.BaseLoc && resolve(path, res.attrs.BaseLoc)) || folderOf(path);
  for (const m of childrenNamed(child(res, 'MultiMedias'), 'MultiMedia')) {
    const file = valueAt(m, 'MediaFile');
    const id = m.attrs.ID;
    if (!id || !file) continue;
    // most producers write the file relative to BaseLoc; a few put it beside the resource file
    const candidates = [resolveIn(base, file), resolve(path, file)].filter((p): p is string => p !== null);
    const found = candidates.find((p) => zip.has(p)) ?? candidates[0];
    if (!found) continue;
    const format = (m.attrs.Format || found.slice(found.lastIndexOf('.') + 1)).toUpperCase();
    media.set(id, { path: found, format });
  }
}

export async function openPackage(zip: ZipArchive): Promise<OfdPackage> {
  const ofdPath = zip.has('OFD.xml') ? 'OFD.xml' : undefined;
  if (!ofdPath) throw new OcrInputError('unsupported-format', 'the ZIP container holds no OFD.xml: it is not an OFD file');
  const ofd = await readXmlPart(zip, ofdPath);
  const body = child(ofd, 'DocBody');
  const docRoot = resolve(ofdPath, valueAt(body, 'DocRoot'));
  if (!docRoot) throw new OcrInputError('corrupt', 'OFD.xml names no document (DocBody/DocRoot)');
  const info = child(body, 'DocInfo');
  const customData: Record<string, string> = {};
  for (const c of childrenNamed(child(info, 'CustomDatas'), 'CustomData')) {
    const name = c.attrs.Name?.trim();
    if (name && !(name in customData)) customData[name] = c.text.trim();
  }

  const doc = await readXmlPart(zip, docRoot);
  const common = child(doc, 'CommonData');
  const pages = childrenNamed(child(doc, 'Pages'), 'Page')
    .map((p) => ({ id: p.attrs.ID ?? '', path: resolve(docRoot, p.attrs.BaseLoc ?? '') }))
    .filter((p): p is { id: string; path: string } => p.path !== null);
  if (pages.length === 0) throw new OcrInputError('corrupt', `the OFD document ${docRoot} lists no pages`);
  const templates = new Map<string, string>();
  for (const t of childrenNamed(common, 'TemplatePage')) {
    const path = resolve(docRoot, t.attrs.BaseLoc ?? '');
    if (t.attrs.ID && path) templates.set(t.attrs.ID, path);
  }
  const media = new Map<string, MediaRef>();
  for (const name of ['PublicRes', 'DocumentRes']) {
    for (const r of childrenNamed(common, name)) {
      const path = resolve(docRoot, r.text);
      if (path) await readResources(zip, path, media);
    }
  }
  const attachments: OfdPackage['attachments'] = [];
  const attachsPath = resolve(docRoot, valueAt(doc, 'Attachments'));
  if (attachsPath && zip.has(attachsPath)) {
    for (const a of childrenNamed(await readXmlPart(zip, attachsPath), 'Attachment')) {
      const path = resolve(attachsPath, valueAt(a, 'FileLoc'));
      if (path) attachments.push({ name: a.attrs.Name ?? '', format: (a.attrs.Format ?? '').toLowerCase(), path });
    }
  }
  const customTags: string[] = [];
  const tagsPath = resolve(docRoot, valueAt(doc, 'CustomTags'));
  if (tagsPath && zip.has(tagsPath)) {
    for (const t of childrenNamed(await readXmlPart(zip, tagsPath), 'CustomTag')) {
      const path = resolve(tagsPath, valueAt(t, 'FileLoc'));
      if (path) customTags.push(path);
    }
  }
  return {
    zip,
    customData,
    creator: valueAt(info, 'Creator') || valueAt(info, 'Author'),
    pageArea: numbers(at(common, 'PageArea', 'PhysicalBox')?.text),
    pages,
    templates,
    media,
    attachments,
    customTags,
  };
}
