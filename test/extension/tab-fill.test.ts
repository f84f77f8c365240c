// @vitest-environment happy-dom
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeBrowser, contentSender, installFakeBrowser } from './support/fake-browser';
import './support/injected-files';
import { runPageScripts } from './support/page-scripts';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const { applyFill, clearFillMarks, refusalOf, scanTab, showPlan, startPick, undoFill } = await import('../../src/extension/popup/fill/tab-fill');
const { boxesOf, planFill } = await import('../../src/extension/lib/fill/plan');
const { createRouter } = await import('../../src/extension/lib/messaging');
const { handlers } = await import('../../src/extension/background/handlers');
const { watchPlans } = await import('../../src/extension/background/plan-watch');

/*
 * Form fill from the extension's side (popup/fill/tab-fill.ts) with the real page scripts running
 * on happy-dom's document (support/page-scripts.ts): scan, marks, fill, undo, Esc, click-to-fill
 * through the background's relay, and the refusals in words.
 */

const TAB = 42;
let c: FakeBrowser;
const vat = {
  title: '增值税发票',
  kind: 'vat',
  fields: [
    { key: 'InvoiceNo', label: '发票号码', value: '12345678' },
    { key: 'InvoiceDate', label: '开票日期', value: '2023年05月08日' },
    { key: 'AntiFakeCode', label: '校验码', value: '12345678901234567890' },
    { key: 'PayerName', label: '购买方名称', value: '上海示例科技有限公司' },
  ],
};

const tones = () => document.querySelector('recognition-fill-marks')?.getAttribute('data-tones') ?? '';
const value = (t: string) => (document.querySelector(`[data-t="${t}"]`) as HTMLInputElement).value;

beforeEach(() => {
  c = installFakeBrowser();
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL('https://erp.example.com/claim');
  c.tabs.get = vi.fn(async (id: number) => ({ id, url: 'https://erp.example.com/claim' }));
  c.extension = { isAllowedFileSchemeAccess: vi.fn(async () => false) };
  runPageScripts(c, TAB);
  // messages from the page scripts go through the background's router, as the browser would send them
  const route = createRouter(handlers);
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(
    ((msg: unknown) => new Promise((resolve) => route(msg, contentSender(TAB, 'https://erp.example.com/claim'), resolve))) as never,
  );
  document.body.innerHTML = `<form>
    <label>发票号码 <input data-t="no" value="00000001"></label>
    <label>开票日期 <input data-t="date"></label>
    <label>校验码后六位 <input data-t="check" maxlength="6"></label>
    <label>备注 <input data-t="note"></label>
  </form>`;
});
afterEach(() => {
  document.body.innerHTML = '';
  document.querySelector('recognition-fill-marks')?.remove();
  vi.restoreAllMocks();
});

async function planned() {
  const scan = await scanTab(TAB);
  if (!scan.ok) throw new Error(scan.error.key);
  const plan = planFill([vat], boxesOf(scan.value.frames));
  return { scan: scan.value, plan };
}

