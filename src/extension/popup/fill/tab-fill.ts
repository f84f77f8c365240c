import type { AppError } from '../../../protocol/app-error';
import type { Outcome } from '../../../protocol/messages';
import { browser } from '../../lib/browser';
import { appErr } from '../../lib/errors';
import type { FillField, InputRef, Pair } from '../../lib/fill/plan';
import type { TabFrame } from '../../lib/fill/scan-schema';
import { runInjectedInFrames } from '../../lib/injected/run';

/*
 * Form fill from an extension page (the popup, the side panel): the page scripts run in every
 * frame of the tab the extension may enter; this module gathers their scans, sends marks and
 * values to the right frame, and says in words why a page or a frame is out of reach. Planning
 * is lib/fill/plan.ts; the panel is FillPanel.tsx.
 */

export interface TabScan {
  tabId: number;
  frames: TabFrame[];
  /** origins of frames in the page the extension may not enter yet (ask the user for access) */
  blocked: string[];
}

const browserPages = /^(chrome|edge|brave|opera|vivaldi|about|chrome-extension|moz-extension|devtools|view-source|chrome-search|chrome-untrusted):/;
const storePages = /^https:\/\/(chromewebstore\.google\.com|chrome\.google\.com\/webstore|microsoftedge\.microsoft\.com\/addons)/;

/**
 * A local file page the extension may not enter. Chrome has a per-extension switch the message
 * names; Firefox has none (its isAllowedFileSchemeAccess() is always false), so its build says to
 * open the form through a web address instead of pointing at a switch that does not exist.
 */
function fileAccessRefusal(): AppError {
  return appErr(import.meta.env.MODE.startsWith('firefox') ? 'err_file_access_firefox' : 'err_file_access');
}

