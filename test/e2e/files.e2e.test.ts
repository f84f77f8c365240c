import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReason } from './support/chromium';
import { READY, configure, history } from './support/extension';
import { corpus, useHarness } from './support/harness';
import { html } from './support/pages';
import { screenshot } from './support/screenshots';

/*
 * The user's own files in the side panel's workbench, against a real gateway: drop a PDF and a
 * photo, paste a screenshot, a batch of 20 corpus files with a broken one and a copy of an invoice,
 * export to Excel and read it back, and fill a form from the panel. The panel page is opened in a
 * window of its own (a test cannot click the toolbar); it is the page Chrome shows in the panel.
 */

const skip = skipReason();
if (skip) console.warn(skip);
const noCorpus = fs.existsSync(corpus) ? undefined : `file tests skipped: ${corpus} not found (the shared corpus)`;
if (noCorpus) console.warn(noCorpus);

const PANEL = 'src/extension/sidepanel/index.html';
const plates = () => fs.readdirSync(path.join(corpus, 'plate')).filter((f) => f.endsWith('.jpg')).sort().map((f) => path.join(corpus, 'plate', f));
const vatPdfs = () => [path.join(corpus, 'vat_invoice/vat_electronic_pdf_01.pdf'), path.join(corpus, 'vat_invoice/vat_electronic_pdf_02.pdf')];

