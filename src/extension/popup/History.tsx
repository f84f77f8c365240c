import { useEffect, useState } from 'preact/hooks';
import { docIds, documentOf } from '../lib/documents/index';
import { describeError } from '../lib/errors';
import { onHistoryChange } from '../lib/history-db';
import { type HistoryQuery, type StatusFilter, emptyQuery, searchHistory } from '../lib/history-search';
import { send } from '../lib/messaging';
import type { DocId, HistoryEntry } from '../../protocol/messages';
import { fillDocuments } from '../lib/fill/documents';
import type { FillDocument } from '../lib/fill/plan';
import { EntryLine } from './EntryLine';
import { leavePage, usePopup } from './context';
import { type ExportFormat, exportEntries, warmExport } from './export';
import { FillPanel } from './fill/FillPanel';

/*
 * The history as a workbench: search by words (numbers, names, amounts, dates), type, the days
 * read and the outcome; select, delete, and export what is selected, or everything found; fill
 * the selected results into the page, each into the next row of a detail table, in the order
 * they were ticked.
 */

/** Rows rendered at once; "more" adds as many (thousands of rows would slow every keystroke). */
const PAGE = 100;
const SEARCH_DEBOUNCE_MS = 200;
const statuses: StatusFilter[] = ['all', 'ok', 'error', 'duplicate', 'waiting'];

export function History() {
  const { t, lang, surface } = usePopup();
  const [q, setQ] = useState<HistoryQuery>(emptyQuery);
  const [found, setFound] = useState<HistoryEntry[]>();
  const [limit, setLimit] = useState(PAGE);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [filling, setFilling] = useState<FillDocument[]>();

  // export lives in this tab: its writers load while the user looks, not after the click
  useEffect(() => warmExport(), []);

  useEffect(() => {
    let stale = false;
    const run = () => void searchHistory(q).then((list) => !stale && setFound(list));
    const timer = setTimeout(run, SEARCH_DEBOUNCE_MS);
    const off = onHistoryChange(run);
    return () => {
      stale = true;
      clearTimeout(timer);
      off();
    };
  }, [q]);

  const set = <K extends keyof HistoryQuery>(key: K, value: HistoryQuery[K]) => {
    setQ({ ...q, [key]: value });
    setLimit(PAGE);
  };
  const list = found ?? [];
  const chosen = selected.size > 0 ? list.filter((e) => selected.has(e.id)) : list;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    setSelected(next);
  };

  // a Set keeps the order the entries were ticked in: the order of the rows they fill
  const toFill = [...selected].flatMap((id) => list.filter((e) => e.id === id)).flatMap((e) => {
    const doc = documentOf(e.docId);
    const parsed = e.status === 'ok' && doc.fillable ? doc.data.safeParse(e.data) : undefined;
    return parsed?.success ? fillDocuments(t(doc.titleKey), doc.view(parsed.data, t).fields, doc.id) : [];
  });

  const doExport = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const n = await exportEntries(chosen, format, t, lang);
      setNote(n > 0 ? t('export_done', n) : t('export_nothing'));
    } catch (e) {
      setNote(describeError(lang, { key: 'err_extension_failed', subs: [e instanceof Error ? e.message : String(e)] }));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (ids: string[]) => {
    const res = await send('history.delete', { ids });
    setSelected(new Set());
    setNote(res.ok ? t('history_deleted', ids.length) : describeError(lang, res.error));
  };

  return (
    <section class="history">
      <form class="search" onSubmit={(e) => e.preventDefault()}>
        <input
          type="search"
          name="q"
          placeholder={t('history_search_hint')}
          value={q.text}
          onInput={(e) => set('text', e.currentTarget.value)}
        />
        <select name="docId" value={q.docId} onChange={(e) => set('docId', (e.currentTarget as HTMLSelectElement).value as DocId | '')}>
          <option value="">{t('history_all_types')}</option>
          {docIds.map((id) => (
            <option key={id} value={id}>
              {t(documentOf(id).titleKey)}
            </option>
          ))}
        </select>
        <select name="status" value={q.status} onChange={(e) => set('status', (e.currentTarget as HTMLSelectElement).value as StatusFilter)}>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {t(`history_status_${s}`)}
            </option>
          ))}
        </select>
        <label>
          {t('history_from')} <input type="date" name="from" value={q.from} onInput={(e) => set('from', e.currentTarget.value)} />
        </label>
        <label>
          {t('history_to')} <input type="date" name="to" value={q.to} onInput={(e) => set('to', e.currentTarget.value)} />
        </label>
      </form>
      <div class="history-actions">
        <span class="count">{found ? t('history_count', list.length, selected.size) : t('loading')}</span>
        <button type="button" data-action="export-xlsx" disabled={busy || chosen.length === 0} onClick={() => void doExport('xlsx')}>
          {t('export_xlsx')}
        </button>
        <button type="button" data-action="export-csv" disabled={busy || chosen.length === 0} onClick={() => void doExport('csv')}>
          {t('export_csv')}
        </button>
        <button type="button" data-action="fill" class="fill" disabled={toFill.length === 0} onClick={() => setFilling(toFill)}>
          {t('fill_selected', toFill.length)}
        </button>
        <button type="button" data-action="delete" disabled={chosen.length === 0} onClick={() => void remove(chosen.map((e) => e.id))}>
          {selected.size > 0 ? t('history_delete_selected') : t('history_delete_found')}
        </button>
      </div>
      {note && <p class="note" role="status">{note}</p>}
      {filling && <FillPanel documents={filling} onClose={() => setFilling(undefined)} onPickStarted={() => leavePage(surface)} />}
      {found && list.length === 0 && <p class="empty">{t('history_empty')}</p>}
      <ul class="entries">
        {list.slice(0, limit).map((e) => (
          <li key={e.id} class={e.status} data-status={e.status} data-id={e.id}>
            <input type="checkbox" aria-label={t('history_select')} checked={selected.has(e.id)} onChange={() => toggle(e.id)} />
            <EntryLine entry={e} withDate />
          </li>
        ))}
      </ul>
      {list.length > limit && (
        <button type="button" class="secondary" onClick={() => setLimit(limit + PAGE)}>
          {t('history_more', list.length - limit)}
        </button>
      )}
    </section>
  );
}
