import { useState } from 'preact/hooks';
import { type DocId, docIds, documentOf } from '../lib/documents/index';
import { describeError } from '../lib/errors';
import { send } from '../lib/messaging';
import { leavePage, usePopup } from './context';
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
      <label>
        {t('capture_type')}{' '}
        <select value={docId} onChange={(e) => setDocId((e.currentTarget as HTMLSelectElement).value as DocId)}>
          {docIds.map((id) => (
            <option key={id} value={id}>
              {t(documentOf(id).titleKey)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={start}>
        {t('capture_start')}
      </button>
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}
