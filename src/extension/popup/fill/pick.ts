import type { Outcome } from '../../../protocol/messages';
import { appErr } from '../../lib/errors';
import type { FillField } from '../../lib/fill/plan';
import type { Translate } from '../../lib/i18n';
import { targetTab } from '../target-tab';
import { startPick } from './tab-fill';

/*
 * Click-to-fill over a list of fields, for the popup's and the side panel's field lists (FillPanel
 * uses it for the fields a fill left over).
 */

/** Click-to-fill: the page offers each field in turn, from the first, in every frame of the tab. */
export async function pickFields(fields: readonly FillField[], t: Translate, tabId?: number): Promise<Outcome<true>> {
  const id = tabId ?? (await targetTab())?.id;
  if (id === undefined) return { ok: false, error: appErr('err_no_tab') };
  return startPick(id, fields, {
    prompt: t('fill_pick_hint', '$1', '$2', '$3'),
    skip: t('fill_pick_skip'),
    end: t('fill_pick_end'),
    done: t('fill_pick_done', '$1'),
  });
}
