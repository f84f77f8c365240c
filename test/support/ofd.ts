import { type Parts, zipParts } from './zip';

/*
 * OFD files (GB/T 33190) written by the tests: a package of OFD.xml, Document.xml, pages,
 * an optional template page, resources, attachments and custom tags, from a plain description.
 * Text objects are placed in millimetres as the tax platform's writers place them (Boundary at
 * the object, TextCode X/Y inside it, DeltaX per glyph).
 */

export interface OfdTextSpec {
  id: number;
  /** baseline start, page millimetres */
  x: number;
  y: number;
  text: string;
  /** font size in millimetres (3.175 = 9 pt) */
  size?: number;
  /** written with this CTM and the coordinates in its space (PDF-to-OFD converters write points with CTM 0.3527) */
  ctm?: [number, number, number, number, number, number];
}

export interface OfdImageSpec {
  id: number;
  resourceId: number;
  /** x, y, width, height in millimetres */
  box: [number, number, number, number];
}

export interface OfdSpec {
  customData?: Record<string, string>;
  pages: { texts: OfdTextSpec[]; images?: OfdImageSpec[]; templateId?: number; path?: string }[];
  /** template page contents by id; a template may name another (cycles included, for tests) */
  templates?: Record<number, { texts: OfdTextSpec[]; templateId?: number }>;
  media?: { id: number; file: string; bytes: Uint8Array; format?: string }[];
  attachments?: { name: string; file: string; content: string }[];
  customTag?: string;
  /** parts replaced or added as they are */
  parts?: Parts;
  /** parts left out */
  omit?: string[];
  pageWidth?: number;
  pageHeight?: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const NS = 'xmlns:ofd="http://www.ofdspec.org/2016"';
const isWide = (c: string) => c.codePointAt(0)! >= 0x2e80;

function textObject(t: OfdTextSpec): string {
  const size = t.size ?? 3.175;
  const glyphs = [...t.text];
  const deltas = glyphs.slice(0, -1).map((c) => (isWide(c) ? size : size / 2).toFixed(4)).join(' ');
  if (t.ctm) {
    // the object covers the page; coordinates are in the CTM's space
    const [a, , , d, e, f] = t.ctm;
    const x = (t.x - e) / a, y = (t.y - f) / d;
    return `<ofd:TextObject ID="${t.id}" CTM="${t.ctm.join(' ')}" Boundary="0 0 210 140" Font="1" Size="${size / a}"><ofd:TextCode X="${x}" Y="${y}" DeltaX="${glyphs.slice(0, -1).map((c) => ((isWide(c) ? size : size / 2) / a).toFixed(4)).join(' ')}">${esc(t.text)}</ofd:TextCode></ofd:TextObject>`;
  }
  const width = glyphs.reduce((s, c) => s + (isWide(c) ? size : size / 2), 0);
  return `<ofd:TextObject ID="${t.id}" Boundary="${t.x} ${t.y - size} ${width.toFixed(3)} ${(size * 1.4).toFixed(3)}" Font="1" Size="${size}"><ofd:TextCode X="0" Y="${size}" DeltaX="${deltas}">${esc(t.text)}</ofd:TextCode></ofd:TextObject>`;
}

const imageObject = (i: OfdImageSpec) =>
  `<ofd:ImageObject ID="${i.id}" ResourceID="${i.resourceId}" Boundary="${i.box.join(' ')}" CTM="${i.box[2]} 0 0 ${i.box[3]} 0 0"/>`;

function content(texts: OfdTextSpec[], images: OfdImageSpec[] = [], templateId?: number, size = '0 0 210 140'): string {
  const template = templateId === undefined ? '' : `<ofd:Template TemplateID="${templateId}" ZOrder="Background"/>`;
  return `<?xml version="1.0" encoding="UTF-8"?><ofd:Page ${NS}><ofd:Area><ofd:PhysicalBox>${size}</ofd:PhysicalBox></ofd:Area>${template}<ofd:Content><ofd:Layer ID="900">${images.map(imageObject).join('')}${texts.map(textObject).join('')}</ofd:Layer></ofd:Content></ofd:Page>`;
}

export function buildOfdParts(spec: OfdSpec): Parts {
  const size = `0 0 ${spec.pageWidth ?? 210} ${spec.pageHeight ?? 140}`;
  const customData = Object.entries(spec.customData ?? {})
    .map(([k, v]) => `<ofd:CustomData Name="${esc(k)}">${esc(v)}</ofd:CustomData>`)
    .join('');
  const parts: Parts = {
    'OFD.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:OFD ${NS} DocType="OFD" Version="1.1"><ofd:DocBody><ofd:DocInfo><ofd:DocID>test</ofd:DocID><ofd:Creator>tests</ofd:Creator><ofd:CustomDatas>${customData}</ofd:CustomDatas></ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>`,
  };
  const templates = Object.entries(spec.templates ?? {});
  for (const [id, t] of templates) parts[`Doc_0/Tpls/Tpl_${id}/Content.xml`] = content(t.texts, [], t.templateId, size);
  spec.pages.forEach((p, i) => (parts[p.path ?? `Doc_0/Pages/Page_${i}/Content.xml`] = content(p.texts, p.images, p.templateId, size)));
  const media = (spec.media ?? []).map((m) => `<ofd:MultiMedia ID="${m.id}" Type="Image"${m.format ? ` Format="${m.format}"` : ''}><ofd:MediaFile>${m.file}</ofd:MediaFile></ofd:MultiMedia>`).join('');
  for (const m of spec.media ?? []) parts[`Doc_0/Res/${m.file}`] = m.bytes;
  parts['Doc_0/DocumentRes.xml'] = `<?xml version="1.0" encoding="UTF-8"?><ofd:Res ${NS} BaseLoc="Res"><ofd:MultiMedias>${media}</ofd:MultiMedias></ofd:Res>`;
  const attachments = (spec.attachments ?? []).map((a, i) => `<ofd:Attachment ID="${800 + i}" Name="${esc(a.name)}" Format="xml"><ofd:FileLoc>${a.file}</ofd:FileLoc></ofd:Attachment>`).join('');
  for (const a of spec.attachments ?? []) parts[`Doc_0/Attachs/${a.file}`] = a.content;
  if (spec.attachments) parts['Doc_0/Attachs/Attachments.xml'] = `<?xml version="1.0" encoding="UTF-8"?><ofd:Attachments ${NS}>${attachments}</ofd:Attachments>`;
  if (spec.customTag !== undefined) {
    parts['Doc_0/Tags/CustomTags.xml'] = `<?xml version="1.0" encoding="UTF-8"?><ofd:CustomTags ${NS}><ofd:CustomTag TypeID=""><ofd:FileLoc>CustomTag.xml</ofd:FileLoc></ofd:CustomTag></ofd:CustomTags>`;
    parts['Doc_0/Tags/CustomTag.xml'] = spec.customTag;
  }
  const pages = spec.pages.map((p, i) => `<ofd:Page ID="${i + 1}" BaseLoc="${(p.path ?? `Doc_0/Pages/Page_${i}/Content.xml`).replace(/^Doc_0\//, '')}"/>`).join('');
  const tpls = templates.map(([id]) => `<ofd:TemplatePage ID="${id}" BaseLoc="Tpls/Tpl_${id}/Content.xml"/>`).join('');
  parts['Doc_0/Document.xml'] =
    `<?xml version="1.0" encoding="UTF-8"?><ofd:Document ${NS}><ofd:CommonData><ofd:MaxUnitID>999</ofd:MaxUnitID>${tpls}<ofd:PageArea><ofd:PhysicalBox>${size}</ofd:PhysicalBox></ofd:PageArea><ofd:DocumentRes>DocumentRes.xml</ofd:DocumentRes></ofd:CommonData><ofd:Pages>${pages}</ofd:Pages>` +
    `${spec.attachments ? '<ofd:Attachments>Attachs/Attachments.xml</ofd:Attachments>' : ''}${spec.customTag !== undefined ? '<ofd:CustomTags>Tags/CustomTags.xml</ofd:CustomTags>' : ''}</ofd:Document>`;
  Object.assign(parts, spec.parts ?? {});
  for (const name of spec.omit ?? []) delete parts[name];
  return parts;
}

export const buildOfd = (spec: OfdSpec): Uint8Array => zipParts(buildOfdParts(spec));
