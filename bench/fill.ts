import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { buildExtension, buildExtensionAt } from '../test/e2e/support/build';
import { type LoadedExtension, hasChromium, launchWithExtension } from '../test/e2e/support/chromium';
import { configure, openPopup, setHistory } from '../test/e2e/support/extension';
import { boxValues, startFillSites } from '../test/e2e/support/fill';
import { type FillDocName, fillDocNames, historyEntry } from '../test/fixtures/fill/documents';
import type { FillPage } from '../test/fixtures/fill/page';
import { fillPages } from '../test/fixtures/fill/pages/index';

/*
 * npm run bench:fill — form fill as a user does it, in Chromium with the built extension: each
 * fill test page (test/fixtures/fill/pages: a plain form, an OA portal with the form in a
 * same-origin and a cross-origin iframe, Element UI and Ant Design forms driven by Vue and React,
 * a detail table, pinyin-named inputs, constrained inputs, layui/Bootstrap/iView) filled with a VAT
 * invoice, a train ticket and a taxi invoice through the popup. Per page and document: the boxes
 * filled right, filled wrong (a wrong value, or a value where none belongs), left empty.
 *   FILL_BASELINE=<git ref>: the same pages filled by the extension as built from that ref (e.g. the
 *   commit before issue 20, 0abccb4), side by side.
 */

if (!hasChromium) {
  console.error('bench:fill needs Chromium (/usr/bin/chromium): apt-get install -y chromium');
  process.exit(1);
}

interface Count {
  right: number;
  wrong: number;
  empty: number;
  boxes: number;
}

/** The history as that build keeps it: IndexedDB (issue 19 on), or storage.local before. */
async function putHistory(ext: LoadedExtension, indexed: boolean, name: FillDocName): Promise<void> {
  const entries = [historyEntry(name, Date.now())];
  if (indexed) await setHistory(ext, entries);
  else await ext.worker.evaluate((history) => chrome.storage.local.set({ history }), entries);
}

/** Fills one document through the popup, whichever way that build's popup fills (with or without a plan). */
async function fill(ext: LoadedExtension, indexed: boolean, name: FillDocName): Promise<void> {
  await putHistory(ext, indexed, name);
  const popup: Page = await openPopup(ext);
  await popup.click('button.fill');
  // this build plans first (issue 20), or fills at once and says so in .fill-note (before it)
  await popup.waitForFunction(
    () => document.querySelector('.fill-note') ?? (document.querySelector('.fill-panel') && !document.querySelector('.fill-panel .fill-status')?.textContent?.includes('正在查找')),
    undefined,
    { timeout: 15_000 },
  );
  const confirm = await popup.$('.fill-panel button.fill-confirm:not([disabled])');
  if (confirm) {
    await confirm.click();
    await popup.waitForSelector('.fill-summary[role=status]');
  }
  await popup.close();
}

async function measure(ext: LoadedExtension, indexed: boolean, page: FillPage, origin: string, name: FillDocName): Promise<Count> {
  const tab = await ext.context.newPage();
  await tab.goto(`${origin}${page.entry}`);
  if (page.model) await tab.waitForSelector('#model');
  const before = await boxValues(tab);
  await fill(ext, indexed, name).catch((e) => console.error(`${page.name} ← ${name}: ${e instanceof Error ? e.message.split('\n')[0] : e}`));
  const after = await boxValues(tab);
  // a framework's model that did not see a value counts the box as not filled
  const model: Record<string, string> | undefined = page.model ? JSON.parse((await tab.textContent('#model')) ?? '{}') : undefined;
  await tab.close();
  const count: Count = { right: 0, wrong: 0, empty: 0, boxes: 0 };
  for (const [t, was] of Object.entries(before)) {
    const want = page.expected[name][t] ?? was;
    const got = model && t in model && model[t] !== after[t] ? was : after[t];
    if (want !== was) {
      count.boxes++;
      if (got === want) count.right++;
      else if (got === was) count.empty++;
      else count.wrong++;
    } else if (got !== was) count.wrong++;
  }
  return count;
}

async function run(dir: string): Promise<Map<string, Count>> {
  const sites = await startFillSites();
  const ext = await launchWithExtension(dir);
  // tsx names functions with a __name helper, which functions sent to the browser do not carry
  await ext.worker.evaluate('self.__name = (f) => f');
  await ext.context.addInitScript('self.__name = (f) => f');
  await configure(ext, 'http://127.0.0.1:9', '');
  const indexed = await ext.worker.evaluate(async () => {
    for (let i = 0; i < 50; i++) {
      if ((await indexedDB.databases()).some((d) => d.name === 'recognition-history')) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  });
  const out = new Map<string, Count>();
  try {
    for (const page of fillPages) for (const name of fillDocNames) out.set(`${page.name}|${name}`, await measure(ext, indexed, page, sites.origins.main, name));
  } finally {
    await ext.close();
    await sites.close();
  }
  return out;
}

const baselineRef = process.env.FILL_BASELINE;
const started = performance.now();
const current = await run(buildExtension());
const baseline = baselineRef ? await run(buildExtensionAt(baselineRef)) : undefined;

const cell = (c: Count) => `${String(c.right).padStart(5)} ${String(c.wrong).padStart(5)} ${String(c.empty).padStart(5)} ${String(c.boxes).padStart(5)}`;
const head = `${'page'.padEnd(24)}${'document'.padEnd(9)}${'right wrong empty boxes'}`;
console.log(`bench:fill — ${fillPages.length} pages × ${fillDocNames.length} documents through the popup, in Chromium (load ${loadavg()[0]!.toFixed(2)})`);
console.log(baseline ? `${head}   | baseline ${baselineRef}: right wrong empty boxes` : head);
const total: Count = { right: 0, wrong: 0, empty: 0, boxes: 0 };
const totalBase: Count = { right: 0, wrong: 0, empty: 0, boxes: 0 };
for (const page of fillPages) {
  for (const name of fillDocNames) {
    const c = current.get(`${page.name}|${name}`)!;
    const b = baseline?.get(`${page.name}|${name}`);
    for (const k of ['right', 'wrong', 'empty', 'boxes'] as const) {
      total[k] += c[k];
      if (b) totalBase[k] += b[k];
    }
    console.log(`${page.name.padEnd(24)}${name.padEnd(9)}${cell(c)}${b ? `   |          ${cell(b)}` : ''}`);
  }
}
const pct = (c: Count) => `${((100 * c.right) / Math.max(1, c.boxes)).toFixed(1)}% right`;
console.log(`${'all'.padEnd(33)}${cell(total)}  ${pct(total)}${baseline ? `   | ${cell(totalBase)}  ${pct(totalBase)}` : ''}`);
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
