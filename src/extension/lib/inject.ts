import type { z } from 'zod';
import { type AppError, appErr } from './errors';
import type { InjectKey } from './inject-keys';
import type { Outcome } from './messages';
import { browser } from './browser';

/*
 * Runs one of our injected scripts in a tab: injects its file (activeTab or a granted host
 * permission allows it), then calls the function it published in the isolated world and
 * validates the answer. Used by the background (menus, capture) and the popup (form fill).
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

export async function runInjected<S extends z.ZodType>(
  target: { tabId: number; frameId?: number },
  file: string,
  key: InjectKey,
  arg: unknown,
  schema: S,
): Promise<Outcome<z.output<S>>> {
  const where = { tabId: target.tabId, frameIds: [target.frameId ?? 0] };
  let result: unknown;
  try {
    await browser.scripting.executeScript({ target: where, files: [file] });
    const [first] = await browser.scripting.executeScript({ target: where, func: invoke, args: [key, arg] });
    result = first?.result;
  } catch (e) {
    return { ok: false, error: injectionError(e) };
  }
  const parsed = schema.safeParse(result);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: appErr('err_invalid_message', key) };
}
