import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
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
import { Ctx, type PopupContext, type Surface } from './context';
import { type IntakeResult, addFiles } from './intake';
import { filesOfDrop, filesOfPaste, hasFiles, listenForFiles } from './file-events';
import { Frame, type Tab } from './Frame';
import { lastLanguage, rememberLanguage } from './last-language';
import { mark } from '../lib/timing';

/**
 * The newest results the result tab chooses from; the history tab searches all of them. Enough
 * for the documents of a large sheet (自动识别) to be shown together.
 */
const RECENT = 50;
/** Many changes arrive together during a batch: the view reads the store once per burst. */
const REFRESH_DEBOUNCE_MS = 150;

export interface AppProps {
  surface?: Surface;
  /** what happened on the first paint (Shell.tsx) before the workbench loaded: the tab chosen, the files dropped or pasted */
  initial?: { tab?: Tab; files?: File[] };
}

/**
 * The workbench: the latest result, the user's files in batches, the history with search and
 * export, postal search and region capture. The same component is the toolbar popup and the side
 * panel (`surface`), loaded after their first paint (Shell.tsx). It reads the history from
 * IndexedDB and hears of each change the background makes; the extension's key-value storage,
 * where the token is, it leaves to the background. Until the settings and the newest results are
 * in, the frame shows a placeholder.
 */
export function App(props: AppProps) {
  const surface = props.surface ?? 'popup';
  const [view, setView] = useState<SettingsView>();
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [shown, setShown] = useState<string>();
  const [tab, setTab] = useState<Tab>(props.initial?.tab ?? 'result');
  const [note, setNote] = useState('');
  const [loadError, setLoadError] = useState('');
  const [intake, setIntake] = useState<IntakeResult>();
  const [dragging, setDragging] = useState(false);
  // files dropped or pasted before the settings arrived (they say the type of images)
  const early = useRef<File[]>([...(props.initial?.files ?? [])]);
  // the newest results serve the result tab only: while another tab shows (a batch in 文件 changes
  // the history many times a second), they are read again when the result tab comes back
  const onResultTab = useRef(tab === 'result');
  const stale = useRef(false);

  const refresh = async () => {
    const list = await recentEntries(RECENT);
    // same answer, same state: no re-render under the user's cursor
    setEntries((old) => (JSON.stringify(old) === JSON.stringify(list) ? old : list));
    return list;
  };

  // a layout effect: the reads start as the workbench mounts, not a frame later
  useLayoutEffect(() => {
    void (async () => {
      const [s, list] = await Promise.all([send('settings.get', {}), refresh()]);
      mark('popup-data');
      if (!s.ok) return setLoadError(describeError('zh_CN', s.error));
      rememberLanguage(s.value.settings.language);
      setView(s.value);
      const copied = await autoCopy(list[0], s.value.settings);
      if (copied) setNote(translator(s.value.settings.language)('auto_copied', copied));
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    return onHistoryChange(() => {
      if (!onResultTab.current) return void (stale.current = true);
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), REFRESH_DEBOUNCE_MS);
    });
  }, []);
  useEffect(() => {
    onResultTab.current = tab === 'result';
    if (onResultTab.current && stale.current) {
      stale.current = false;
      void refresh();
    }
  }, [tab]);

  const take = async (files: File[]) => {
    if (files.length === 0) return;
    if (!view) return void early.current.push(...files);
    setTab('files');
    setIntake(await addFiles(files, view.settings.fileDocId));
  };
  useEffect(() => {
    if (view && early.current.length > 0) void take(early.current.splice(0));
  }, [view]);

  // paste (a screenshot, copied files) and drop work on every tab
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const files = filesOfPaste(e);
      if (files.length === 0) return; // text pasted into an input stays there
      e.preventDefault();
      void take(files);
    };
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
      void take(filesOfDrop(e));
    };
    return listenForFiles({ paste: onPaste, dragover: onOver, dragleave: onLeave, drop: onDrop });
  }, [view]);

  // one context value while the settings stay: every line of a list reads it, and a new value
  // would draw all of them again at each change of the history
  const ctx = useMemo<PopupContext | undefined>(() => {
    if (!view) return undefined;
    const saveSettings = async (patch: SettingsPatch) => {
      const res = await send('settings.save', { patch });
      if (res.ok) setView(res.value);
    };
    const show = (id: string) => (setShown(id), setTab('result'));
    const lang = view.settings.language;
    return { lang, t: translator(lang), settings: view.settings, surface, saveSettings, show };
  }, [view, surface]);
  const frame = { surface, tab, onTab: setTab, dragging };
  if (loadError) {
    return (
      <Frame lang={lastLanguage()} {...frame}>
        <p class="error">{loadError}</p>
      </Frame>
    );
  }
  if (!view || !ctx) return <Frame lang={lastLanguage()} {...frame} loading />;
  const { lang, t } = ctx;
  const current = entries.find((e) => e.id === shown) ?? entries[0];
  // 自动识别: every document found in the same input, one card each, in reading order
  const cards = current?.sheet ? entries.filter((e) => e.sheet?.id === current.sheet!.id).sort((a, b) => a.sheet!.index - b.sheet!.index) : current ? [current] : [];
  const warnings = (
    <>
      {!view.token.set && <p class="warning" role="alert">{t('err_no_token')}</p>}
      {view.token.set && !view.hostPermission && <p class="warning" role="alert">{t('err_host_permission', new URL(view.settings.gatewayUrl).host)}</p>}
    </>
  );

  return (
    <Ctx.Provider value={ctx}>
      <Frame lang={lang} {...frame} warnings={warnings}>
        {tab === 'result' && (cards.length > 0 ? cards.map((e) => <ResultCard key={e.id} entry={e} />) : <p class="empty">{t('no_result')}</p>)}
        {tab === 'result' && note && <p class="note" role="status">{note}</p>}
        {tab === 'files' && <Files intake={intake} onFiles={take} />}
        {tab === 'history' && <History />}
        {tab === 'postal' && <Postal />}
        {tab === 'capture' && <Capture />}
      </Frame>
    </Ctx.Provider>
  );
}
