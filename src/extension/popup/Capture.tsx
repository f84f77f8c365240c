import { useState } from 'preact/hooks';
import type { DocId } from '../lib/documents/index';
import { describeError } from '../lib/errors';
import { send } from '../lib/messaging';
import { leavePage, usePopup } from './context';
import { DocTypeSelect } from './DocTypeSelect';
import { targetTab } from './target-tab';

/**
 * Capture a region of the page for text that is not an <img>: the background injects the
 * selection overlay and the popup closes so the user can drag over the page.
 */
export function Capture() {
  const { t, lang, settings, surface, saveSettings } = usePopup();
  // the last type chosen is remembered: the capture shortcut reads it too
  const [docId, setDocId] = useState<DocId>(settings.captureDocId);
  const [error, setError] = useState('');
  const start = async () => {
    const tab = await targetTab();
    if (tab?.id === undefined || tab.windowId === undefined) return setError(t('err_no_tab'));
    if (docId !== settings.captureDocId) await saveSettings({ captureDocId: docId });
    const res = await send('capture.start', { docId, tabId: tab.id, windowId: tab.windowId });
    if (res.ok) leavePage(surface);
    else setError(describeError(lang, res.error));
  };
  return (
    <section class="capture">
      <p>{t('capture_intro')}</p>
      <DocTypeSelect label={t('capture_type')} name="captureDocId" value={docId} onChange={setDocId} />
      <button type="button" onClick={start}>
        {t('capture_start')}
      </button>
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}
