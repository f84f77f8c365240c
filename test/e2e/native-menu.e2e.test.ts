import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestGateway, startTestGateway } from '../support/gateway';
import { buildExtension } from './support/build';
import { type LoadedExtension, launchWithExtension, requireChromium, skipReason } from './support/chromium';
import { configure, history, waitForResult } from './support/extension';
import { type TestSite, html, startSite } from './support/pages';
import { type Display, hasXvfb, startXvfb } from './support/xvfb';

/*
 * Chromium's real native context menu and the extension's keyboard shortcuts, headed under Xvfb,
 * with the keyboard through xdotool (a shortcut reaches the browser, not the page, so only real key
 * presses trigger it). Only a real menu click grants activeTab, so this is where the page is read and the
 * screen captured on a page the extension has no host permission for (localhost; the e2e build
 * only holds 127.0.0.1), as for any site a user visits.
 */

const skip = skipReason() ?? (hasXvfb || requireChromium ? undefined : 'native menu and shortcut tests skipped: Xvfb or xdotool not found');
if (skip) console.warn(skip);

const corpus = path.resolve(import.meta.dirname, '../../../shared/corpus');

/**
 * Keyboard paths from an opened menu to our parent item, counted from the bottom (Up from nothing
 * selected starts at the last item): on an image it sits just above "Inspect"; on a page, above
 * "View page source" and "Inspect".
 */
const IMAGE_MENU = ['Up', 'Up'];
const PAGE_MENU = ['Up', 'Up', 'Up'];

