// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import * as fx from './fixtures/data';
import './support/injected-files';
import { button, click, container, copied, entry, open, rows, sent, text, usePopupHarness } from './support/popup-harness';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const { updateEntry } = await import('../../src/extension/lib/history-db');

/*
 * The popup rendered in happy-dom, talking to a scripted background and reading the history from
 * IndexedDB (fake-indexeddb): what the user sees for each kind of result, and what the buttons do.
 * Form fill: popup-fill.test.tsx.
 */

usePopupHarness();

describe('popup', () => {
  it('shows the latest result with Chinese labels and the request id', async () => {
    await open([entry('vin', fx.vinData), entry('plate', fx.plateData, { id: 'older', at: 1 })]);
    expect(container.querySelector('h2')!.textContent).toBe('车辆 VIN 码');
    expect(rows()).toEqual({ 'VIN 码': 'SAL1A2A40SA606662' });
    expect(text()).toContain('请求编号 req-9');
  });

  it('copies one field, all fields as text, and the JSON', async () => {
    await open([entry('train', fx.trainData)]);
    const trainRow = container.querySelector('tr[data-key="Number"]')!;
    await click(trainRow.querySelector('button.copy')!);
    expect(copied).toEqual(['G1234']);
    expect(trainRow.querySelector('button.copy')!.textContent).toBe('已复制');
    await click(button('复制全部（文本）'));
    expect(copied[1]).toMatch(/^车次：G1234\n出发站：北京南\n到达站：上海虹桥\n乘车时间：2023年09月23日18:10/);
    await click(button('复制 JSON'));
    expect(JSON.parse(copied[2]!)).toEqual(fx.trainData);
  });

  it('uses English labels when the settings say so', async () => {
    await open([entry('train', fx.trainData)], { language: 'en' });
    expect(rows()).toMatchObject({ 'Train number': 'G1234', From: '北京南' });
    expect(button('Copy all (text)')).toBeTruthy();
  });

  it('explains a failure with the localized message and the gateway detail', async () => {
    await open([entry('plate', undefined, { status: 'error', error: { key: 'err_TOKEN_INVALID', subs: [], code: -1012, detail: 'the token expired' } })]);
    expect(container.querySelector('[role=alert]')!.textContent).toBe(
      'token 已过期或无效，请在设置页更换或请管理员续期（网关说明：the token expired）',
    );
  });

  it('shows a pending asynchronous job with its status, and the result when the background stores it', async () => {
    await open([entry('vat', undefined, { status: 'pending', jobStatus: 'QUEUING' })]);
    expect(text()).toContain('排队识别中（QUEUING）');
    // the background's write is announced on a BroadcastChannel; the popup reads the store again
    await updateEntry('e-vat', { status: 'ok', data: fx.vatData });
    await vi.waitFor(() => expect(rows()['发票号码']).toBe('12345678'));
  });

  it('shows the key fields of an invoice first, fill right under them, and the rest folded', async () => {
    await open([entry('vat', fx.vatData)]);
    const main = [...container.querySelectorAll('.result > table.fields tr[data-key]')].map((tr) => tr.getAttribute('data-key'));
    expect(main).toEqual(['InvoiceType', 'InvoiceNo', 'InvoiceCode', 'InvoiceDate', 'InvoiceAmount', 'WithoutTaxAmount', 'TaxAmount', 'PayeeName', 'PayerName']);
    expect(container.querySelector('.result > table.fields + .fill-row button.fill')).not.toBeNull();
    const folded = container.querySelector('details.more-fields')!;
    expect(folded.querySelector('summary')!.textContent).toBe('其余 11 项');
    expect(folded.querySelectorAll('tr[data-key]')).toHaveLength(11);
  });

  it('folds the taxi invoice scraps the gateway could not place', async () => {
    await open([entry('taxi', fx.taxiData)]);
    const main = [...container.querySelectorAll('.result > table.fields tr[data-key]')].map((tr) => tr.getAttribute('data-key'));
    expect(main).toEqual(['InvoiceCode', 'InvoiceNo', 'PlateNumber', 'Date', 'Amount']);
    expect(container.querySelector('details.more-fields')!.textContent).toContain('谢谢乘坐');
  });

  it('自动识别: one card per document found, in reading order, each with its type and how sure that is', async () => {
    const { splitSheet } = await import('../../src/extension/lib/sheet');
    let n = 0;
    const sheet = splitSheet(entry('auto', fx.mixedSheetData, { id: 'sheet', at: Date.UTC(2024, 0, 3) }), () => `doc-${++n}`);
    await open([entry('vin', fx.vinData), ...sheet]);
    const cards = [...container.querySelectorAll('article.result')];
    expect(cards.map((a) => a.getAttribute('data-doc'))).toEqual(['taxi', 'train', 'taxi', 'text']);
    expect(cards.map((a) => a.querySelector('h2')!.textContent)).toEqual(['出租车发票', '火车票', '出租车发票', '通用文字']);
    expect(cards.map((a) => a.querySelector('.sheet-part')!.textContent)).toEqual([
      '自动识别 · 第 1/4 张 · 类型可信度 97%',
      '自动识别 · 第 2/4 张 · 类型可信度 93%',
      '自动识别 · 第 3/4 张 · 类型可信度 95%',
      '自动识别 · 第 4/4 张 · 类型可信度 60%',
    ]);
    // each card is that type's own: the ticket's fields, the text's lines
    expect(cards[1]!.querySelector('tr[data-key=Number] td.value')!.textContent).toBe('G1234');
    expect(cards[3]!.textContent).toContain(fx.textData.Results[0]!.Text);
    // the VIN read before is not part of the sheet
    expect(container.querySelectorAll('article.result[data-doc=vin]')).toHaveLength(0);
  });

  it('says when and from where a duplicate invoice was first read', async () => {
    await open([entry('vat', fx.vatData, { duplicateOf: { id: 'x', at: Date.UTC(2024, 0, 1, 2), source: '三月发票.pdf' } })]);
    expect(container.querySelector('.duplicate-note')!.textContent).toMatch(/^重复：已于 .+ 从 三月发票\.pdf 识别过$/);
  });

  it('the history lists key values and failure reasons, and searches them', async () => {
    await open([
      entry('vat', fx.vatData, { id: 'v', at: 3 }),
      entry('plate', undefined, { id: 'p', at: 2, status: 'error', error: { key: 'err_network', subs: ['http://127.0.0.1:8080'] } }),
      entry('train', fx.trainData, { id: 't', at: 1 }),
    ]);
    await click(container.querySelector('[data-tab=history]')!);
    await vi.waitFor(() => expect(container.querySelectorAll('.history li')).toHaveLength(3));
    const lines = [...container.querySelectorAll('.history li .values')].map((x) => x.textContent);
    expect(lines[0]).toBe('12345678 · ¥59.55 · 北京示例餐饮有限公司');
    expect(lines[1]).toMatch(/^无法连接网关/);
    expect(lines[2]).toBe('G1234 · 2023年09月23日18:10 · ¥553.5 · 张三');
    const search = container.querySelector('input[name=q]') as HTMLInputElement;
    await act(async () => {
      search.value = '553.5';
      search.dispatchEvent(new Event('input'));
    });
    // meanwhile the tab loads the export's writers (ExcelJS takes seconds to load under vitest)
    await vi.waitFor(() => expect(container.querySelectorAll('.history li')).toHaveLength(1), { timeout: 15_000 });
    expect(container.querySelector('.history li')!.getAttribute('data-id')).toBe('t');
  });

  it('renders a table with its spans and copies it as TSV', async () => {
    await open([entry('table', fx.tableData)]);
    const first = container.querySelector('table.recognized td')!;
    expect(first.getAttribute('rowspan')).toBe('2');
    await click(button('复制为 TSV'));
    expect(copied[0]).toBe('地区\t上半年\t\n\t一季度\t二季度\n华东\t1,200\t1,350 (预估)');
  });

  it('shows a VAT invoice\'s title and its goods lines, and copies the lines as TSV', async () => {
    await open([entry('vat', fx.vatData)]);
    expect(rows()).toMatchObject({ 发票类型: '北京增值税电子普通发票', 发票代码: '011002100111' });
    expect(container.querySelector('table.recognized')!.textContent).toContain('*餐饮服务*餐费');
    await click(button('复制为 TSV'));
    expect(copied[0]).toBe('项目名称\t规格型号\t单位\t数量\t单价\t金额\t税率\t税额\n*餐饮服务*餐费\t\t次\t1\t52.70\t52.70\t13%\t6.85');
  });

  it('keeps or joins line breaks of general text as the user chooses', async () => {
    await open([entry('text', fx.textData)], { lineBreaks: 'join' });
    expect(container.querySelector('pre')!.textContent).toBe('识别网关支持车牌和发票Hello world');
    const select = container.querySelector('.text-view select') as HTMLSelectElement;
    await act(async () => {
      select.value = 'keep';
      select.dispatchEvent(new Event('change'));
    });
    expect(container.querySelector('pre')!.textContent).toBe('识别网关\n支持车牌和发票\nHello\nworld');
  });

  it('auto-copies the main value once when enabled', async () => {
    await open([entry('plate', fx.plateData)], { autoCopy: true });
    expect(copied).toEqual(['皖AYL375']);
    expect(sent).toContainEqual({ type: 'history.markCopied', body: { id: 'e-plate' } });
    expect(text()).toContain('已自动复制 皖AYL375');
    render(null, container);
    await open([entry('plate', fx.plateData, { autoCopied: true })], { autoCopy: true });
    expect(copied).toEqual(['皖AYL375']);
  });

  it('searches postal codes and pages through the result', async () => {
    const page = (n: number) => ({
      ok: true,
      value: { allNum: 12, allPages: 2, currentPage: n, maxResult: 10, contentlist: [{ province: '北京市', city: '北京市', area: '海淀区', county: `街道${n}`, code: '100089' }] },
    });
    await open([], {}, { 'postal.byCode': page(1) });
    await click(container.querySelector('[data-tab=postal]')!);
    const input = container.querySelector('input[name=code]') as HTMLInputElement;
    await act(async () => {
      input.value = '100089';
      input.dispatchEvent(new Event('input'));
    });
    await click(button('查询'));
    expect(sent).toContainEqual({ type: 'postal.byCode', body: { code: '100089', page: 1 } });
    expect(text()).toContain('第 1 / 2 页，共 12 条');
    await click(container.querySelector('table.postal-rows button.copy')!);
    expect(copied[0]).toBe('北京市 北京市 海淀区 街道1 100089');
    await click(button('下一页'));
    expect(sent).toContainEqual({ type: 'postal.byCode', body: { code: '100089', page: 2 } });
  });

  it('refuses a malformed postal code without asking the background', async () => {
    await open([]);
    await click(container.querySelector('[data-tab=postal]')!);
    await click(button('查询'));
    expect(text()).toContain('请输入 6 位数字邮编');
    expect(sent.some((m) => m.type === 'postal.byCode')).toBe(false);
  });
});
