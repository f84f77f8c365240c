import type { FieldToFill } from '../lib/field-match';
import { appErr } from '../lib/errors';
import { runInjected } from '../lib/injected/run';
import type { FillResult } from '../lib/injected/scripts';
import type { Outcome } from '../../protocol/messages';
import { targetTab } from './target-tab';

/*
 * Form fill from the popup. Opening the popup granted activeTab for the page under it, so the fill
 * scripts are injected only now, only there.
 */

export async function fillPage(fields: FieldToFill[]): Promise<Outcome<FillResult>> {
  const tab = await targetTab();
  if (tab?.id === undefined) return { ok: false, error: appErr('err_no_tab') };
  return runInjected({ tabId: tab.id }, 'fillForm', fields);
}

/** Arms click-to-fill for one value; the popup closes so the user can click the page. */
export async function pickAndFill(value: string, hint: string): Promise<Outcome<true>> {
  const tab = await targetTab();
  if (tab?.id === undefined) return { ok: false, error: appErr('err_no_tab') };
  return runInjected({ tabId: tab.id }, 'pickFill', { value, hint });
}