describe('filling a tab', () => {
  it('scans every frame it may enter and names the frames it may not', async () => {
    // (happy-dom logs that it loads no frames)
    document.body.insertAdjacentHTML('beforeend', '<iframe src="https://oa.example.org/inner.html"></iframe>');
    const { scan, plan } = await planned();
    expect(scan.frames.map((f) => [f.frameId, f.origin, f.inputs.length])).toEqual([[0, 'https://erp.example.com', 4]]);
    expect(scan.blocked).toEqual(['https://oa.example.org']);
    expect(plan.pairs.map((p) => [p.key, p.value])).toEqual([
      ['InvoiceNo', '12345678'],
      ['InvoiceDate', '2023-05-08'],
      ['AntiFakeCode', '567890'],
    ]);
  });

  it('outlines the plan, writes it with the events a person would cause, marks it, and undoes it', async () => {
    const { scan, plan } = await planned();
    await showPlan(scan, plan.pairs.map((p) => ({ ref: p.to, text: p.label, tone: 'plan' })));
    expect(tones()).toBe('plan plan plan');
    expect(value('no')).toBe('00000001');
    const seen: string[] = [];
    for (const type of ['input', 'change', 'blur']) document.querySelector('form')!.addEventListener(type, (e) => seen.push(`${type}:${(e.target as HTMLElement).dataset.t}`), true);
    const res = await applyFill(scan, plan.pairs, (p) => p.label);
    expect(res.ok && res.value.done.map((p) => p.key)).toEqual(['InvoiceNo', 'InvoiceDate', 'AntiFakeCode']);
    expect(res.ok && [...res.value.before.values()]).toEqual(['00000001', '', '']);
    expect([value('no'), value('date'), value('check'), value('note')]).toEqual(['12345678', '2023-05-08', '567890', '']);
    expect(seen.filter((s) => s.endsWith(':no'))).toEqual(['input:no', 'change:no', 'blur:no']);
    expect(tones()).toBe('done done done');
    // the user corrects the date; undo takes back only what the fill wrote
    (document.querySelector('[data-t=date]') as HTMLInputElement).value = '2023-05-09';
    expect(await undoFill(TAB, res.ok ? res.value : (undefined as never))).toEqual({ restored: 2, kept: 1 });
    expect([value('no'), value('date'), value('check')]).toEqual(['00000001', '2023-05-09', '']);
    expect(tones()).toBe('');
  });

  it('a box that is gone by the time of the fill is reported, not written', async () => {
    const { scan, plan } = await planned();
    document.querySelector('[data-t=check]')!.remove();
    const res = await applyFill(scan, plan.pairs, (p) => p.label);
    expect(res.ok && res.value.failed.map((f) => [f.pair.key, f.why])).toEqual([['AntiFakeCode', 'gone']]);
  });

  it('Esc on the page removes the outlines, in every frame (through the background)', async () => {
    const { scan, plan } = await planned();
    await showPlan(scan, plan.pairs.map((p) => ({ ref: p.to, text: p.label, tone: 'plan' })));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(tones()).toBe('');
    await vi.waitFor(() => expect(fakeBrowser.runtime.sendMessage).toHaveBeenCalledWith({ type: 'fill.clear', body: {} }));
    await clearFillMarks(TAB);
  });
});

describe('a plan left on the page', () => {
  const port = (sender: ReturnType<typeof contentSender>) => {
    const on = { message: [] as ((m: unknown) => void)[], disconnect: [] as (() => void)[] };
    const p = {
      name: 'fill-plan',
      sender,
      onMessage: { addListener: (f: (m: unknown) => void) => on.message.push(f) },
      onDisconnect: { addListener: (f: () => void) => on.disconnect.push(f) },
    };
    watchPlans(p as never);
    return { send: (m: unknown) => on.message.forEach((f) => f(m)), close: () => on.disconnect.forEach((f) => f()) };
  };
  const popup = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('src/extension/popup/index.html') } as never;
  const clears = () => c.scripting.executeScript.mock.calls.filter((call) => (call[0] as { args?: unknown[] }).args?.[0] === '__recognitionFillClear').length;

  it('loses its outlines when the popup closes on it, and keeps them once filled', async () => {
    const shown = port(popup);
    shown.send({ tabId: TAB });
    shown.close();
    await vi.waitFor(() => expect(clears()).toBe(1));
    const filled = port(popup);
    filled.send({ tabId: TAB });
    filled.send({ tabId: null });
    filled.close();
    // from a web page, the port is not listened to
    const page = port(contentSender(TAB));
    page.send({ tabId: TAB });
    page.close();
    await new Promise((r) => setTimeout(r, 20));
    expect(clears()).toBe(1);
  });
});

