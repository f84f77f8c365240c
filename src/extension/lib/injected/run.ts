import type { AppError } from '../../../protocol/app-error';
import { describeIssue } from '../../../protocol/issue';
import type { Outcome } from '../../../protocol/messages';
import { browser } from '../browser';
import { appErr } from '../errors';
import { entryName } from './publish';
import { type ArgOf, type ResultOf, type ScriptName, injectedScripts } from './scripts';

/*
 * Runs one of our injected scripts in a tab: injects its file (activeTab or a granted host
 * permission allows it), then calls the entry it published in the isolated world and validates the
 * answer. In one frame (the background's menus and captures) or in every frame the extension may
 * enter (form fill): Chrome leaves out, without an error, the frames whose origin it may not
 * script, so callers that care compare with the frames they expected.
 */

/** How `invoke` reports a failure in the page (it runs there, so it spells the name itself). */
const FAILED = '__recognitionFailed';

/** Runs in the page: calls the published function; executeScript awaits a returned promise. */
function invoke(key: string, arg: unknown): unknown {
  const fn = (globalThis as Record<string, unknown>)[key];
  if (typeof fn !== 'function') return { __recognitionFailed: `${key} is not installed` };
  // an exception in one frame must not hide the others' answers (Chrome answers null for it)
  return Promise.resolve()
    .then(() => (fn as (a: unknown) => unknown)(arg))
    .catch((e: unknown) => ({ __recognitionFailed: e instanceof Error ? e.message : String(e) }));
}

/** What the browser says when a page may not be scripted: internal pages, the web store, no grant. */
export function injectionError(e: unknown): AppError {
  const message = e instanceof Error ? e.message : String(e);
  if (/cannot access|cannot be scripted|permission|chrome:\/\/|extensions gallery|Missing host/i.test(message)) {
    return { ...appErr('err_restricted_page'), detail: message };
  }
  if (/No tab with id|No frame with id|Frame with ID .* was removed|tab was closed/i.test(message)) {
    return { ...appErr('err_page_gone'), detail: message };
  }
  return appErr('err_extension_failed', message);
}

export interface FrameAnswer<V> {
  frameId: number;
  outcome: Outcome<V>;
}

type Target = { tabId: number; frameIds?: number[] };

export async function runInjectedInFrames<N extends ScriptName>(target: Target, name: N, arg: ArgOf<N>): Promise<Outcome<FrameAnswer<ResultOf<N>>[]>> {
  const script = injectedScripts[name];
  const key = entryName(name);
  // checking our own argument catches a bug here rather than as a failure inside the page
  const checked = script.arg.safeParse(arg);
  if (!checked.success) return { ok: false, error: appErr('err_invalid_message', `${key}: ${describeIssue(checked.error, 'argument')}`) };
  const where = target.frameIds ? { tabId: target.tabId, frameIds: target.frameIds } : { tabId: target.tabId, allFrames: true };
  let results: { frameId?: number; result?: unknown }[];
  try {
    // from the extension's root: Firefox resolves a relative path against the calling page (the
    // popup's folder), Chrome against the root
    await browser.scripting.executeScript({ target: where, files: [`/${script.file.replace(/^\//, '')}`] });
    // structured clone cannot carry `undefined` as an argument: the scripts that take none get null
    results = await browser.scripting.executeScript({ target: where, func: invoke, args: [key, arg ?? null] });
  } catch (e) {
    return { ok: false, error: injectionError(e) };
  }
  return {
    ok: true,
    value: results.map((r) => {
      const frameId = r.frameId ?? 0;
      const failed = r.result && typeof r.result === 'object' && FAILED in r.result ? String((r.result as Record<string, unknown>)[FAILED]) : undefined;
      if (failed !== undefined) return { frameId, outcome: { ok: false, error: appErr('err_extension_failed', `${key}: ${failed}`) } };
      const parsed = script.result.safeParse(r.result);
      return {
        frameId,
        outcome: parsed.success ? { ok: true, value: parsed.data as ResultOf<N> } : { ok: false, error: appErr('err_invalid_message', key) },
      };
    }),
  };
}

/** One frame (the top one unless named): its answer, or why there is none. */
export async function runInjected<N extends ScriptName>(
  target: { tabId: number; frameId?: number },
  name: N,
  arg: ArgOf<N>,
): Promise<Outcome<ResultOf<N>>> {
  const res = await runInjectedInFrames({ tabId: target.tabId, frameIds: [target.frameId ?? 0] }, name, arg);
  if (!res.ok) return res;
  return res.value[0]?.outcome ?? { ok: false, error: appErr('err_page_gone') };
}
