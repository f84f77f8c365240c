import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { describeError } from '../lib/errors';
import { onHistoryChange, recentEntries } from '../lib/history-db';
import { translator } from '../lib/i18n';
import type { HistoryEntry, SettingsView } from '../../protocol/messages';
import type { SettingsPatch } from '../../protocol/settings';
import { send } from '../lib/messaging';
import { Capture } from './Capture';
import { Files } from './Files';
import { History } from './History';
import { Postal } from './Postal';
import { ResultCard } from './ResultCard';
import { autoCopy } from './auto-copy';
import { Ctx, type Surface } from './context';
import { type IntakeResult, addFiles, filesOfPaste } from './intake';
import { openSidePanel, sidePanelAvailable } from '../lib/side-panel';
import { browser } from '../lib/browser';
import { mark } from '../lib/timing';

type Tab = 'result' | 'files' | 'history' | 'postal' | 'capture';
const tabs: Tab[] = ['result', 'files', 'history', 'postal', 'capture'];

/**
 * The newest results the result tab chooses from; the history tab searches all of them. Enough
 * for the documents of a large sheet (自动识别) to be shown together.
 */
const RECENT = 50;
/** Many changes arrive together during a batch: the view reads the store once per burst. */
const REFRESH_DEBOUNCE_MS = 150;

/**
 * The workbench: the latest result, the user's files in batches, the history with search and
 * export, postal search and region capture. The same component is the toolbar popup and the side
 * panel (`surface`). It reads the history from IndexedDB and hears of each change the background
 * makes; the extension's key-value storage, where the token is, it leaves to the background.
 */
export function App(props: { surface?: Surface }) {
  const surface = props.surface ?? 'popup';
  const [view, setView] = useState<SettingsView>();
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [shown, setShown] = useState<string>();
  const [tab, setTab] = useState<Tab>('result');
  const [note, setNote] = useState('');
  const [loadError, setLoadError] = useState('');
  const [intake, setIntake] = useState<IntakeResult>();
  const [dragging, setDragging] = useState(false);
  // known before the click: opening the side panel must follow the click with no await before it
  const [windowId, setWindowId] = useState<number>();

  const refresh = async () => {
    const list = await recentEntries(RECENT);
    // same answer, same state: no re-render under the user's cursor
    setEntries((old) => (JSON.stringify(old) === JSON.stringify(list) ? old : list));
    return list;
  };

  // a layout effect: the reads start as the page mounts, not a frame later (useEffect waits for a
  // paint, and the popup paints nothing before it has the settings)
  useLayoutEffect(() => {
    if (surface === 'popup') void browser.windows.getCurrent().then((w) => setWindowId(w?.id), () => undefined);
    void (async () => {
      const [s, list] = await Promise.all([send('settings.get', {}), refresh()]);
      mark('popup-data');
      if (!s.ok) return setLoadError(describeError('zh_CN', s.error));
      setView(s.value);
      const copied = await autoCopy(list[0], s.value.settings);
      if (copied) setNote(translator(s.value.settings.language)('auto_copied', copied));
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    return onHistoryChange(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), REFRESH_DEBOUNCE_MS);
    });
  }, []);

  const take = async (files: File[]) => {
    if (!view || files.length === 0) return;
    setTab('files');
    setIntake(await addFiles(files, view.settings.fileDocId));
  };

  // paste (a screenshot, copied files) and drop work on every tab
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const files = filesOfPaste(e);
      if (files.length === 0) return; // text pasted into an input stays there
      e.preventDefault();
      void take(files);
    };
    const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(true);
    };
    const onLeave = (e: DragEvent) => {
      if (!e.relatedTarget) setDragging(false);
    };
    const onDrop = (e: DragEvent) => {
      setDragging(false);
      if (!hasFiles(e)) return;
      e.preventDefault();
      void take([...(e.dataTransfer?.files ?? [])]);
    };
    document.addEventListener('paste', onPaste);
    document.addEventListener('dragover', onOver);
    document.addEventListener('dragleave', onLeave);
    document.addEventListener('drop', onDrop);
    return () => {
      document.removeEventListener('paste', onPaste);
      document.removeEventListener('dragover', onOver);
      document.removeEventListener('dragleave', onLeave);
      document.removeEventListener('drop', onDrop);
    };
  }, [view]);

  if (loadError) return <p class="error">{loadError}</p>;
  if (!view) return null;
  const lang = view.settings.language;
  const t = translator(lang);
  const current = entries.find((e) => e.id === shown) ?? entries[0];
  // 自动识别: every document found in the same input, one card each, in reading order
  const cards = current?.sheet ? entries.filter((e) => e.sheet?.id === current.sheet!.id).sort((a, b) => a.sheet!.index - b.sheet!.index) : current ? [current] : [];
  const saveSettings = async (patch: SettingsPatch) => {
    const res = await send('settings.save', { patch });
    if (res.ok) setView(res.value);
  };
  const show = (id: string) => (setShown(id), setTab('result'));

  return (
    <Ctx.Provider value={{ lang, t, settings: view.settings, surface, saveSettings, show }}>
      <div class={`workbench ${surface}${dragging ? ' dragging' : ''}`}>
        <header class="top">
          <h1>{t('extName')}</h1>
          <span class="top-links">
            {surface === 'popup' && sidePanelAvailable() && (
              <button type="button" class="link" data-action="open-panel" onClick={() => void openSidePanel(windowId).then((ok) => ok && window.close())}>
                {t('open_side_panel')}
              </button>
            )}
            <button type="button" class="link" onClick={() => void browser.runtime.openOptionsPage()}>
              {t('open_options')}
            </button>
          </span>
        </header>
        {!view.token.set && <p class="warning" role="alert">{t('err_no_token')}</p>}
        {view.token.set && !view.hostPermission && (
          <p class="warning" role="alert">{t('err_host_permission', new URL(view.settings.gatewayUrl).host)}</p>
        )}
        <nav class="tabs" role="tablist">
          {tabs.map((id) => (
            <button key={id} type="button" role="tab" aria-selected={tab === id} data-tab={id} onClick={() => setTab(id)}>
              {t(`tab_${id}`)}
            </button>
          ))}
        </nav>
        <main>
          {tab === 'result' && (cards.length > 0 ? cards.map((e) => <ResultCard key={e.id} entry={e} />) : <p class="empty">{t('no_result')}</p>)}
          {tab === 'result' && note && <p class="note" role="status">{note}</p>}
          {tab === 'files' && <Files intake={intake} onFiles={take} />}
          {tab === 'history' && <History />}
          {tab === 'postal' && <Postal />}
          {tab === 'capture' && <Capture />}
        </main>
        {dragging && <div class="drop-hint">{t('files_drop_here')}</div>}
      </div>
    </Ctx.Provider>
  );
}
