import type { FieldToFill } from '../lib/field-match';
import { appErr } from '../lib/errors';
import { runInjected } from '../lib/inject';
import { injectKeys } from '../lib/inject-keys';
import { type FillResult, fillResult } from '../lib/inject-results';
import type { Outcome } from '../lib/messages';
import { scriptFiles } from '../lib/scripts';
import { z } from 'zod';
import { targetTab } from './target-tab';

/*
 * Form fill from the popup. Opening the popup granted activeTab for the page under it, so the fill
 * scripts are injected only now, only there.
 */

export async function fillPage(fields: FieldToFill[]): Promise<Outcome<FillResult>> {
  const tab = await targetTab();
  if (tab?.id === undefined) return { ok: false, error: appErr('err_no_tab') };
  return runInjected({ tabId: tab.id }, scriptFiles.fill, injectKeys.fill, fields, fillResult);
}

/** Arms click-to-fill for one value; the popup closes so the user can click the page. */
export async function pickAndFill(value: string, hint: string): Promise<Outcome<true>> {
  const tab = await targetTab();
  if (tab?.id === undefined) return { ok: false, error: appErr('err_no_tab') };
  return runInjected({ tabId: tab.id }, scriptFiles.pick, injectKeys.pick, { value, hint }, z.literal(true));
}
