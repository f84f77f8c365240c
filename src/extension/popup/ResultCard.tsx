import { useMemo, useState } from 'preact/hooks';
import { asJson, fieldsAsText, joinLines } from '../lib/copy-format';
import { documentOf } from '../lib/documents/index';
import type { ResultView, ViewField } from '../lib/documents/types';
import { describeError } from '../lib/errors';
import type { MessageKey } from '../lib/i18n';
import type { HistoryEntry } from '../../protocol/messages';
import { CopyButton } from './CopyButton';
import { FieldList } from './FieldList';
import { TableView } from './TableView';
import { TextView } from './TextView';
import { leavePage, usePopup } from './context';
import { timeOf } from './EntryLine';
import { FillPanel } from './fill/FillPanel';
import { fillDocuments } from '../lib/fill/documents';
import { pickFields } from './fill/pick';
import { percent } from '../lib/documents/auto';

const viaLabel: Record<HistoryEntry['source']['via'], MessageKey> = {
  url: 'source_url',
  bytes: 'source_bytes',
  capture: 'source_capture',
  region: 'source_region',
  file: 'source_file',
};

/**
 * The key fields first (doc.keyFields: number, amount, names), the rest folded: a VAT result is
 * 19 rows and a taxi result may hold scraps of text the gateway could not place.
 */
function splitFields(fields: ViewField[], keys: readonly string[] | undefined): { main: ViewField[]; more: ViewField[] } {
  if (!keys || fields.some((f) => f.group)) return { main: fields, more: [] };
  const main = keys.flatMap((k) => fields.filter((f) => f.key === k));
  return { main, more: fields.filter((f) => !main.includes(f)) };
}

/** One recognition: its state, its fields, tables or text, copy-all, and form fill. */
export function ResultCard(props: { entry: HistoryEntry }) {
  const { t, lang, settings, surface } = usePopup();
  const { entry } = props;
  const doc = documentOf(entry.docId);
  const [filling, setFilling] = useState(false);
  const [pickError, setPickError] = useState('');
  const parsed = useMemo(() => (entry.status === 'ok' ? doc.data.safeParse(entry.data) : undefined), [entry]);
  const view: ResultView | undefined = parsed?.success ? doc.view(parsed.data, t) : undefined;
  const documents = useMemo(() => (view ? fillDocuments(t(doc.titleKey), view.fields, doc.id) : []), [parsed]);

  // click-to-fill from this field on; the popup gets out of the way so the user can click the page
  const pick = async (f: ViewField) => {
    const from = view!.fields.filter((x) => (x.group ?? '') === (f.group ?? ''));
    const res = await pickFields(from.slice(from.indexOf(f)), t);
    if (res.ok) leavePage(surface);
    else setPickError(describeError(lang, res.error));
  };

  const fields = view ? splitFields(view.fields, doc.keyFields) : { main: [], more: [] };
  return (
    <article class={`result ${entry.status}`} data-doc={entry.docId} data-status={entry.status}>
      <header>
        <h2>{t(doc.titleKey)}</h2>
        <time>{timeOf(entry.at, lang, true)}</time>
      </header>
      {entry.sheet && (
        <p class="sheet-part" data-confidence={entry.sheet.confidence}>
          {t('sheet_part', entry.sheet.index + 1, entry.sheet.count, percent(entry.sheet.confidence))}
        </p>
      )}
      {entry.status === 'queued' && <p class="pending">{t('status_queued')}</p>}
      {entry.status === 'pending' && (
        <p class="pending">{entry.jobStatus ? t('pending_job', entry.jobStatus) : t('pending')}</p>
      )}
      {entry.duplicateOf && (
        <p class="duplicate-note" role="alert">
          {t('duplicate_of', timeOf(entry.duplicateOf.at, lang, true), entry.duplicateOf.source)}
        </p>
      )}
      {entry.status === 'error' && entry.error && <p class="error" role="alert">{describeError(lang, entry.error)}</p>}
      {entry.status === 'ok' && !view && <p class="error">{t('err_bad_response')}</p>}
      {/* filling: the panel lists the fields itself, with the box each goes into */}
      {view && filling && <FillPanel documents={documents} onClose={() => setFilling(false)} onPickStarted={() => leavePage(surface)} />}
      {view && !filling && (
        <>
          {view.fields.length + view.tables.length + view.lines.length === 0 && <p class="empty">{t('nothing_found')}</p>}
          {fields.main.length > 0 && <FieldList fields={fields.main} onPick={doc.fillable ? pick : undefined} />}
          {doc.fillable && view.fields.length > 0 && (
            <p class="fill-row">
              <button type="button" class="fill" onClick={() => setFilling(true)}>
                {t('fill_form')}
              </button>
              {pickError && <span class="error" role="alert">{pickError}</span>}
            </p>
          )}
          {fields.more.length > 0 && (
            <details class="more-fields">
              <summary>{t('more_fields', fields.more.length)}</summary>
              <FieldList fields={fields.more} onPick={doc.fillable ? pick : undefined} />
            </details>
          )}
          {view.tables.map((tb, i) => <TableView key={i} table={tb} />)}
          {view.lines.length > 0 && <TextView lines={view.lines} />}
          {entry.remark && <p class="remark">{entry.remark}</p>}
          <footer class="result-actions">
            {view.fields.length > 0 && <CopyButton text={fieldsAsText(view.fields)} label={t('copy_all_text')} />}
            {view.lines.length > 0 && view.fields.length === 0 && (
              <CopyButton text={joinLines(view.lines, settings.lineBreaks)} label={t('copy_all_text')} />
            )}
            <CopyButton text={asJson(parsed?.success ? parsed.data : entry.data)} label={t('copy_all_json')} />
          </footer>
        </>
      )}
      <p class="source">
        {t(viaLabel[entry.source.via])}
        {entry.source.fileName ? `：${entry.source.fileName}` : ''}
        {entry.source.srcUrl && entry.source.via === 'url' ? `：${entry.source.srcUrl}` : ''}
        {entry.requestId ? ` · ${t('request_id')} ${entry.requestId}` : ''}
      </p>
    </article>
  );
}
