import { Writable } from 'node:stream';
import type { Page } from 'playwright-core';
import type { LoadedExtension } from '../../test/e2e/support/chromium';
import { POPUP } from '../../test/e2e/support/extension';

/*
 * One recognition from the menu click to the fields visible in the popup, timed stage by stage
 * (bench/extension.ts). Every time is wall-clock milliseconds (Date.now's clock, see `skew`), so the service worker, the page, the popup and the gateway's log
 * line of each request fall on one axis:
 *   - the service worker's and the page's User Timing marks (src/extension/lib/timing.ts; the e2e
 *     build records them, the release build has none);
 *   - the gateway's own line per request (`ms`: from its first byte to the answer sent);
 *   - the popup, observed from outside (an init script), so a build without marks is timed too:
 *     its navigation start, its first paint, and the frame after its field rows (or its error)
 *     appear.
 */

export interface Observed {
  click: number;
  worker: { name: string; at: number }[];
  page: { name: string; at: number }[];
  popup: { start: number; firstPaint: number; data?: number; visible: number; error: boolean; message?: string };
  gateway: { point: string; start: number; end: number }[];
}

/** Stage → ms; NaN where the path did not go through the stage. */
export type Stages = Record<StageName, number> & { total: number };

export const stageNames = [
  'worker before request',
  'gateway fetch attempt',
  'read in page',
  'encode + upload',
  'recognition',
  'answer + validation',
  'storing the result',
  'opening the popup',
  'popup first paint',
  'popup data',
  'popup fields',
] as const;
export type StageName = (typeof stageNames)[number];

/** What shows a result in the popup: its field rows, a recognized table, or the error. */
const FIELDS = '.result table.fields tr[data-key], .result table.recognized, .result [role=alert]';

/** The popup's side, in every page of the context: times it keeps for the benchmark to read. */
export const popupObserver = `(() => {
  if (location.protocol !== 'chrome-extension:' || !location.pathname.includes('/popup/')) return;
  const now = () => performance.timeOrigin + performance.now();
  const seen = () => document.querySelector(${JSON.stringify(FIELDS)});
  new MutationObserver((_, obs) => {
    if (!seen()) return;
    obs.disconnect();
    const seenAt = now();
    self.__benchError = Boolean(document.querySelector('.result [role=alert]'));
    // the frame that shows them: after the next animation frame has been produced; a window the
    // browser does not draw (it happens headless) produces none, then the time they appeared
    requestAnimationFrame(() => setTimeout(() => (self.__benchVisible ??= now()), 0));
    setTimeout(() => (self.__benchVisible ??= seenAt), 500);
  }).observe(document, { childList: true, subtree: true });
})()`;

/**
 * Headless Chromium has no toolbar to open the action's popup from (chrome.action.openPopup fails
 * there): in the service worker, openPopup opens the same page in a popup window of the toolbar
 * popup's size instead, as a real browser opens it on the result.
 */
export async function popupAsWindow(ext: LoadedExtension): Promise<void> {
  await ext.worker.evaluate((url) => {
    chrome.action.openPopup = (async () => {
      await chrome.windows.create({ url, type: 'popup', width: 440, height: 640 });
    }) as typeof chrome.action.openPopup;
  }, ext.url(POPUP));
}

/** A writable stream for the gateway's pino log that keeps the lines of access points. */
export function gatewayLog(): { stream: Writable; count(): number; from(i: number): Observed['gateway'] } {
  const lines: Observed['gateway'] = [];
  let rest = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      const text = rest + String(chunk);
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const p of parts) {
        try {
          const l = JSON.parse(p) as { point?: string; ms?: number; time?: number };
          if (l.point && typeof l.ms === 'number' && typeof l.time === 'number') lines.push({ point: l.point, start: l.time - l.ms, end: l.time });
        } catch {
          // not a JSON line: nothing to time
        }
      }
      done();
    },
  });
  return { stream, count: () => lines.length, from: (i) => lines.slice(i) };
}

/**
 * A context's clock on Node's: performance.timeOrigin is taken from a monotonic clock at the
 * context's start and drifts from the wall clock the gateway logs with, so each context's times are
 * moved by its difference to Date.now, taken at reading.
 */
const skew = '(Date.now() - performance.timeOrigin - performance.now())';
const marksOf = `performance.getEntriesByType('mark').filter((m) => m.name.startsWith('recognition:')).map((m) => ({ name: m.name.slice(12), at: performance.timeOrigin + m.startTime + ${skew} }))`;

/**
 * Right-clicks `srcUrl` in `page` (menu item image:<docId>, dispatched in the service worker) and
 * waits for the popup the extension opens on the result, with its fields shown.
 */
