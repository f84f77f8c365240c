import type { FakeBrowser } from './fake-browser';

/*
 * scripting.executeScript answered by our real page scripts, running on happy-dom's document as
 * frame 0 of one tab: the injected files (named as support/injected-files.ts names them) are
 * imported, the entry calls run.ts sends are run. So a test drives the extension side and sees
 * the page side react, with no browser.
 */

const modules: Record<string, () => Promise<unknown>> = {
  'fill.js': () => import('../../../src/extension/content/fill-form.iife'),
  'pick.js': () => import('../../../src/extension/content/pick-fill.iife'),
};

interface Injection {
  target: { tabId: number; frameIds?: number[]; allFrames?: boolean };
  files?: string[];
  func?: (...args: unknown[]) => unknown;
  args?: unknown[];
}

export function runPageScripts(c: FakeBrowser, tabId: number): Injection[] {
  const calls: Injection[] = [];
  c.scripting.executeScript.mockImplementation(async (o: Injection) => {
    calls.push(o);
    if (o.target.tabId !== tabId) throw new Error(`No tab with id: ${o.target.tabId}.`);
    if (o.files) {
      // the extension injects by the path from its root ('/…'), the key here has none
      for (const f of o.files) await modules[f.replace(/^\//, '')]!();
      return [{ frameId: 0, result: null }];
    }
    // the browser clones what crosses into and out of the page
    const args = structuredClone(o.args ?? []);
    return [{ frameId: 0, result: structuredClone(await o.func!(...args)) }];
  });
  return calls;
}
