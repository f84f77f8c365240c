// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import * as fx from './fixtures/data';
import './support/injected-files';
import { runPageScripts } from './support/page-scripts';
import { button, c, click, container, entry, flush, open, text, usePopupHarness } from './support/popup-harness';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

/* The popup's form fill: the plan, what went where and undo; frames of other sites; pages no extension may fill. */

usePopupHarness();

describe('popup: form fill', () => {
  it('fills the page from a result: the plan first, then what went where, and one click to undo', async () => {
    c.windows.getLastFocused = vi.fn(async () => ({ id: 3 }));
    c.tabs.query = vi.fn(async () => [{ id: 42, windowId: 3 }]);
    c.tabs.get = vi.fn(async () => ({ id: 42, url: 'https://erp.example.com/claim' }));
    // the page under the popup, filled by the real page scripts (happy-dom has one document for both)
    const page = document.createElement('form');
    page.innerHTML = '<label>发票代码 <input data-t="code"></label><label>价税合计 <input data-t="total"></label><label>备注 <input data-t="note"></label>';
    document.body.append(page);
    const calls = runPageScripts(c, 42);
    const value = (t: string) => (page.querySelector(`[data-t=${t}]`) as HTMLInputElement).value;
    await open([entry('vat', fx.vatData)]);
    await click(button('填入网页表单'));
    await vi.waitFor(() => expect(text()).toContain('将填入 2 项'));
    expect(calls[0]).toEqual({ target: { tabId: 42, allFrames: true }, files: ['/fill.js'] });
    const planned = [...container.querySelectorAll('.fill-pairs tr.planned')].map((tr) => [
      tr.querySelector('th')!.textContent,
      tr.querySelector('td.value')!.textContent,
      (tr.querySelector('select') as HTMLSelectElement).selectedOptions[0]!.textContent,
    ]);
    expect(planned).toEqual([
      ['发票代码', '011002100111', '发票代码'],
      ['价税合计（小写）', '59.55', '价税合计'],
    ]);
    expect(value('code')).toBe('');
    await click(button('确认填入'));
    await vi.waitFor(() => expect(container.querySelector('.fill-summary')!.textContent).toBe('已填入 2 项'));
    expect([value('code'), value('total'), value('note')]).toEqual(['011002100111', '59.55', '']);
    expect([...container.querySelectorAll('.fill-report li')].map((li) => li.textContent)).toEqual(['✓ 发票代码 → 发票代码', '✓ 价税合计（小写） → 价税合计']);
    expect(container.querySelector('.fill-missing li[data-reason=no_input]')!.textContent).toMatch(/^网页上没有对应的输入框：发票号码、开票日期、/);
    await click(button('撤销填入'));
    await vi.waitFor(() => expect(container.querySelector('.fill-summary')!.textContent).toBe('已撤销，恢复了 2 项'));
    expect([value('code'), value('total')]).toEqual(['', '']);
    page.remove();
  });

  it('a form in a frame of another site: names the site, asks for it from the click, and scans again once allowed', async () => {
    c.windows.getLastFocused = vi.fn(async () => ({ id: 3 }));
    c.tabs.query = vi.fn(async () => [{ id: 42, windowId: 3 }]);
    c.tabs.get = vi.fn(async () => ({ id: 42, url: 'https://erp.example.com/claim' }));
    // (happy-dom logs that it loads no frames)
    const portal = document.createElement('div');
    portal.innerHTML = '<iframe src="https://oa.example.org/form.html"></iframe>';
    document.body.append(portal);
    const calls = runPageScripts(c, 42);
    let requestedInClick = false;
    c.permissions.request.mockImplementation(async () => true);
    await open([entry('vat', fx.vatData)]);
    await click(button('填入网页表单'));
    await vi.waitFor(() => expect(container.querySelector('.fill-blocked')).not.toBeNull());
    expect(container.querySelector('.fill-blocked p')!.textContent).toBe(
      '表单可能在 https://oa.example.org 的框架里，扩展还没有访问该网站的权限。允许后仅用于在此填表，可随时在扩展的“详细信息”中撤销。',
    );
    const scans = calls.length;
    // the browser shows its prompt only within the click's own task: the request is made before anything is awaited
    await act(async () => {
      button('允许访问 oa.example.org').click();
      requestedInClick = c.permissions.request.mock.calls.length === 1;
    });
    await flush();
    expect(requestedInClick).toBe(true);
    expect(c.permissions.request).toHaveBeenCalledWith({ origins: ['https://oa.example.org/*'] });
    // granted: the tab is scanned again
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(scans));
    portal.remove();
  });

  it('says in words why a page cannot be filled', async () => {
    c.windows.getLastFocused = vi.fn(async () => ({ id: 3 }));
    c.tabs.query = vi.fn(async () => [{ id: 42, windowId: 3 }]);
    c.tabs.get = vi.fn(async () => ({ id: 42, url: 'chrome://extensions/' }));
    await open([entry('vat', fx.vatData)]);
    await click(button('填入网页表单'));
    await vi.waitFor(() => expect(container.querySelector('.fill-panel [role=alert]')!.textContent).toBe('这是浏览器自己的页面（chrome://extensions/），浏览器不允许任何扩展读取或填写它'));
    expect(c.scripting.executeScript).not.toHaveBeenCalled();
  });

  it('does not offer form fill for plates', async () => {
    await open([entry('plate', fx.plateData)]);
    expect(button('填入网页表单')).toBeUndefined();
    expect(container.querySelector('button.pick')).toBeNull();
  });

});
