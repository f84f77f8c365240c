import { beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import { docIds } from '../../src/extension/lib/documents/index';
import { type FakeBrowser, installFakeBrowser } from './support/fake-browser';
import type { Menus, Tabs } from '../../src/extension/lib/browser';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const recognize = vi.fn(async () => undefined);
const startCapture = vi.fn(async () => ({ ok: true, value: {} }));
vi.mock('../../src/extension/background/recognize', () => ({ recognize }));
vi.mock('../../src/extension/background/capture', () => ({ startCapture }));
const { buildMenus, onMenuClick } = await import('../../src/extension/background/menus');
const { saveSettings } = await import('../../src/extension/background/settings-store');

let c: FakeBrowser;
beforeEach(() => {
  c = installFakeBrowser();
  recognize.mockClear();
  startCapture.mockClear();
});

const created = () => c.contextMenus.create.mock.calls.map(([item]) => item as Menus.CreateCreatePropertiesType);
const tab = { id: 9, windowId: 2, url: 'https://shop.example/p' } as Tabs.Tab;

describe('context menus', () => {
  it('offers every document type on images and on the page, and 识别链接的文件 on every link', async () => {
    await buildMenus();
    const items = created();
    expect(items.filter((i) => i.parentId === 'image').map((i) => i.id)).toEqual(docIds.map((d) => `image:${d}`));
    expect(items.filter((i) => i.parentId === 'region').map((i) => i.id)).toEqual(docIds.map((d) => `region:${d}`));
    expect(items.find((i) => i.id === 'image')).toMatchObject({ title: '识别此图片', contexts: ['image'] });
    expect(items.find((i) => i.id === 'image:vin')!.title).toBe('车辆 VIN 码');
    // 自动识别 first, on images and on the page; the typed items follow
    expect(items.filter((i) => i.parentId === 'image')[0]).toMatchObject({ id: 'image:auto', title: '自动识别' });
    expect(items.filter((i) => i.parentId === 'region')[0]).toMatchObject({ id: 'region:auto', title: '自动识别' });
    // every link: an address like /dl?f=123 says nothing of the file, its bytes do
    const link = items.find((i) => i.id === 'pdf');
    expect(link).toMatchObject({ contexts: ['link'], title: '识别链接的文件（发票 PDF/OFD/XML/图片）' });
    expect(link).not.toHaveProperty('targetUrlPatterns');
  });

  it('titles follow the language setting', async () => {
    await saveSettings({ language: 'en' });
    await buildMenus();
    expect(c.contextMenus.removeAll).toHaveBeenCalled();
    expect(created().find((i) => i.id === 'image')!.title).toBe('Recognize this image');
  });

  it('routes clicks: image → recognition of that type, PDF link → VAT as PDF, page → region capture', async () => {
    await onMenuClick({ menuItemId: 'image:plate', srcUrl: 'https://img/p.jpg', pageUrl: tab.url, frameId: 3 }, tab);
    expect(recognize).toHaveBeenLastCalledWith({
      docId: 'plate',
      source: { kind: 'image', srcUrl: 'https://img/p.jpg', pageUrl: tab.url, tabId: 9, frameId: 3, windowId: 2 },
    });
    await onMenuClick({ menuItemId: 'pdf', linkUrl: 'https://inv/a.pdf', pageUrl: tab.url }, tab);
    expect(recognize).toHaveBeenLastCalledWith({ docId: 'vat', source: expect.objectContaining({ kind: 'pdf', srcUrl: 'https://inv/a.pdf' }) });
    // the files the tax system issues: an OFD or an XML link is read as what its name says
    await onMenuClick({ menuItemId: 'pdf', linkUrl: 'https://inv/dzfp_2544.OFD?token=1', pageUrl: tab.url }, tab);
    expect(recognize).toHaveBeenLastCalledWith({ docId: 'vat', source: expect.objectContaining({ kind: 'ofd' }) });
    await onMenuClick({ menuItemId: 'pdf', linkUrl: 'https://inv/fp.xml', pageUrl: tab.url }, tab);
    expect(recognize).toHaveBeenLastCalledWith({ docId: 'vat', source: expect.objectContaining({ kind: 'xml' }) });
    await onMenuClick({ menuItemId: 'region:text', pageUrl: tab.url }, tab);
    expect(startCapture).toHaveBeenCalledWith('text', 9, 2);
    await onMenuClick({ menuItemId: 'image:auto', srcUrl: 'https://img/sheet.jpg', pageUrl: tab.url }, tab);
    expect(recognize).toHaveBeenLastCalledWith({ docId: 'auto', source: expect.objectContaining({ kind: 'image', srcUrl: 'https://img/sheet.jpg' }) });
    await onMenuClick({ menuItemId: 'region:auto', pageUrl: tab.url }, tab);
    expect(startCapture).toHaveBeenLastCalledWith('auto', 9, 2);
    await onMenuClick({ menuItemId: 'image:nonsense', srcUrl: 'https://img/p.jpg' }, tab);
    expect(recognize).toHaveBeenCalledTimes(5);
  });

  it('explains in a notification when the capture overlay cannot be injected', async () => {
    startCapture.mockResolvedValueOnce({ ok: false, error: { key: 'err_restricted_page', subs: [] } } as never);
    await onMenuClick({ menuItemId: 'region:plate', pageUrl: 'chrome://settings' }, tab);
    const [note] = Object.values(c.notifications.getAllCreateOptions()) as { title: string; message: string }[];
    expect(note).toMatchObject({ title: '识别失败（车牌）', message: expect.stringMatching(/^浏览器不允许扩展在此页面上运行/) });
  });
});