/** Why the extension cannot work in a tab, judged from its address before trying. */
async function pageRefusal(url: string | undefined): Promise<AppError | undefined> {
  if (!url || url === 'about:blank') return undefined;
  if (browserPages.test(url) || storePages.test(url)) return appErr('err_browser_page', url.split(/[?#]/)[0]!.slice(0, 80));
  if (url.startsWith('file:') && !(await browser.extension.isAllowedFileSchemeAccess())) return fileAccessRefusal();
  return undefined;
}

/**
 * The browser's refusal, in words. Without access the tab's address is unknown, so the browser's
 * message tells: "Cannot access a chrome:// URL", "The extensions gallery cannot be scripted",
 * "Cannot access contents of url "file:///…"", or a page the extension was not given.
 */
export function refusalOf(e: AppError, url: string | undefined): AppError {
  if (e.key !== 'err_restricted_page') return e;
  const said = e.detail ?? '';
  const where = url ?? /url "([^"]+)"/.exec(said)?.[1] ?? /\b([a-z-]+:\/\/\S*)/.exec(said)?.[1] ?? '';
  if (/^file:/.test(where) || /file:\/\//.test(said)) return fileAccessRefusal();
  if (browserPages.test(where) || storePages.test(where) || /gallery|webstore|chrome:\/\/|chrome-extension:/i.test(said)) {
    return appErr('err_browser_page', where.split(/[?#]/)[0]!.slice(0, 80));
  }
  return appErr('err_page_access', /^https?:/.test(where) ? `（${new URL(where).host}）` : '');
}

/** The tab's address (known only where the extension has access), or why the tab cannot be used. */
async function tabAddress(tabId: number): Promise<Outcome<string | undefined>> {
  let url: string | undefined;
  try {
    url = (await browser.tabs.get(tabId)).url;
  } catch {
    return { ok: false, error: appErr('err_page_gone') };
  }
  const refusal = await pageRefusal(url);
  return refusal ? { ok: false, error: refusal } : { ok: true, value: url };
}

export async function scanTab(tabId: number): Promise<Outcome<TabScan>> {
  const address = await tabAddress(tabId);
  if (!address.ok) return address;
  const url = address.value;
  const res = await runInjectedInFrames({ tabId }, 'fillScan', undefined);
  if (!res.ok) return { ok: false, error: refusalOf(res.error, url) };
  const frames: TabFrame[] = res.value.flatMap((f) => (f.outcome.ok ? [{ ...f.outcome.value, frameId: f.frameId }] : []));
  // the top frame first, then the others in the order the browser listed them
  frames.sort((a, b) => Number(b.frameId === 0) - Number(a.frameId === 0));
  const reached = new Set(frames.map((f) => f.origin));
  const blocked = [...new Set(frames.flatMap((f) => f.children))].filter((o) => o !== 'null' && !reached.has(o));
  return { ok: true, value: { tabId, frames, blocked } };
}

/**
 * Asks for access to the origins of frames the extension could not enter. Must be called in the
 * click's own task (the browser shows its prompt only for a user gesture); resolves to whether the
 * user allowed it. The popup may close while the prompt is open; the grant stays.
 */
export function requestFrameAccess(origins: readonly string[]): Promise<boolean> {
  return browser.permissions.request({ origins: origins.map((o) => `${o}/*`) }).catch(() => false);
}

export interface MarkSpec {
  ref: InputRef;
  text: string;
  tone: 'plan' | 'focus' | 'done' | 'fail';
}

function scanIdOf(scan: TabScan, frameId: number): string | undefined {
  return scan.frames.find((f) => f.frameId === frameId)?.scanId;
}

/** Outlines over the planned boxes in every frame (frames without marks lose theirs). */
export async function showPlan(scan: TabScan, marks: readonly MarkSpec[], reveal?: InputRef): Promise<void> {
  await Promise.all(
    scan.frames.map((f) =>
      runInjectedInFrames({ tabId: scan.tabId, frameIds: [f.frameId] }, 'fillMark', {
        scanId: f.scanId,
        marks: marks.filter((m) => m.ref.frameId === f.frameId).map((m) => ({ index: m.ref.index, text: m.text, tone: m.tone })),
        ...(reveal?.frameId === f.frameId ? { reveal: reveal.index } : {}),
      }),
    ),
  );
}

export interface FillReport {
  fillId: string;
  done: Pair[];
  /** the page changed since the plan (the box is gone) or the box would not keep the value */
  failed: { pair: Pair; why: 'gone' | 'refused' }[];
  /** what each filled box held before (for the panel: "replaced …") */
  before: Map<Pair, string>;
  frames: number[];
}

export async function applyFill(scan: TabScan, pairs: readonly Pair[], texts: (p: Pair) => string): Promise<Outcome<FillReport>> {
  const fillId = crypto.randomUUID();
  const report: FillReport = { fillId, done: [], failed: [], before: new Map(), frames: [] };
  const byFrame = new Map<number, Pair[]>();
  for (const p of pairs) byFrame.set(p.to.frameId, [...(byFrame.get(p.to.frameId) ?? []), p]);
  for (const [frameId, list] of byFrame) {
    const scanId = scanIdOf(scan, frameId);
    const res = scanId
      ? await runInjectedInFrames({ tabId: scan.tabId, frameIds: [frameId] }, 'fillApply', {
          scanId,
          fillId,
          items: list.map((p) => ({ index: p.to.index, value: p.value, text: texts(p) })),
        })
      : undefined;
    const answer = res?.ok ? res.value[0]?.outcome : undefined;
    if (!answer?.ok) {
      // the frame went away (navigated, closed) between the plan and the fill
      for (const pair of list) report.failed.push({ pair, why: 'gone' });
      continue;
    }
    report.frames.push(frameId);
    for (const pair of list) {
      const r = answer.value.results.find((x) => x.index === pair.to.index);
      if (r?.state === 'ok') {
        report.done.push(pair);
        report.before.set(pair, r.before);
      } else report.failed.push({ pair, why: r?.state === 'refused' ? 'refused' : 'gone' });
    }
  }
  return { ok: true, value: report };
}

export async function undoFill(tabId: number, report: FillReport): Promise<{ restored: number; kept: number }> {
  let restored = 0;
  let kept = 0;
  const res = await runInjectedInFrames({ tabId, frameIds: report.frames }, 'fillUndo', { fillId: report.fillId });
  if (res.ok) {
    for (const f of res.value) {
      if (f.outcome.ok) {
        restored += f.outcome.value.restored;
        kept += f.outcome.value.kept;
      }
    }
  }
  // a frame that no longer answers kept its values too
  return { restored, kept: Math.max(kept, report.done.length - restored) };
}

/** Removes every outline of a fill from every frame. */
export async function clearFillMarks(tabId: number): Promise<void> {
  await runInjectedInFrames({ tabId }, 'fillClear', undefined);
}

export interface PickTexts {
  prompt: string;
  skip: string;
  end: string;
  done: string;
}

/** Starts click-to-fill in every frame of the tab: `steps` in order, from the first. */
export async function startPick(tabId: number, steps: readonly FillField[], texts: PickTexts): Promise<Outcome<true>> {
  const seq = crypto.randomUUID();
  const wanted = steps.filter((s) => s.value !== '').map(({ key, label, value }) => ({ key, label, value }));
  if (wanted.length === 0) return { ok: true, value: true };
  const address = await tabAddress(tabId);
  if (!address.ok) return address;
  const res = await runInjectedInFrames({ tabId }, 'pickStart', { seq, steps: wanted, at: 0, texts });
  if (!res.ok) return { ok: false, error: refusalOf(res.error, address.value) };
  return res.value.some((f) => f.frameId === 0 && f.outcome.ok) ? { ok: true, value: true } : { ok: false, error: appErr('err_page_gone') };
}
