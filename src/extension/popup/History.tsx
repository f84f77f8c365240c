import { documentOf } from '../lib/documents/index';
import type { HistoryEntry } from '../../protocol/messages';
import { usePopup } from './context';

/** The short local history; choosing an entry shows it in the result tab. */
export function History(props: { entries: HistoryEntry[]; onShow: (id: string) => void; onClear: () => void }) {
  const { t, lang } = usePopup();
  if (props.entries.length === 0) return <p class="empty">{t('history_empty')}</p>;
  return (
    <section class="history">
      <ul>
        {props.entries.map((e) => {
          const doc = documentOf(e.docId);
          const parsed = e.status === 'ok' ? doc.data.safeParse(e.data) : undefined;
          const main = parsed?.success ? doc.mainValue?.(parsed.data) : undefined;
          return (
            <li key={e.id} class={e.status}>
              <button type="button" onClick={() => props.onShow(e.id)}>
                <span class="doc">{t(doc.titleKey)}</span>
                <span class="summary">{main ?? (e.status === 'error' ? '!' : e.status === 'pending' ? '…' : '')}</span>
                <time>{new Date(e.at).toLocaleTimeString(lang === 'en' ? 'en' : 'zh-CN')}</time>
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" class="secondary" onClick={props.onClear}>
        {t('history_clear')}
      </button>
    </section>
  );
}
