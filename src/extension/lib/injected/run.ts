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
 * answer. Used by the background (menus, capture) and the popup (form fill).
 */

/** Runs in the page: calls the published function; executeScript awaits a returned promise. */
function invoke(key: string, arg: unknown): unknown {
  const fn = (globalThis as Record<string, unknown>)[key];
  if (typeof fn !== 'function') throw new Error(`${key} is not installed`);
  return fn(arg);
}

/** What the browser says when a page may not be scripted: internal pages, the web store, no grant. */
export function injectionError(e: unknown): AppError {
  const message = e instanceof Error ? e.message : String(e);
  if (/cannot access|cannot be scripted|permission|chrome:\/\/|extensions gallery|Missing host/i.test(message)) {
    return { ...appErr('err_restricted_page'), detail: message };
  }
  return appErr('err_internal', message);
}

export async function runInjected<N extends ScriptName>(
  target: { tabId: number; frameId?: number },
  name: N,
  arg: ArgOf<N>,
): Promise<Outcome<ResultOf<N>>> {
  const script = injectedScripts[name];
  const key = entryName(name);
  // checking our own argument catches a bug here rather than as a failure inside the page
  const checked = script.arg.safeParse(arg);
  if (!checked.success) return { ok: false, error: appErr('err_invalid_message', `${key}: ${describeIssue(checked.error, 'argument')}`) };
  const where = { tabId: target.tabId, frameIds: [target.frameId ?? 0] };
  let result: unknown;
  try {
    await browser.scripting.executeScript({ target: where, files: [script.file] });
    const [first] = await browser.scripting.executeScript({ target: where, func: invoke, args: [key, arg] });
    result = first?.result;
  } catch (e) {
    return { ok: false, error: injectionError(e) };
  }
  const parsed = script.result.safeParse(result);
  return parsed.success ? { ok: true, value: parsed.data as ResultOf<N> } : { ok: false, error: appErr('err_invalid_message', key) };
}
