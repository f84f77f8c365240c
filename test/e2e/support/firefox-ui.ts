import type { Page } from 'puppeteer-core';
import { POPUP, READY, inExtension } from './extension';
import type { FirefoxExtension } from './firefox';

/*
 * The user's side of the extension in Firefox (puppeteer pages): the popup in a window of its own,
 * a context-menu click, reading and pasting, the counterparts of extension.ts's Chromium helpers.
 */

/** The popup page in a popup window, as the toolbar shows it; the web page stays the active tab. */
export async function openFirefoxPopup(ext: FirefoxExtension): Promise<Page> {
  const before = new Set(await ext.browser.pages());
  await inExtension(ext, (url: string) => (globalThis as unknown as { browser: typeof chrome }).browser.windows.create({ url, type: 'popup', width: 440, height: 640 }).then(() => undefined), ext.url(POPUP));
  const popup = await ext.waitForPage(POPUP, before);
  await popup.waitForSelector(READY);
  return popup;
}

/**
 * A click on the extension's menu item `menuItemId` over the tab showing `pageUrl`: headless Firefox
 * shows no native menu and has no onClicked.dispatch(), so the e2e build's hook calls the same
 * listener a click does (src/extension/background/e2e-hooks.ts). Returns once the click is handed over.
 */
export async function clickFirefoxMenu(ext: FirefoxExtension, pageUrl: string, info: { menuItemId: string; srcUrl?: string; linkUrl?: string; mediaType?: string }) {
  await inExtension(
    ext,
    async (json: string) => {
      const api = (globalThis as unknown as { browser: typeof chrome }).browser;
      const background = (await api.runtime.getBackgroundPage()) as unknown as { recognitionE2e?: { menuClick(j: string): Promise<void> } };
      if (!background.recognitionE2e) throw new Error('not an e2e build: no menu hook');
      void background.recognitionE2e.menuClick(json);
    },
    JSON.stringify({ pageUrl, info }),
  );
}

export const text = (page: Page, selector: string) => page.$eval(selector, (e) => e.textContent ?? '');
export const value = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLInputElement).value);

export async function fill(page: Page, selector: string, v: string): Promise<void> {
  await page.$eval(selector, (e) => ((e as HTMLInputElement).value = ''));
  if (v !== '') await page.type(selector, v);
}

/** Pastes the clipboard into a fresh textarea of `page` and returns what arrived. */
export async function pasteIntoFirefox(page: Page): Promise<string> {
  await page.evaluate(() => {
    document.getElementById('paste-target')?.remove();
    const area = document.createElement('textarea');
    area.id = 'paste-target';
    document.body.prepend(area);
  });
  await page.bringToFront();
  await page.focus('#paste-target');
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyV');
  await page.keyboard.up('Control');
  return value(page, '#paste-target');
}
