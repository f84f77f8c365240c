import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError } from '../lib/errors';
import { onHistoryChange, recentFileEntries } from '../lib/history-db';
import { send } from '../lib/messaging';
import type { HistoryEntry, Outcome } from '../../protocol/messages';
import { EntryLine } from './EntryLine';
import { usePopup } from './context';
import { DocTypeSelect } from './DocTypeSelect';
import type { IntakeResult } from './intake';

/*
 * The user's files: drop, pick (many at once) or paste them; images are read as the type chosen
 * here (remembered), PDF, OFD and XML as invoices. The list is the newest files with their state;
 * the progress counts the batches that still have files waiting.
 */

const LIST = 200;
const ACCEPT = '.pdf,.ofd,.xml,.jpg,.jpeg,.png,.bmp,.gif,.webp,application/pdf,text/xml,application/xml,image/*';

/** Refused at the drop: nothing was stored, so there is nothing to read again. */
const NOT_STORED = new Set(['err_file_gone', 'err_file_empty', 'err_file_unknown_type', 'err_file_too_large', 'err_queue_full']);
const retryable = (e: HistoryEntry) => e.status === 'error' && !NOT_STORED.has(e.error?.key ?? '');

function progressOf(list: HistoryEntry[]) {
  const active = new Set(list.filter((e) => e.status === 'queued' || e.status === 'pending').map((e) => e.batchId));
  const batch = active.size > 0 ? list.filter((e) => active.has(e.batchId)) : list.filter((e) => e.batchId === list[0]?.batchId);
  const count = (s: HistoryEntry['status']) => batch.filter((e) => e.status === s).length;
  return { active: active.size > 0, total: batch.length, queued: count('queued'), pending: count('pending'), ok: count('ok'), error: count('error') };
}

export function Files(props: { intake?: IntakeResult; onFiles: (files: File[]) => Promise<void> }) {
  const { t, lang, settings, saveSettings } = usePopup();
  const [list, setList] = useState<HistoryEntry[]>([]);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const load = () => void recentFileEntries(LIST).then(setList);
    load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    return onHistoryChange(() => {
      clearTimeout(timer);
      timer = setTimeout(load, 150);
    });
  }, []);

  const act = async (res: Promise<Outcome<unknown>>) => {
    const r = await res;
    setError(r.ok ? '' : describeError(lang, r.error));
  };
  const p = progressOf(list);
  const failed = list.filter(retryable);

  return (
    <section class="files">
      <div class="drop-zone">
        <p>{t('files_intro')}</p>
        <div class="drop-actions">
          <button type="button" class="primary" onClick={() => input.current?.click()}>
            {t('files_pick')}
          </button>
          <DocTypeSelect label={t('files_image_type')} name="fileDocId" value={settings.fileDocId} onChange={(id) => void saveSettings({ fileDocId: id })} />
        </div>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          onChange={(e) => {
            const el = e.currentTarget as HTMLInputElement;
            const files = [...(el.files ?? [])];
            el.value = '';
            void props.onFiles(files);
          }}
        />
      </div>
      {props.intake && props.intake.added > 0 && <p class="note" role="status">{t('files_added', props.intake.added)}</p>}
      {props.intake && props.intake.refused > 0 && (
        <p class="error" role="alert">
          {t('files_refused', props.intake.refused)}
        </p>
      )}
      {p.total > 0 && (
        <div class="progress" data-active={p.active}>
          <progress max={p.total} value={p.ok + p.error} />
          <span>{t('files_progress', p.ok + p.error, p.total, p.ok, p.error)}</span>
        </div>
      )}
      <div class="batch-actions">
        {failed.length > 0 && (
          <button type="button" data-action="retry-all" onClick={() => void act(send('batch.retry', { ids: [] }))}>
            {t('files_retry_all', failed.length)}
          </button>
        )}
        {p.queued > 0 && (
          <button type="button" data-action="cancel" onClick={() => void act(send('batch.cancel', {}))}>
            {t('files_cancel', p.queued)}
          </button>
        )}
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      <ul class="entries file-list">
        {list.map((e) => (
          <li key={e.id} class={e.status} data-status={e.status} data-id={e.id}>
            <EntryLine entry={e} />
            {retryable(e) && (
              <button type="button" class="retry link" onClick={() => void act(send('batch.retry', { ids: [e.id] }))}>
                {t('files_retry')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
