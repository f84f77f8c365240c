import { documentOf } from '../lib/documents/index';
import { describeError } from '../lib/errors';
import type { Translate } from '../lib/i18n';
import type { HistoryEntry } from '../../protocol/messages';
import type { Lang } from '../../protocol/settings';
import { usePopup } from './context';

/*
 * One entry in a list (the files of a batch, the history): what it is, its key values (number,
 * amount, seller, plate) or why it failed, whether it was read before, and when.
 */

/** The words a list shows for an entry's state: its key values, its failure, or where it is. */
export function entrySummary(e: HistoryEntry, t: Translate, lang: Lang): string {
  if (e.status === 'queued') return t('status_queued');
  if (e.status === 'pending') return e.jobStatus ? t('pending_job', e.jobStatus) : t('status_pending');
  if (e.status === 'error') return e.error ? describeError(lang, e.error) : t('status_error');
  const doc = documentOf(e.docId);
  const parsed = doc.data.safeParse(e.data);
  if (!parsed.success) return t('err_bad_response');
  const values = doc.summary(parsed.data, t);
  return values.length > 0 ? values.join(' · ') : t('nothing_found');
}

export function timeOf(at: number, lang: Lang, withDate = false): string {
  const locale = lang === 'en' ? 'en' : 'zh-CN';
  return withDate ? new Date(at).toLocaleString(locale) : new Date(at).toLocaleTimeString(locale);
}

export function EntryLine(props: { entry: HistoryEntry; withDate?: boolean }) {
  const { t, lang, show } = usePopup();
  const e = props.entry;
  return (
    <button type="button" class="entry-line" onClick={() => show(e.id)}>
      <span class="doc">{t(documentOf(e.docId).titleKey)}</span>
      <span class="summary">
        {e.source.fileName && <span class="file-name">{e.source.fileName}</span>}
        <span class="values">{entrySummary(e, t, lang)}</span>
        {e.duplicateOf && (
          <span class="duplicate" title={t('duplicate_of', timeOf(e.duplicateOf.at, lang, true), e.duplicateOf.source)}>
            {t('duplicate_mark')}
          </span>
        )}
      </span>
      <time>{timeOf(e.at, lang, props.withDate)}</time>
    </button>
  );
}
