import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestGateway, startTestGateway } from '../support/gateway';
import { buildExtension } from './support/build';
import { OPTIONS, configure, inExtension, history, setHistory, waitForResult } from './support/extension';
import { type FirefoxExtension, firefoxSkipReason, launchFirefoxWithExtension } from './support/firefox';
import { clickFirefoxMenu, fill, openFirefoxPopup, pasteIntoFirefox, text, value } from './support/firefox-ui';
import { corpus } from './support/harness';
import { type TestSite, html, startSite } from './support/pages';
import { connectionOk, expiredTokenAlert, filledForm, platePhoto, postalByCode, reimbursementForm, vatEntry } from './support/scenarios';

/*
 * The Firefox build (`--mode firefox-e2e`) installed in Debian's firefox-esr, against a real gateway
 * on loopback with a real token: the scenarios of the Chromium tests (support/scenarios.ts), driven
 * with puppeteer over WebDriver BiDi (support/firefox.ts says how the extension's pages are reached).
 */

const skip = firefoxSkipReason();
if (skip) console.warn(skip);
const postalCsv = path.resolve(import.meta.dirname, 'fixtures/postal.csv');

describe.skipIf(Boolean(skip))('extension in Firefox', () => {
  let gw: TestGateway;
  let site: TestSite;
  let ext: FirefoxExtension;
  let appid: number;
  let token: string;

  beforeAll(async () => {
    const dir = buildExtension('firefox-e2e');
    gw = await startTestGateway({ POSTAL_CSV: postalCsv, IMAGE_FETCH_ALLOW: '127.0.0.1', RECOGNITION_WORKERS: '1' });
    appid = (await gw.createApp('e2e-firefox')).appid;
    token = await gw.createToken(appid, { permissions: ['2582-*', '1917-*'] });
    site = await startSite();
    ext = await launchFirefoxWithExtension(dir);
  });
  afterAll(async () => {
    await ext?.close();
    await site?.close();
    await gw?.stop();
  });

  it('options page: saves the gateway and the token, the connection test tells what the token may do', async () => {
    // as the popup's 设置 does
    await inExtension(ext, () => (globalThis as unknown as { browser: typeof chrome }).browser.runtime.openOptionsPage(), undefined);
    const options = await ext.waitForPage(OPTIONS);
    await options.waitForSelector('#gateway-url');
    await fill(options, '#gateway-url', gw.url);
    await fill(options, '#token', token);
    await options.click('#save');
    await expect.poll(() => text(options, '#token-state')).toContain(`尾号 ${token.slice(-4)}`);
    // the e2e build holds http://127.0.0.1/* already; permissions.contains says so
    expect(await text(options, '.hint.ok')).toBe(`已允许访问 ${new URL(gw.url).host}`);
    expect(await options.content()).not.toContain(token);
    await options.click('#test-connection');
    await options.waitForSelector('.report');
    expect(await text(options, '.report .ok')).toMatch(connectionOk);
    expect(await text(options, 'tr[data-point="1917-1"] .state')).toBe('可用');
    expect(await text(options, 'tr[data-point="2582-20"] .state')).toBe('可用');

    const expired = await gw.createToken(appid, { endTime: Date.now() - 60_000 });
    await configure(ext, gw.url, expired);
    // a reload BiDi does not follow either (see firefox.ts); the page object stays valid
    await options.evaluate(() => location.reload());
    await new Promise((r) => setTimeout(r, 500));
    await options.waitForSelector('#test-connection');
    await options.click('#test-connection');
    await expect.poll(() => text(options, '.connection [role=alert]').catch(() => '')).toBe(expiredTokenAlert);
    await configure(ext, gw.url, token);
    await ext.closeExtraPages();
  });

  it('popup postal search: code → regions, and a row copied', async () => {
    await configure(ext, gw.url, token);
    const scratch = await ext.newPage();
    await scratch.goto(site.route('/scratch.html', html('<p>scratch</p>')));
    const popup = await openFirefoxPopup(ext);
    await popup.click('[data-tab=postal]');
    await fill(popup, 'input[name=code]', postalByCode.code);
    await popup.click('form button[type=submit]');
    await popup.waitForSelector('table.postal-rows');
    const counties = await popup.$$eval('table.postal-rows tbody td:nth-child(4)', (tds) => tds.map((td) => td.textContent ?? ''));
    expect(counties.sort()).toEqual(postalByCode.counties);
    await popup.click('table.postal-rows tbody tr:first-child button.copy');
    expect(await pasteIntoFirefox(scratch)).toMatch(postalByCode.copied);
    await ext.closeExtraPages();
  });

  it('recognizes a plate photo on a test page, lists it in the history, and copies the plate', { timeout: 150_000 }, async (ctx) => {
    if (!fs.existsSync(corpus)) ctx.skip();
    await configure(ext, gw.url, token);
    site.route('/plate.jpg', { type: 'image/jpeg', body: fs.readFileSync(path.join(corpus, platePhoto.corpusFile)) });
    const pageUrl = site.route('/plate.html', html('<img id="p" src="/plate.jpg">'));
    const page = await ext.newPage();
    await page.goto(pageUrl);
    const since = Date.now();
    await clickFirefoxMenu(ext, pageUrl, { menuItemId: 'image:plate', srcUrl: `${site.origin}/plate.jpg`, mediaType: 'image' });
    const entry = await waitForResult(ext, since, 60_000);
    expect(entry).toMatchObject({ status: 'ok', docId: 'plate', source: { via: 'url' } });

    const popup = await openFirefoxPopup(ext);
    expect(await text(popup, 'tr[data-key=PlateNumber] td.value')).toBe(platePhoto.plate);
    expect(await text(popup, 'tr[data-key=PlateType] td.value')).toBe(platePhoto.plateType);
    await popup.click('tr[data-key=PlateNumber] button.copy');
    expect(await pasteIntoFirefox(page)).toBe(platePhoto.plate);

    // the history tab lists it, and the stored entry is the same
    await popup.bringToFront();
    await popup.click('[data-tab=history]');
    await popup.waitForSelector(`.history li[data-id="${entry.id}"]`);
    expect(await text(popup, `.history li[data-id="${entry.id}"]`)).toContain(platePhoto.plate);
    expect((await history(ext))[0]!.id).toBe(entry.id);
    await ext.closeExtraPages();
  });

  it('fills a local form from the popup after showing the plan', async () => {
    await configure(ext, gw.url, token);
    await setHistory(ext, [vatEntry()]);
    const page = await ext.newPage();
    await page.goto(site.route('/form.html', reimbursementForm));
    const popup = await openFirefoxPopup(ext);
    await popup.click('button.fill');
    // the plan first; nothing is written before the user confirms it
    await popup.waitForSelector('button.fill-confirm', { timeout: 10_000 }).catch(async (e) => {
      throw new Error(`${(e as Error).message}; the panel says: ${await text(popup, '.fill-panel').catch(() => '(no panel)')}`);
    });
    expect(await value(page, '#code')).toBe('');
    await popup.click('button.fill-confirm');
    await expect.poll(() => text(popup, '.fill-summary').catch(() => '')).toBe(filledForm.summary);
    for (const [id, v] of Object.entries(filledForm.values)) expect(await value(page, `#${id}`), id).toBe(v);
    expect((await page.evaluate(() => (window as unknown as { events: string[] }).events)).sort()).toEqual(filledForm.events);
    await ext.closeExtraPages();
  });
});