export async function clickAndWait(
  ext: LoadedExtension,
  page: Page,
  docId: string,
  srcUrl: string,
  log: ReturnType<typeof gatewayLog>,
  timeoutMs = 60_000,
): Promise<Observed> {
  await page.evaluate(() => performance.clearMarks());
  await ext.worker.evaluate(() => performance.clearMarks());
  const logged = log.count();
  const opened = ext.context.waitForEvent('page', { predicate: (p) => p.url().includes(POPUP), timeout: timeoutMs });
  const pageUrl = page.url();
  const click = await ext.worker.evaluate(
    async ({ pageUrl, srcUrl, docId }) => {
      const [tab] = await chrome.tabs.query({ url: pageUrl });
      if (!tab) throw new Error(`no tab shows ${pageUrl}`);
      const at = Date.now();
      // undocumented, but the way to reach the listener where the browser shows no native menu (TOOLING.md)
      const event = chrome.contextMenus.onClicked as unknown as { dispatch(i: object, t: chrome.tabs.Tab): void };
      event.dispatch({ menuItemId: `image:${docId}`, editable: false, frameId: 0, pageUrl, srcUrl, mediaType: 'image' }, tab);
      return at;
    },
    { pageUrl, srcUrl, docId },
  );
  const popup = await opened;
  // the observer sets __benchVisible; where the browser ran the page before the init script was in
  // place, the rows themselves say they are there (and the popup's data mark times them). Polled
  // from here: a popup window the browser does not draw runs no timers or frames to poll with.
  const until = Date.now() + timeoutMs;
  while (!(await popup.evaluate(`Boolean(self.__benchVisible ?? document.querySelector(${JSON.stringify(FIELDS)}))`))) {
    if (Date.now() > until) throw new Error(`no fields in the popup for ${srcUrl}: ${(await popup.textContent('main').catch(() => '')) ?? ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const seen = await popup.evaluate(`(() => ({
    start: performance.timeOrigin + ${skew},
    visible: self.__benchVisible !== undefined ? self.__benchVisible + ${skew} : ${marksOf}.find((m) => m.name === 'popup-data')?.at ?? NaN,
    // a failure shows its alert and no fields (a duplicate's notice is an alert above the fields)
    error: !document.querySelector('.result table.fields tr[data-key], .result table.recognized'),
    message: document.querySelector('.result [role=alert]')?.textContent ?? undefined,
    data: ${marksOf}.find((m) => m.name === 'popup-data')?.at,
    // read, not awaited: a window the browser does not draw may never paint
    firstPaint: (performance.timeOrigin + (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN)) + ${skew},
  }))()`);
  const worker = (await ext.worker.evaluate(marksOf)) as Observed['worker'];
  const inPage = (await page.evaluate(marksOf)) as Observed['page'];
  await popup.close();
  return { click, worker, page: inPage, popup: seen as Observed['popup'], gateway: log.from(logged) };
}

/** The stages of one observed recognition (see stageNames); the total is click → fields visible. */
export function stagesOf(o: Observed): Stages {
  const w = o.worker;
  const first = (name: string, after = -Infinity) => w.find((m) => m.name === name && m.at >= after)?.at ?? NaN;
  const last = (name: string, before = Infinity) => [...w].reverse().find((m) => m.name === name && m.at <= before)?.at ?? NaN;
  const stored = first('stored');
  const validated = last('validated', stored);
  const call = last('call', validated);
  // the first thing sent or read after the click
  const begun = Math.min(...['call', 'read-start'].map((n) => first(n)).filter((v) => !Number.isNaN(v)));
  // a URL attempt that failed: its call, and its answer before the page was read
  const readStart = first('read-start');
  const urlAttempt = first('attempt-url');
  const refusedAnswer = Number.isNaN(readStart) || Number.isNaN(urlAttempt) ? NaN : first('answered', urlAttempt);
  // the request that answered: the last one of this recognition
  const served = o.gateway.at(-1);
  const stages: Record<StageName, number> = {
    'worker before request': begun - o.click,
    'gateway fetch attempt': refusedAnswer < call ? refusedAnswer - urlAttempt : NaN,
    'read in page': first('read-end') - readStart,
    'encode + upload': served ? served.start - call : NaN,
    recognition: served ? served.end - served.start : NaN,
    'answer + validation': served ? validated - served.end : NaN,
    'storing the result': stored - validated,
    'opening the popup': o.popup.start - stored,
    'popup first paint': o.popup.firstPaint - o.popup.start,
    'popup data': (o.popup.data ?? NaN) - o.popup.start,
    // 0 when the first paint already shows them
    'popup fields': Math.max(0, o.popup.visible - o.popup.firstPaint),
  };
  return { ...stages, total: o.popup.visible - o.click };
}

/** The page's own stages of reading a large image (fetch, decode, encode), when it went that way. */
export function pageStagesOf(o: Observed): { fetch: number; decode: number; encode: number } {
  const at = (n: string) => o.page.find((m) => m.name === n)?.at ?? NaN;
  const start = o.worker.find((m) => m.name === 'read-start')?.at ?? NaN;
  return { fetch: at('page-fetched') - start, decode: at('page-decoded') - at('page-fetched'), encode: at('page-encoded') - at('page-decoded') };
}
