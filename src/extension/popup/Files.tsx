import { Component } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError } from '../lib/errors';
import { getEntries, onHistoryChange, recentFileEntries } from '../lib/history-db';
import type { Translate } from '../lib/i18n';
import { send } from '../lib/messaging';
import type { HistoryEntry, Outcome } from '../../protocol/messages';
import { EntryLine } from './EntryLine';
import { usePopup } from './context';
import { DocTypeSelect } from './DocTypeSelect';
import type { IntakeResult } from './intake';
import { mergeFileList } from './file-list';

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

/** One file's line, drawn again only when its entry (or the language) changed. */
class FileLine extends Component<{ entry: HistoryEntry; t: Translate; onRetry(id: string): void }> {
  override shouldComponentUpdate(next: FileLine['props']) {
    return next.entry !== this.props.entry || next.t !== this.props.t;
  }
  override render() {
    const { entry: e, t } = this.props;
    return (
      <li class={e.status} data-status={e.status} data-id={e.id}>
        <EntryLine entry={e} />
        {retryable(e) && (
          <button type="button" class="retry link" onClick={() => this.props.onRetry(e.id)}>
            {t('files_retry')}
          </button>
        )}
      </li>
    );
  }
}

export function Files(props: { intake?: IntakeResult; onFiles: (files: File[]) => Promise<void> }) {
  const { t, lang, settings, saveSettings } = usePopup();
  const [list, setList] = useState<HistoryEntry[]>([]);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // the ids changed since the last read, or everything (a deletion, the first read)
    let changed: Set<string> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const ids = changed;
      changed = new Set();
      if (!ids) return setList(await recentFileEntries(LIST));
      const found = await getEntries([...ids]);
      setList((old) => mergeFileList(old, [...ids], found, LIST));
    };
    // one read at a time, in order: a few entries read again must not land under an older whole list
    let reading = Promise.resolve();
    const schedule = () => void (reading = reading.then(load, load));
    schedule();
    const off = onHistoryChange((ids) => {
      if (!ids) changed = undefined;
      else for (const id of ids) changed?.add(id);
      clearTimeout(timer);
      timer = setTimeout(schedule, 150);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
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
          <FileLine key={e.id} entry={e} t={t} onRetry={(id) => void act(send('batch.retry', { ids: [id] }))} />
        ))}
      </ul>
    </section>
  );
}
