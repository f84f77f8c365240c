import { type DocId, docIds, documentOf } from '../lib/documents/index';
import { translator } from '../lib/i18n';
import { startCapture } from './capture';
import { notifyError } from './notify-error';
import { recognize } from './recognize';
import { loadSettings } from './settings-store';
import { type Menus, type Tabs, browser } from '../lib/browser';

/*
 * The context menus: on images a parent "识别此图片" with one child per document type; on links to
 * an invoice file (.pdf, .ofd, .xml), "识别电子发票"; on the page, "截取区域识别" with the same
 * children. A click grants activeTab for that tab, which the page read and the screen capture rely on.
 */

const IMAGE = 'image';
const REGION = 'region';
const PDF = 'pdf';

/** Links whose path ends in .pdf, .ofd or .xml (either case), with or without a query: the files the tax system issues. */
const FILE_TYPES = ['pdf', 'ofd', 'xml'] as const;
const PDF_LINKS = FILE_TYPES.flatMap((ext) => [ext, ext.toUpperCase()].flatMap((e) => [`*://*/*.${e}`, `*://*/*.${e}?*`]));

/** The file type a link names by its path's extension (the menu is shown only on those). */
function fileKind(url: string): (typeof FILE_TYPES)[number] {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // not a URL the menu would offer; the default below stands
  }
  const ext = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase();
  return FILE_TYPES.find((t) => t === ext) ?? 'pdf';
}

export async function buildMenus(): Promise<void> {
  const t = translator((await loadSettings()).language);
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: IMAGE, title: t('menuRecognizeImage'), contexts: ['image'] });
  for (const id of docIds) {
    browser.contextMenus.create({ id: `${IMAGE}:${id}`, parentId: IMAGE, title: t(documentOf(id).titleKey), contexts: ['image'] });
  }
  browser.contextMenus.create({ id: PDF, title: t('menuRecognizePdf'), contexts: ['link'], targetUrlPatterns: PDF_LINKS });
  browser.contextMenus.create({ id: REGION, title: t('menuCaptureRegion'), contexts: ['page', 'selection'] });
  for (const id of docIds) {
    browser.contextMenus.create({ id: `${REGION}:${id}`, parentId: REGION, title: t(documentOf(id).titleKey), contexts: ['page', 'selection'] });
  }
}

function docOf(raw: string): DocId | undefined {
  return (docIds as readonly string[]).includes(raw) ? (raw as DocId) : undefined;
}

/** The parts of a click the routing reads. */
export type MenuClick = Pick<Menus.OnClickData, 'menuItemId' | 'srcUrl' | 'linkUrl' | 'pageUrl' | 'frameId'>;

export async function onMenuClick(info: MenuClick, tab?: Tabs.Tab): Promise<void> {
  const [group, rawDoc = ''] = String(info.menuItemId).split(':');
  const tabId = tab?.id;
  const windowId = tab?.windowId;
  const pageUrl = info.pageUrl ?? tab?.url ?? '';
  if (group === PDF && info.linkUrl) {
    await recognize({ docId: 'vat', source: { kind: fileKind(info.linkUrl), srcUrl: info.linkUrl, pageUrl, tabId, frameId: info.frameId, windowId } });
    return;
  }
  const docId = docOf(rawDoc);
  if (!docId) return;
  if (group === IMAGE && info.srcUrl) {
    await recognize({ docId, source: { kind: 'image', srcUrl: info.srcUrl, pageUrl, tabId, frameId: info.frameId, windowId } });
  } else if (group === REGION && tabId !== undefined && windowId !== undefined) {
    const started = await startCapture(docId, tabId, windowId);
    if (!started.ok) await notifyError(docId, started.error);
  }
}
