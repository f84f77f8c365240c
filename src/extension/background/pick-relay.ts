import type { Runtime } from '../lib/browser';
import { appErr } from '../lib/errors';
import { runInjectedInFrames } from '../lib/injected/run';
import type { Outcome, ParsedRequestOf } from '../../protocol/messages';

/*
 * Click-to-fill across frames: frames of one tab cannot reach each other (other origins, and
 * postMessage would let the page speak too), so the frame where the user filled a box or pressed
 * Esc tells the background, and the background moves every frame of that tab along. Only our
 * injected scripts can send this message (the router checks), and only about their own tab.
 */
export async function relayPickStep(body: ParsedRequestOf<'fill.pickStep'>, sender: Runtime.MessageSender): Promise<Outcome<Record<string, never>>> {
  const tabId = sender.tab?.id;
  if (tabId === undefined) return { ok: false, error: appErr('err_no_tab') };
  const res = 'end' in body
    ? await runInjectedInFrames({ tabId }, 'pickEnd', { seq: body.seq })
    : await runInjectedInFrames({ tabId }, 'pickGoto', { seq: body.seq, at: body.next });
  return res.ok ? { ok: true, value: {} } : res;
}

/** Esc pressed over a fill's outlines in one frame: every frame of the tab drops its outlines. */
export async function relayClear(_body: unknown, sender: Runtime.MessageSender): Promise<Outcome<Record<string, never>>> {
  const tabId = sender.tab?.id;
  if (tabId === undefined) return { ok: false, error: appErr('err_no_tab') };
  const res = await runInjectedInFrames({ tabId }, 'fillClear', undefined);
  return res.ok ? { ok: true, value: {} } : res;
}
