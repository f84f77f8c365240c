import { type DocId, docIds, documentOf } from '../lib/documents/index';
import { translator } from '../lib/i18n';
import { kindOfAddress } from '../lib/file-kind';
import { startCapture } from './capture';
import { notifyError } from './notify-error';
import { recognize } from './recognize';
import { loadSettings } from './settings-store';
import { type Menus, type Tabs, browser } from '../lib/browser';
import { mark } from '../lib/timing';

/*
 * The context menus: on images a parent "识别此图片" with one child per document type; on every
 * link "识别链接的文件" (an invoice: its address may say nothing, `/dl?f=…`, so the bytes decide
 * whether it is a PDF, an OFD, an XML or an image); on the page, "截取区域识别" with the same
 * children. A click grants activeTab for that tab, which the page read and the screen capture rely on.
 */

const IMAGE = 'image';
const REGION = 'region';
const PDF = 'pdf';


export async function buildMenus(): Promise<void> {
  const t = translator((await loadSettings()).language);
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: IMAGE, title: t('menuRecognizeImage'), contexts: ['image'] });
  for (const id of docIds) {
    browser.contextMenus.create({ id: `${IMAGE}:${id}`, parentId: IMAGE, title: t(documentOf(id).titleKey), contexts: ['image'] });
  }
  browser.contextMenus.create({ id: PDF, title: t('menuRecognizeLink'), contexts: ['link'] });
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
  mark('click');
  const [group, rawDoc = ''] = String(info.menuItemId).split(':');
  const tabId = tab?.id;
  const windowId = tab?.windowId;
  const pageUrl = info.pageUrl ?? tab?.url ?? '';
  if (group === PDF && info.linkUrl) {
    await recognize({ docId: 'vat', source: { kind: kindOfAddress(info.linkUrl), srcUrl: info.linkUrl, pageUrl, tabId, frameId: info.frameId, windowId } });
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