describe.skipIf(Boolean(skip))('files in the side panel', () => {
  const h = useHarness();

  async function openPanel(): Promise<Page> {
    const opened = h.ext.context.waitForEvent('page', (p) => p.url().includes(PANEL));
    await h.ext.worker.evaluate((url) => chrome.windows.create({ url, type: 'popup', width: 460, height: 760 }), h.ext.url(PANEL));
    const panel = await opened;
    // as wide as Chrome's side panel opens (a window of its own would be as wide as the screen)
    await panel.setViewportSize({ width: 400, height: 860 });
    await panel.waitForSelector(READY);
    return panel;
  }

  async function chooseImageType(panel: Page, docId: string) {
    await panel.click('[data-tab=files]');
    await panel.selectOption('select[name=fileDocId]', docId);
  }

  /** Drops files on the panel as the browser delivers a drop from the file manager. */
  async function drop(panel: Page, files: { name: string; type: string; file: string }[]) {
    const payload = files.map((f) => ({ name: f.name, type: f.type, b64: fs.readFileSync(f.file).toString('base64') }));
    const dt = await panel.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      return dt;
    }, payload);
    await panel.dispatchEvent('main', 'dragover', { dataTransfer: dt });
    await panel.dispatchEvent('main', 'drop', { dataTransfer: dt });
  }

  /** The file rows once every file shown is finished: name → [status, what the row says]. */
  async function finishedRows(panel: Page, count: number, timeout = 120_000): Promise<Record<string, [string, string]>> {
    await expect
      .poll(() => panel.$$eval('.file-list li', (lis) => lis.filter((li) => /^(ok|error)$/.test(li.getAttribute('data-status') ?? '')).length), { timeout, interval: 300 })
      .toBeGreaterThanOrEqual(count);
    return panel.$$eval('.file-list li', (lis) =>
      Object.fromEntries(lis.map((li) => [li.querySelector('.file-name')?.textContent ?? '', [li.getAttribute('data-status') ?? '', li.querySelector('.values')?.textContent ?? '']])),
    );
  }

  it('drop a PDF invoice and a plate photo: each is read as what it is', async (ctx) => {
    if (noCorpus) ctx.skip();
    const panel = await openPanel();
    await chooseImageType(panel, 'plate');
    await drop(panel, [
      { name: '三月发票.pdf', type: 'application/pdf', file: vatPdfs()[0]! },
      { name: '车牌.jpg', type: 'image/jpeg', file: plates()[0]! },
    ]);
    const rows = await finishedRows(panel, 2);
    expect(rows['车牌.jpg']).toEqual(['ok', '皖AYL375']);
    expect(rows['三月发票.pdf']![0]).toBe('ok');
    expect(rows['三月发票.pdf']![1]).toMatch(/^\d{8,20} · ¥\d+\.\d{2}/);
    const entries = await history(h.ext);
    expect(entries.find((e) => e.source.fileName === '三月发票.pdf')).toMatchObject({ docId: 'vat', source: { via: 'file' } });
    await screenshot(panel.locator('body'), 'panel-files');
    // the result of a file, shown from the list
    await panel.click('.file-list li[data-status=ok] .entry-line');
    await panel.waitForSelector('.result[data-status=ok]');
    await h.closeExtraPages();
  });

  it('paste a screenshot (Ctrl+V of an image on the clipboard)', async (ctx) => {
    if (noCorpus) ctx.skip();
    const panel = await openPanel();
    // the type chosen for images in the test before is remembered by a panel opened anew
    await panel.click('[data-tab=files]');
    expect(await panel.inputValue('select[name=fileDocId]')).toBe('plate');
    const jpg = fs.readFileSync(path.join(corpus, 'plate/ccpd_base_02.jpg')).toString('base64');
    // a screenshot on the clipboard reaches a page as a paste whose one file is image.png; headless
    // Chromium's clipboard holds no image, so the paste event is the browser's, made here
    await panel.evaluate(async (b64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      const dt = new DataTransfer();
      dt.items.add(new File([await canvas.convertToBlob({ type: 'image/png' })], 'image.png', { type: 'image/png' }));
      document.querySelector('main')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }));
    }, jpg);
    const pasted = panel.locator('.file-list li', { hasText: /截图-\d{8}-\d{6}\.png/ });
    await expect.poll(() => pasted.getAttribute('data-status'), { timeout: 60_000 }).toBe('ok');
    expect(await pasted.locator('.values').textContent()).toBe('皖A999J3');
    await h.closeExtraPages();
  });

  it('a batch of 20 files with a broken one: 19 read, 1 failed with its reason; a copy of an invoice flagged', async (ctx) => {
    if (noCorpus) ctx.skip();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'batch-'));
    const broken = path.join(tmp, '发票-损坏.pdf');
    fs.writeFileSync(broken, Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000, 7)]));
    const copy = path.join(tmp, '三月发票-副本.pdf');
    fs.copyFileSync(vatPdfs()[0]!, copy);
    const files = [...plates().slice(0, 15), ...vatPdfs(), path.join(corpus, 'einvoice/pdf_dev_01.pdf'), copy, broken];
    expect(files).toHaveLength(20);
    const before = (await history(h.ext)).length;
    let panel = await openPanel();
    await chooseImageType(panel, 'plate');
    await panel.setInputFiles('input[type=file]', files);
    await expect.poll(async () => (await history(h.ext)).length, { timeout: 10_000 }).toBe(before + 20);
    // the batch belongs to the background: the page that took the files closes, nothing is lost
    await panel.close();
    await expect
      .poll(async () => (await history(h.ext)).filter((e) => e.status === 'queued' || e.status === 'pending').length, { timeout: 240_000, interval: 500 })
      .toBe(0);
    const batch = (await history(h.ext)).slice(0, 20);
    expect(batch.filter((e) => e.status === 'ok')).toHaveLength(19);
    const failed = batch.filter((e) => e.status === 'error');
    expect(failed.map((e) => [e.source.fileName, e.error?.key])).toEqual([['发票-损坏.pdf', 'err_file_unknown_type']]);
    panel = await openPanel();
    await panel.click('[data-tab=files]');
    await expect.poll(() => panel.locator('.file-list li[data-status=ok], .file-list li[data-status=error]').count()).toBeGreaterThanOrEqual(23);
    const rows = await finishedRows(panel, 23);
    expect(rows['发票-损坏.pdf']).toEqual(['error', '不是可识别的文件：只接受 PDF、OFD、XML 和图片（JPEG、PNG、BMP、GIF、WebP）']);
    await expect.poll(() => panel.textContent('.progress span')).toBe('20 / 20 已处理（19 成功，1 失败）');
    const dup = batch.find((e) => e.source.fileName === '三月发票-副本.pdf')!;
    // the first test read the same invoice from 三月发票.pdf; in this batch the original comes first too
    expect(dup.duplicateOf?.source).toMatch(/^(三月发票\.pdf|vat_electronic_pdf_01\.pdf)$/);
    expect(await panel.locator('.file-list li', { hasText: '三月发票-副本.pdf' }).locator('.duplicate').count()).toBe(1);
    // the whole list in one picture: a viewport as tall as the page, so no scrollbar narrows the capture
    await panel.setViewportSize({ width: 400, height: await panel.evaluate(() => document.documentElement.scrollHeight) });
    await screenshot(panel.locator('body'), 'panel-batch');
    fs.rmSync(tmp, { recursive: true, force: true });
    await h.closeExtraPages();
    // 20 recognitions on a shared machine: minutes when its cores are busy
  }, 300_000);

  it('export the invoices to Excel and read the file back', async (ctx) => {
    if (noCorpus) ctx.skip();
    const panel = await openPanel();
    await panel.click('[data-tab=history]');
    await panel.selectOption('select[name=docId]', 'vat');
    await panel.selectOption('select[name=status]', 'ok');
    await expect.poll(() => panel.locator('.history li').count()).toBeGreaterThan(0);
    const invoices = (await history(h.ext)).filter((e) => e.docId === 'vat' && e.status === 'ok');
    const downloading = panel.waitForEvent('download');
    await panel.click('[data-action=export-xlsx]');
    const file = await (await downloading).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.getWorksheet('增值税发票')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    const noCol = header.indexOf('发票号码') + 1;
    const totalCol = header.indexOf('价税合计（小写）') + 1;
    expect(ws.rowCount).toBe(invoices.length + 2);
    const numbers = Array.from({ length: invoices.length }, (_, i) => ws.getRow(i + 2).getCell(noCol).value);
    expect(numbers.sort()).toEqual(invoices.map((e) => (e.data as { Content: { InvoiceNo: string } }).Content.InvoiceNo).sort());
    const sum = invoices.reduce((s, e) => s + Number((e.data as { Content: { InvoiceAmount: string } }).Content.InvoiceAmount), 0);
    const total = ws.getRow(invoices.length + 2);
    expect(total.getCell(1).value).toBe('合计');
    expect((total.getCell(totalCol).value as { result: number }).result).toBeCloseTo(sum, 2);
    // the CSV of the same results: UTF-8 with a BOM, the same invoice numbers
    const csvDownload = panel.waitForEvent('download');
    await panel.click('[data-action=export-csv]');
    const csv = fs.readFileSync(await (await csvDownload).path(), 'utf8');
    expect(csv.startsWith('\ufeff类型,')).toBe(true);
    for (const n of numbers) expect(csv).toContain(String(n));
    await screenshot(panel.locator('body'), 'panel-history');
    await h.closeExtraPages();
  });

  it('fills a local reimbursement form from the side panel, which stays open', async (ctx) => {
    if (noCorpus) ctx.skip();
    await configure(h.ext, h.gw.url, h.token);
    const formUrl = h.site.route(
      '/reimburse.html',
      html(`<h1>差旅报销单</h1><form>
        <label>发票号码 <input id="no"></label>
        <label>开票日期 <input id="date" type="date"></label>
        <label>价税合计 <input id="total" type="number" step="0.01"></label>
        <label>销售方名称 <input id="seller"></label>
        <label>备注 <input id="note"></label>
      </form>`),
    );
    const page = await h.ext.context.newPage();
    await page.goto(formUrl);
    const panel = await openPanel();
    const invoice = (await history(h.ext)).find((e) => e.docId === 'vat' && e.status === 'ok')!;
    const content = (invoice.data as { Content: Record<string, string> }).Content;
    await panel.click('[data-tab=history]');
    await panel.click(`.history li[data-id="${invoice.id}"] .entry-line`);
    await panel.click('.result button.fill');
    await panel.click('button.fill-confirm');
    await expect.poll(() => panel.textContent('.fill-summary')).toMatch(/^已填入 4 项/);
    expect(await page.inputValue('#no')).toBe(content.InvoiceNo);
    expect(await page.inputValue('#total')).toBe(content.InvoiceAmount);
    expect(await page.inputValue('#seller')).toBe(content.PayeeName);
    // click-to-fill from the panel: it stays open for the next field
    await panel.click('button.fill-finish');
    await panel.click('details.more-fields summary');
    await panel.click('tr[data-key=AntiFakeCode] button.pick');
    await page.bringToFront();
    await expect.poll(() => page.locator('#recognition-pick-fill-banner').count()).toBe(1);
    await page.click('#note');
    expect(await page.inputValue('#note')).toBe(content.AntiFakeCode);
    expect(panel.isClosed()).toBe(false);
    // the next field is offered until Esc ends the sequence
    await expect.poll(() => page.locator('#recognition-pick-fill-banner').getAttribute('data-at')).toBe('1');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#recognition-pick-fill-banner').count()).toBe(0);
    await h.closeExtraPages();
  });
});
