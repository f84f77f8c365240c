import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { skipReason } from './support/chromium';
import { clickMenu, configure, fieldRows, openPopup, pasteInto, waitForResult } from './support/extension';
import { corpus, useHarness } from './support/harness';
import { html } from './support/pages';
import { platePhoto } from './support/scenarios';
import { screenshot } from './support/screenshots';

/*
 * Menu → background → gateway → popup with real recognition: corpus images served by a loopback
 * site, recognized by the real gateway, shown in the popup; and what the user sees when the
 * token may not read a document type.
 */

const skip = skipReason();
if (skip) console.warn(skip);

describe.skipIf(Boolean(skip))('recognition from the context menu', () => {
  const h = useHarness();

  it('menu click for a document the token may not read: the popup explains -1014, and nothing is recognized', async () => {
    // a token for VIN only: the plate menu item is still there (menus are not per token), the gateway refuses
    const vinOnly = await h.gw.createToken(h.appid, { permissions: ['2582-18'] });
    await configure(h.ext, h.gw.url, vinOnly);
    try {
      h.site.route('/denied.png', { type: 'image/png', body: fs.readFileSync(path.resolve(import.meta.dirname, '../../public/icons/icon-128.png')) });
      const pageUrl = h.site.route('/denied.html', html('<img id="p" src="/denied.png">'));
      const page = await h.ext.context.newPage();
      await page.goto(pageUrl);
      const since = Date.now();
      await clickMenu(h.ext, pageUrl, { menuItemId: 'image:plate', srcUrl: `${h.site.origin}/denied.png`, mediaType: 'image' });
      const entry = await waitForResult(h.ext, since);
      expect(entry).toMatchObject({ status: 'error', docId: 'plate', error: { key: 'err_TOKEN_NO_PERMISSION', code: -1014 } });
      const popup = await openPopup(h.ext);
      expect(await popup.textContent('.result [role=alert]')).toMatch(/^token 没有调用这个接入点的权限/);
    } finally {
      // the tests after this one read with the full token
      await configure(h.ext, h.gw.url, h.token);
      await h.closeExtraPages();
    }
  });

  it('menu click on a plate photo → gateway → the popup shows the plate', async (ctx) => {
    if (!fs.existsSync(corpus)) ctx.skip();
    h.site.route('/plate.jpg', { type: 'image/jpeg', body: fs.readFileSync(path.join(corpus, platePhoto.corpusFile)) });
    const pageUrl = h.site.route('/plate.html', html('<img id="p" src="/plate.jpg">'));
    const page = await h.ext.context.newPage();
    await page.goto(pageUrl);
    const since = Date.now();
    await clickMenu(h.ext, pageUrl, { menuItemId: 'image:plate', srcUrl: `${h.site.origin}/plate.jpg`, mediaType: 'image' });
    const entry = await waitForResult(h.ext, since, 45_000);
    expect(entry).toMatchObject({ status: 'ok', docId: 'plate', source: { via: 'url' } });
    const popup = await openPopup(h.ext);
    expect(await popup.locator('tr[data-key=PlateNumber] td.value').first().textContent()).toBe(platePhoto.plate);
    expect(await popup.locator('tr[data-key=PlateType] td.value').first().textContent()).toBe(platePhoto.plateType);
    await screenshot(popup.locator('body'), 'popup-result');
    await h.closeExtraPages();
  });

  it('menu click on a VIN image → gateway → the popup shows the recognized VIN, and copies it', async (ctx) => {
    if (!fs.existsSync(corpus)) ctx.skip();
    h.site.route('/vin.jpg', { type: 'image/jpeg', body: fs.readFileSync(path.join(corpus, 'vin/vin_engraved_01.jpg')) });
    const pageUrl = h.site.route('/vin.html', html('<img id="v" src="/vin.jpg" width="600">'));
    const page = await h.ext.context.newPage();
    await page.goto(pageUrl);
    const since = Date.now();
    await clickMenu(h.ext, pageUrl, { menuItemId: 'image:vin', srcUrl: `${h.site.origin}/vin.jpg`, mediaType: 'image' });
    const entry = await waitForResult(h.ext, since, 45_000);
    expect(entry).toMatchObject({ status: 'ok', docId: 'vin', source: { via: 'url' }, data: { VinCode: 'SAL1A2A40SA606662' } });
    const popup = await openPopup(h.ext);
    expect(await popup.textContent('tr[data-key=VinCode] td.value')).toBe('SAL1A2A40SA606662');
    await popup.click('tr[data-key=VinCode] button.copy');
    expect(await pasteInto(page)).toBe('SAL1A2A40SA606662');
    await h.closeExtraPages();
  });

  it('driver licence face → gateway → the popup shows the licence fields, filled into a form by their labels', async (ctx) => {
    if (!fs.existsSync(corpus)) ctx.skip();
    h.site.route('/licence.jpg', { type: 'image/jpeg', body: fs.readFileSync(path.join(corpus, 'driver_license/driver_license_sample_01.jpg')) });
    const pageUrl = h.site.route(
      '/driver.html',
      html(`<img id="l" src="/licence.jpg" width="600"><form>
        <label>姓名 <input id="name"></label><label>驾驶证号 <input id="number"></label>
        <label>准驾车型 <input id="class"></label><label>初次领证日期 <input id="issued" type="date"></label></form>`),
    );
    const page = await h.ext.context.newPage();
    await page.goto(pageUrl);
    const since = Date.now();
    await clickMenu(h.ext, pageUrl, { menuItemId: 'image:driver_face', srcUrl: `${h.site.origin}/licence.jpg`, mediaType: 'image' });
    // a licence reads label by label: past the 5 s synchronous limit on a busy machine, resubmitted with Async=true
    const entry = await waitForResult(h.ext, since, 90_000);
    // the corpus ground truth (IdCardOCR's sample licence)
    expect(entry).toMatchObject({
      status: 'ok',
      docId: 'driver_face',
      data: { FaceResult: { Name: '谢乐桃', LicenseNumber: '150402199902223122', Gender: '女', VehicleType: 'C1', IssueDate: '20150618' } },
    });
    const popup = await openPopup(h.ext);
    expect(await popup.textContent('.result h2')).toBe('驾驶证（正页）');
    expect(await fieldRows(popup)).toMatchObject({ 姓名: '谢乐桃', 证号: '150402199902223122', 性别: '女', 准驾车型: 'C1', 初次领证日期: '20150618' });
    await popup.click('button.fill');
    await popup.click('button.fill-confirm');
    await expect.poll(() => popup.textContent('.fill-summary')).toMatch(/^已填入 \d+ 项/);
    expect(await page.inputValue('#name')).toBe('谢乐桃');
    expect(await page.inputValue('#number')).toBe('150402199902223122');
    expect(await page.inputValue('#class')).toBe('C1');
    expect(await page.inputValue('#issued')).toBe('2015-06-18');
    await h.closeExtraPages();
  });

  it('vehicle licence face (synthetic) → gateway → the popup shows every face field, copied as text', async () => {
    // the corpus has no vehicle licence: a clean synthetic face of the OCR golden set (seed 603)
    const { renderVehicleLicense } = await import('../support/synth/documents/vehicle-license');
    const card = await renderVehicleLicense(603, 'face', 'clean');
    h.site.route('/xingshizheng.png', { type: 'image/png', body: Buffer.from(card.bytes) });
    const pageUrl = h.site.route('/vehicle.html', html('<img id="v" src="/xingshizheng.png" width="700">'));
    const page = await h.ext.context.newPage();
    await page.goto(pageUrl);
    const since = Date.now();
    await clickMenu(h.ext, pageUrl, { menuItemId: 'image:vehicle_face', srcUrl: `${h.site.origin}/xingshizheng.png`, mediaType: 'image' });
    const entry = await waitForResult(h.ext, since, 90_000);
    expect(entry).toMatchObject({ status: 'ok', docId: 'vehicle_face', source: { via: 'url' } });
    const face = (entry.data as { FaceResult: Record<string, string> }).FaceResult;
    const want = card.expected.FaceResult;
    // the values the licence is filed by read exactly; the OCR golden tests measure the rest
    expect({ PlateNumber: face.PlateNumber, Vin: face.Vin, Owner: face.Owner, RegisterDate: face.RegisterDate }).toEqual({
      PlateNumber: want.PlateNumber,
      Vin: want.Vin,
      Owner: want.Owner,
      RegisterDate: want.RegisterDate,
    });
    const popup = await openPopup(h.ext);
    expect(await popup.textContent('.result h2')).toBe('行驶证（正页）');
    // every face field, in the popup's order, under its Chinese label, showing what the gateway answered
    expect(await fieldRows(popup)).toEqual({
      号牌号码: face.PlateNumber,
      车辆类型: face.VehicleType,
      所有人: face.Owner,
      住址: face.Address,
      使用性质: face.UseCharacter,
      品牌型号: face.Model,
      车辆识别代号: face.Vin,
      发动机号码: face.EngineNumber,
      注册日期: face.RegisterDate,
      发证日期: face.IssueDate,
    });
    await popup.click('text=复制全部（文本）');
    const text = await pasteInto(page);
    expect(text.split('\n')).toEqual(expect.arrayContaining([`号牌号码：${want.PlateNumber}`, `车辆识别代号：${want.Vin}`]));
    await h.closeExtraPages();
  });

  it('train ticket → popup fields → filled into a booking form by their labels', async (ctx) => {
    if (!fs.existsSync(corpus)) ctx.skip();
    h.site.route('/ticket.jpg', { type: 'image/jpeg', body: fs.readFileSync(path.join(corpus, 'train_ticket/train_ticket_01.jpg')) });
    const pageUrl = h.site.route(
      '/trip.html',
      html(`<img id="t" src="/ticket.jpg" width="500"><form>
        <label>车次 <input id="train"></label><label>出发站 <input id="from"></label>
        <label>到达站 <input id="to"></label><label>乘车日期 <input id="date" type="date"></label></form>`),
    );
    const page = await h.ext.context.newPage();
    await page.goto(pageUrl);
    const since = Date.now();
    await clickMenu(h.ext, pageUrl, { menuItemId: 'image:train', srcUrl: `${h.site.origin}/ticket.jpg`, mediaType: 'image' });
    const entry = await waitForResult(h.ext, since, 45_000);
    expect(entry).toMatchObject({ status: 'ok', docId: 'train' });
    const data = entry.data as { Number: string; DepartureStation: string; Destination: string; Date: string };
    expect(data.Number).toBe('K492'); // the corpus ground truth
    const popup = await openPopup(h.ext);
    expect(await popup.textContent('tr[data-key=Number] td.value')).toBe('K492');
    await popup.click('button.fill');
    await popup.click('button.fill-confirm');
    await expect.poll(() => popup.textContent('.fill-summary')).toMatch(/^已填入 \d+ 项/);
    expect(await page.inputValue('#train')).toBe('K492');
    expect(await page.inputValue('#from')).toBe(data.DepartureStation);
    expect(await page.inputValue('#to')).toBe(data.Destination);
    await h.closeExtraPages();
  });

  it('table image → the popup shows a table and copies it as TSV', async (ctx) => {
    if (!fs.existsSync(corpus)) ctx.skip();
    h.site.route('/table.jpg', { type: 'image/jpeg', body: fs.readFileSync(path.join(corpus, 'table/wired_table_01.jpg')) });
    const pageUrl = h.site.route('/table.html', html('<img id="t" src="/table.jpg">'));
    const page = await h.ext.context.newPage();
    await page.goto(pageUrl);
    const since = Date.now();
    await clickMenu(h.ext, pageUrl, { menuItemId: 'image:table', srcUrl: `${h.site.origin}/table.jpg`, mediaType: 'image' });
    const entry = await waitForResult(h.ext, since, 45_000);
    expect(entry).toMatchObject({ status: 'ok', docId: 'table' });
    const popup = await openPopup(h.ext);
    expect(await popup.locator('table.recognized tr').count()).toBeGreaterThan(1);
    await popup.click('text=复制为 TSV');
    const tsv = await pasteInto(page);
    expect(tsv.split('\n').length).toBeGreaterThan(1);
    expect(tsv).toContain('\t');
    await h.closeExtraPages();
  });

  it('menu on a link to a VAT PDF: asynchronous recognition, polled until the fields arrive', async (ctx) => {
    if (!fs.existsSync(corpus)) ctx.skip();
    h.site.route('/invoice.pdf', { type: 'application/pdf', body: fs.readFileSync(path.join(corpus, 'vat_invoice/vat_electronic_pdf_01.pdf')) });
    const pageUrl = h.site.route('/invoices.html', html('<a id="pdf" href="/invoice.pdf">电子发票.pdf</a>'));
    const page = await h.ext.context.newPage();
    await page.goto(pageUrl);
    const since = Date.now();
    await clickMenu(h.ext, pageUrl, { menuItemId: 'pdf', linkUrl: `${h.site.origin}/invoice.pdf` });
    const entry = await waitForResult(h.ext, since, 90_000);
    expect(entry).toMatchObject({ status: 'ok', docId: 'vat', jobStatus: 'PROCESS_SUCCESS', data: { Content: { InvoiceCode: '041001900111', InvoiceNo: '32321709' } } });
    expect(entry.jobId).toBeTruthy();
    const popup = await openPopup(h.ext);
    expect(await popup.textContent('tr[data-key=InvoiceNo] td.value')).toBe('32321709');
    await h.closeExtraPages();
  });
  it('a 20 MB-class photo the gateway refuses by address: shrunk in the page with a notice shown meanwhile, then read', async (ctx) => {
    if (!fs.existsSync(corpus)) ctx.skip();
    // a phone-sized photo: the corpus plate enlarged 5× with sensor-like noise, so it stays large as a JPEG
    const { data, info } = await sharp(path.join(corpus, 'plate/ccpd_base_01.jpg')).resize(3600).raw().toBuffer({ resolveWithObject: true });
    let seed = 1;
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = Math.max(0, Math.min(255, data[i]! + ((seed >> 16) % 25) - 12));
    }
    const big = await sharp(data, { raw: info }).jpeg({ quality: 97, chromaSubsampling: '4:4:4' }).toBuffer();
    expect(big.length).toBeGreaterThan(15 * 1024 * 1024);
    h.site.route('/big.jpg', { type: 'image/jpeg', body: big });
    const pageUrl = h.site.route('/big.html', html('<img id="p" src="/big.jpg" width="400">'));
    const page = await h.ext.context.newPage();
    await page.goto(pageUrl);
    const since = Date.now();
    await clickMenu(h.ext, pageUrl, { menuItemId: 'image:plate', srcUrl: `${h.site.origin}/big.jpg`, mediaType: 'image' });
    // the gateway refuses the address (over 3 MB): the page shrinks the photo and says so while it does
    await expect.poll(() => page.locator('#recognition-progress').count(), { timeout: 30_000, interval: 50 }).toBe(1);
    const entry = await waitForResult(h.ext, since, 90_000);
    expect(entry).toMatchObject({ status: 'ok', docId: 'plate', source: { via: 'bytes' } });
    expect((entry.data as { Plates: { PlateNumber: string }[] }).Plates.map((p) => p.PlateNumber)).toContain('皖AYL375');
    expect(await page.locator('#recognition-progress').count()).toBe(0);
    await h.closeExtraPages();
  }, 150_000);
});
