import fs from 'node:fs';
import { type Browser, type Page, launch } from 'puppeteer-core';

/*
 * Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi, with the extension installed
 * by the browser's own command (BiDi webExtension.install, `browser.installExtension(dir)`), as a
 * temporary add-on. Locally the Firefox tests skip when /usr/bin/firefox-esr is missing; in CI
 * (CI=true) its absence is a failure.
 *
 * Reaching the extension's pages (docs/extension.md, "Browser tests in Firefox"): BiDi refuses to
 * navigate to moz-extension:// unless the browser runs with --remote-allow-system-access, and the
 * extension's moz-extension host is a random UUID per profile unless the pref
 * extensions.webextensions.uuids fixes it. With both, the first tab is navigated to the side panel's
 * page once; from then on that page is the test's hand inside the extension, as the service worker
 * is in Chromium: it sets storage, reads the history's IndexedDB, opens the popup with
 * windows.create. Pages that moved into the extension process are found by their location: after
 * the process switch BiDi keeps reporting about:blank as their URL.
 */

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const hasFirefox = fs.existsSync(FIREFOX);

/** Why the Firefox tests do not run here, or undefined when they do. */
export function firefoxSkipReason(): string | undefined {
  if (hasFirefox || process.env.CI === 'true') return undefined;
  return `Firefox tests skipped: ${FIREFOX} not found (apt-get install -y firefox-esr)`;
}

const GECKO_ID = 'recognition-extension@recognition-gateway';
// any UUID: fixed so the test knows the extension's origin before it is installed
const UUID = '0b6f3d2e-5a71-4c39-9d57-2e1f8a4c6b10';

export interface FirefoxExtension {
  browser: Browser;
  /** an extension page (the side panel's page) the test evaluates extension code in */
  control: Page;
  url(p: string): string;
  /** the first extension page at `p` (a path in the build), not the control page nor one of `except`, within 15 s */
  waitForPage(p: string, except?: Set<Page>): Promise<Page>;
  newPage(): Promise<Page>;
  /** closes every tab but the control page */
  closeExtraPages(): Promise<void>;
  close(): Promise<void>;
}

const locationOf = (page: Page) => page.evaluate(() => location.href).catch(() => '');

export async function launchFirefoxWithExtension(extDir: string): Promise<FirefoxExtension> {
  const browser = await launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }),
      'intl.locale.requested': 'zh-CN',
    },
  });
  try {
    const installed = await browser.installExtension(extDir);
    if (installed !== GECKO_ID) throw new Error(`installed ${installed}, expected ${GECKO_ID}`);
    const url = (p: string) => `moz-extension://${UUID}/${p.replace(/^\//, '')}`;
    const [control] = await browser.pages();
    const waitForPage = async (p: string, except = new Set<Page>()) => {
      for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
        for (const page of await browser.pages()) {
          if (page !== control && !except.has(page) && (await locationOf(page)).startsWith(url(p))) return page;
        }
      }
      throw new Error(`no extension page ${p} within 15 s`);
    };
    // the navigation ends in another process and BiDi never reports its load: not awaited, the
    // page is found by its location instead
    void control!.goto(url(CONTROL_PAGE)).catch(() => {});
    for (let i = 0; i < 150 && !(await locationOf(control!)).startsWith(url(CONTROL_PAGE)); i++) await new Promise((r) => setTimeout(r, 100));
    return {
      browser,
      control: control!,
      url,
      waitForPage,
      newPage: () => browser.newPage(),
      async closeExtraPages() {
        for (const p of await browser.pages()) if (p !== control) await p.close();
      },
      close: () => browser.close(),
    };
  } catch (e) {
    await browser.close();
    throw e;
  }
}

// the side panel's page, opened as a tab: an extension page the tests never click in
const CONTROL_PAGE = 'src/extension/sidepanel/index.html';