describe('click-to-fill', () => {
  it('offers each field in turn; a click fills it, the background moves every frame on; Esc ends it all', async () => {
    const texts = { prompt: '请点击要填入“$1”的输入框（$2/$3）', skip: '跳过', end: '结束', done: '完成 $1 项' };
    expect(await startPick(TAB, vat.fields, texts)).toEqual({ ok: true, value: true });
    const banner = () => document.getElementById('recognition-pick-fill-banner');
    expect(banner()?.dataset).toMatchObject({ at: '0', total: '4' });
    (document.querySelector('[data-t=note]') as HTMLElement).click();
    expect(value('note')).toBe('12345678');
    await vi.waitFor(() => expect(banner()?.dataset.at).toBe('1'));
    // the date into a box that wants ISO, then the check code into a box of six
    (document.querySelector('[data-t=date]') as HTMLElement).click();
    await vi.waitFor(() => expect(banner()?.dataset.at).toBe('2'));
    (document.querySelector('[data-t=check]') as HTMLElement).click();
    await vi.waitFor(() => expect(banner()?.dataset.at).toBe('3'));
    expect([value('date'), value('check')]).toEqual(['2023-05-08', '567890']);
    expect(tones()).toBe('done done done');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await vi.waitFor(() => expect(banner()).toBeNull());
    expect(tones()).toBe('');
    (document.querySelector('[data-t=no]') as HTMLElement).click();
    expect(value('no')).toBe('00000001');
  });
});

describe('pages out of reach, in words', () => {
  it('a file page without file access, a browser page, a page without access', async () => {
    c.tabs.get = vi.fn(async () => ({ id: TAB, url: 'file:///home/me/claim.html' }));
    expect(await scanTab(TAB)).toEqual({ ok: false, error: { key: 'err_file_access', subs: [] } });
    c.tabs.get = vi.fn(async () => ({ id: TAB, url: 'chrome://settings/?search=x' }));
    expect(await scanTab(TAB)).toEqual({ ok: false, error: { key: 'err_browser_page', subs: ['chrome://settings/'] } });
    c.tabs.get = vi.fn(async () => ({ id: TAB, url: 'https://chromewebstore.google.com/detail/x' }));
    expect(await scanTab(TAB)).toMatchObject({ ok: false, error: { key: 'err_browser_page' } });
    c.tabs.get = vi.fn(async () => ({ id: TAB }));
    c.scripting.executeScript.mockRejectedValue(new Error('Cannot access contents of the page. Extension manifest must request permission to access the respective host.'));
    expect(await scanTab(TAB)).toEqual({ ok: false, error: { key: 'err_page_access', subs: [''] } });
    c.tabs.get = vi.fn(async () => {
      throw new Error('No tab with id: 42.');
    });
    expect(await scanTab(TAB)).toEqual({ ok: false, error: { key: 'err_page_gone', subs: [] } });
  });

  it('a file page in the Firefox build says to open the form through a web address (Firefox has no file-access switch)', async () => {
    vi.stubEnv('MODE', 'firefox');
    try {
      c.tabs.get = vi.fn(async () => ({ id: TAB, url: 'file:///home/me/claim.html' }));
      expect(await scanTab(TAB)).toEqual({ ok: false, error: { key: 'err_file_access_firefox', subs: [] } });
      expect(refusalOf({ key: 'err_restricted_page', subs: [], detail: 'Missing host permission for the tab' }, 'file:///tmp/a.html')).toEqual({
        key: 'err_file_access_firefox',
        subs: [],
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("reads the browser's refusal when the address is unknown", () => {
    const refused = (detail: string) => refusalOf({ key: 'err_restricted_page', subs: [], detail }, undefined);
    expect(refused('Cannot access a chrome:// URL')).toEqual({ key: 'err_browser_page', subs: ['chrome://'] });
    expect(refused('The extensions gallery cannot be scripted.')).toMatchObject({ key: 'err_browser_page' });
    expect(refused('Cannot access contents of url "file:///tmp/a.html". Extension manifest must request permission to access this host.')).toEqual({
      key: 'err_file_access',
      subs: [],
    });
    expect(refused('Cannot access contents of url "https://erp.example.com/x". Extension manifest must request permission')).toEqual({
      key: 'err_page_access',
      subs: ['（erp.example.com）'],
    });
  });
});
