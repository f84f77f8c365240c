import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { type FillDocName, historyEntry } from '../../fixtures/fill/documents';
import type { Origins } from '../../fixtures/fill/page';
import { fillPages } from '../../fixtures/fill/pages/index';
import type { LoadedExtension } from './chromium';
import { openPopup, setHistory } from './extension';
import { type TestSite, startSite } from './pages';

/*
 * The fill test pages (test/fixtures/fill/pages) served for the browser: the page's own site and a
 * second site on another port of 127.0.0.1 (cross-origin frames the e2e build may enter; the
 * first site's `localhost` name is an origin it may not), Vue and React from node_modules. And the
 * user's way of filling: the result's 填入网页表单 (or several ticked in the history), the plan,
 * 确认填入.
 */

export interface FillSites {
  main: TestSite;
  other: TestSite;
  origins: Origins;
  close(): Promise<void>;
}

const modules = path.resolve(import.meta.dirname, '../../../node_modules');
const vendor = {
  '/vendor/vue.js': 'vue/dist/vue.global.prod.js',
  '/vendor/react.js': 'react/umd/react.production.min.js',
  '/vendor/react-dom.js': 'react-dom/umd/react-dom.production.min.js',
};

const htmlRoute = (body: string) => ({ type: 'text/html; charset=utf-8', body });

export async function startFillSites(): Promise<FillSites> {
  const main = await startSite();
  const other = await startSite();
  const origins = { main: main.origin, other: other.origin };
  for (const [p, file] of Object.entries(vendor)) main.route(p, { type: 'text/javascript', body: fs.readFileSync(path.join(modules, file)) });
  for (const page of fillPages) {
    for (const [p, body] of Object.entries(page.routes(origins))) main.route(p, htmlRoute(body));
    for (const [p, body] of Object.entries(page.otherRoutes?.(origins) ?? {})) other.route(p, htmlRoute(body));
  }
  return {
    main,
    other,
    origins,
    async close() {
      await main.close();
      await other.close();
    },
  };
}

/** Opens the popup on `names` (the newest result, or several ticked in the history) and shows the plan. */
export async function planInPopup(ext: LoadedExtension, names: readonly FillDocName[]): Promise<Page> {
  const now = Date.now();
  await setHistory(ext, names.map((n, i) => historyEntry(n, now - i * 1000)));
  const popup = await openPopup(ext);
  if (names.length === 1) {
    await popup.click('button.fill');
  } else {
    await popup.click('[data-tab=history]');
    for (const n of names) await popup.check(`li[data-id="fill-${n}"] input[type=checkbox]`);
    await popup.click('button[data-action=fill]');
  }
  // the panel scans every frame, then shows the plan, an error, or that there is nothing to fill
  await popup.waitForFunction(() => {
    const panel = document.querySelector('.fill-panel');
    return panel && !panel.querySelector('.fill-status')?.textContent?.includes('正在查找');
  });
  return popup;
}

/** Plans and confirms: the popup then shows what went where. */
export async function fillInPopup(ext: LoadedExtension, names: readonly FillDocName[]): Promise<Page> {
  const popup = await planInPopup(ext, names);
  await popup.click('button.fill-confirm');
  await popup.waitForSelector('.fill-summary[role=status]');
  return popup;
}

/** data-t → value of every marked box, in every frame of the page. */
export async function boxValues(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const frame of page.frames()) {
    const pairs = await frame.$$eval('[data-t]', (els) => els.map((e) => [(e as HTMLElement).dataset.t!, (e as HTMLInputElement).value]));
    for (const [k, v] of pairs) out[k!] = v!;
  }
  return out;
}

/** What the page's Vue or React state holds (#model), by data-t. */
export async function modelValues(page: Page): Promise<Record<string, string>> {
  return JSON.parse((await page.textContent('#model')) ?? '{}');
}

/** The tones of the fill outlines each frame shows ('' where none). */
export async function markTones(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const frame of page.frames()) out.push(await frame.evaluate(() => document.querySelector('recognition-fill-marks')?.getAttribute('data-tones') ?? ''));
  return out;
}