describe.skipIf(Boolean(skip))('native context menu (headed Chromium under Xvfb)', () => {
  let display: Display;
  let gw: TestGateway;
  let site: TestSite;
  let ext: LoadedExtension;
  let token: string;

  beforeAll(async () => {
    const dir = buildExtension();
    display = await startXvfb();
    // no IMAGE_FETCH_ALLOW: the gateway refuses loopback images, as it refuses private hosts
    gw = await startTestGateway({ RECOGNITION_WORKERS: '1' });
    const app = await gw.createApp('native');
    token = await gw.createToken(app.appid);
    site = await startSite();
    ext = await launchWithExtension(dir, { headed: true, env: { DISPLAY: display.name } });
    await configure(ext, gw.url, token, { openPopupOnResult: false, notifyOnSuccess: false });
  });
  afterAll(async () => {
    await ext?.close();
    await site?.close();
    await gw?.stop();
    display?.stop();
  });

  async function openOnLocalhost(route: string, body: string): Promise<Page> {
    site.route(route, html(body));
    const page = await ext.context.newPage();
    await page.goto(`${site.otherOrigin}${route}`);
    await page.bringToFront();
    return page;
  }

  async function rightClick(page: Page, selector: string) {
    const box = (await page.locator(selector).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
    await new Promise((r) => setTimeout(r, 600)); // the native menu opens asynchronously
  }

  it('region capture from the page menu: overlay, drag, capture (activeTab), recognition', async () => {
    const page = await openOnLocalhost(
      '/text.html',
      '<p id="t" style="font: 48px sans-serif; margin: 80px">识别网关 2024</p><p id="blank" style="height:300px"></p>',
    );
    await rightClick(page, '#blank');
    // submenu opens on its first item (自动识别); Up wraps to 表格, Up again is 通用文字
    await display.keys(...PAGE_MENU, 'Right', 'Up', 'Up', 'Return');
    await page.waitForSelector('#recognition-region-overlay');
    const box = (await page.locator('#t').boundingBox())!;
    const since = Date.now();
    await page.mouse.move(box.x - 10, box.y - 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 340, box.y + box.height + 10, { steps: 5 });
    await page.mouse.up();
    expect(await page.locator('#recognition-region-overlay').count()).toBe(0);
    const entry = await waitForResult(ext, since, 45_000);
    expect(entry.docId).toBe('text');
    // the capture worked and the gateway read the crop
    expect(entry).toMatchObject({ status: 'ok', source: { via: 'region' } });
    const lines = (entry.data as { Results: { Text: string }[] }).Results.map((r) => r.Text).join('');
    expect(lines).toContain('2024');
  });

  it('image menu on a page without host permission: the gateway cannot fetch localhost, the page is read', async (ctx) => {
    if (!fs.existsSync(corpus)) ctx.skip();
    site.route('/vin.jpg', { type: 'image/jpeg', body: fs.readFileSync(path.join(corpus, 'vin/vin_engraved_01.jpg')) });
    const page = await openOnLocalhost('/vin.html', '<img id="v" src="/vin.jpg" width="500">');
    await page.waitForFunction(() => (document.getElementById('v') as HTMLImageElement).complete);
    const since = Date.now();
    await rightClick(page, '#v');
    // image menu: 自动识别 first, 车牌 second, 车辆 VIN 码 third
    await display.keys(...IMAGE_MENU, 'Right', 'Down', 'Down', 'Return');
    const entry = await waitForResult(ext, since, 45_000);
    expect(entry).toMatchObject({ docId: 'vin', source: { srcUrl: `${site.otherOrigin}/vin.jpg` } });
    // the URL try failed (-1102, loopback refused), the bytes came from the page through activeTab
    expect(entry).toMatchObject({ status: 'ok', source: { via: 'bytes' }, data: { VinCode: 'SAL1A2A40SA606662' } });
  });

  it('cross-origin image without CORS: tainted canvas, so a crop of the screen is recognized', async (ctx) => {
    if (!fs.existsSync(corpus)) ctx.skip();
    site.route('/plate.jpg', { type: 'image/jpeg', body: fs.readFileSync(path.join(corpus, 'plate/ccpd_base_01.jpg')) });
    // the page is on localhost, the image on 127.0.0.1 without CORS headers
    const page = await openOnLocalhost('/cross.html', `<img id="p" src="${site.origin}/plate.jpg">`);
    await page.waitForFunction(() => (document.getElementById('p') as HTMLImageElement).complete);
    const since = Date.now();
    await rightClick(page, '#p');
    // 车牌, the second item after 自动识别
    await display.keys(...IMAGE_MENU, 'Right', 'Down', 'Return');
    const entry = await waitForResult(ext, since, 45_000);
    expect(entry).toMatchObject({ status: 'ok', docId: 'plate', source: { via: 'capture' } });
    const plates = (entry.data as { Plates: { PlateNumber: string }[] }).Plates.map((p) => p.PlateNumber);
    expect(plates).toContain('皖AYL375');
    expect((await history(ext)).length).toBeGreaterThan(0);
  });

  it('shortcuts: Alt+Shift+S starts a capture of the type chosen last, Alt+Shift+D reads the same region again', async () => {
    const page = await openOnLocalhost(
      '/shortcut.html',
      '<p id="t" style="font: 48px sans-serif; margin: 80px">快捷键 2025</p><p style="height:300px"></p>',
    );
    // Chrome gives an extension its suggested keys when no other holds them
    const keys = Object.fromEntries((await ext.worker.evaluate(() => chrome.commands.getAll())).map((c) => [c.name, c.shortcut]));
    expect(keys).toMatchObject({ 'capture-region': 'Alt+Shift+S', 'capture-again': 'Alt+Shift+D', 'open-side-panel': 'Alt+Shift+E' });
    await page.mouse.click(5, 5); // the window and the page have the keyboard, as after any click
    await display.keys('alt+shift+s');
    await page.waitForSelector('#recognition-region-overlay');
    const box = (await page.locator('#t').boundingBox())!;
    let since = Date.now();
    await page.mouse.move(box.x - 10, box.y - 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 340, box.y + box.height + 10, { steps: 5 });
    await page.mouse.up();
    // the first recognition of this gateway may load its models
    const first = await waitForResult(ext, since, 90_000);
    // 通用文字: the default type of a capture until one is chosen in 截图识别
    expect(first).toMatchObject({ status: 'ok', docId: 'text', source: { via: 'region' } });
    const textOf = (e: { data?: unknown }) => (e.data as { Results: { Text: string }[] }).Results.map((r) => r.Text).join('');
    expect(textOf(first)).toContain('2025');
    // the value in place changes; the same rectangle is read again, with no selection to make
    await page.evaluate(() => void (document.getElementById('t')!.textContent = '快捷键 2026'));
    since = Date.now();
    await display.keys('alt+shift+d');
    const again = await waitForResult(ext, since, 45_000);
    expect(again).toMatchObject({ status: 'ok', docId: 'text', source: { via: 'region' } });
    expect(textOf(again)).toContain('2026');
    expect(await page.locator('#recognition-region-overlay').count()).toBe(0);
  });

  it('Alt+Shift+E opens the side panel', async () => {
    const page = await openOnLocalhost('/panel.html', '<p>报销单</p>');
    await page.mouse.click(5, 5);
    const panels = () =>
      ext.worker.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL' as chrome.runtime.ContextType] })).map((c) => c.documentUrl));
    expect(await panels()).toEqual([]);
    await display.keys('alt+shift+e');
    await expect.poll(panels, { timeout: 10_000 }).toEqual([expect.stringContaining('src/extension/sidepanel/index.html')]);
  });
});

