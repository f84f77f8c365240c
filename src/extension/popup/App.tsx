import { useEffect, useState } from 'preact/hooks';
import { describeError } from '../lib/errors';
import { translator } from '../lib/i18n';
import type { HistoryEntry, SettingsView } from '../../protocol/messages';
import { send } from '../lib/messaging';
import { Capture } from './Capture';
import { History } from './History';
import { Postal } from './Postal';
import { ResultCard } from './ResultCard';
import { autoCopy } from './auto-copy';
import { Ctx } from './context';
import { browser } from '../lib/browser';

type Tab = 'result' | 'history' | 'postal' | 'capture';
const tabs: Tab[] = ['result', 'history', 'postal', 'capture'];

/**
 * The popup asks the background again while it is open (faster while a recognition runs), so a
 * result that finishes meanwhile appears; it never reads the storage itself (the token is there).
 */
const POLL_MS = { pending: 700, idle: 2000 };

export function App() {
  const [view, setView] = useState<SettingsView>();
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [shown, setShown] = useState<string>();
  const [tab, setTab] = useState<Tab>('result');
  const [note, setNote] = useState('');
  const [loadError, setLoadError] = useState('');

  const refresh = async () => {
    const res = await send('history.get', {});
    if (!res.ok) return [];
    // same answer, same state: no re-render under the user's cursor
    setEntries((old) => (JSON.stringify(old) === JSON.stringify(res.value.entries) ? old : res.value.entries));
    return res.value.entries;
  };

  useEffect(() => {
    void (async () => {
      const s = await send('settings.get', {});
      if (!s.ok) return setLoadError(describeError('zh_CN', s.error));
      setView(s.value);
      const list = await refresh();
      const copied = await autoCopy(list[0], s.value.settings);
      if (copied) setNote(translator(s.value.settings.language)('auto_copied', copied));
    })();
  }, []);

  const pending = entries.some((e) => e.status === 'pending');
  useEffect(() => {
    const timer = setInterval(() => void refresh(), pending ? POLL_MS.pending : POLL_MS.idle);
    return () => clearInterval(timer);
  }, [pending]);

  if (loadError) return <p class="error">{loadError}</p>;
  if (!view) return null;
  const lang = view.settings.language;
  const t = translator(lang);
  const current = entries.find((e) => e.id === shown) ?? entries[0];

  return (
    <Ctx.Provider value={{ lang, t, settings: view.settings }}>
      <header class="top">
        <h1>{t('extName')}</h1>
        <button type="button" class="link" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('open_options')}
        </button>
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
        {tab === 'result' && (current ? <ResultCard key={current.id} entry={current} /> : <p class="empty">{t('no_result')}</p>)}
        {tab === 'result' && note && <p class="note" role="status">{note}</p>}
        {tab === 'history' && (
          <History
            entries={entries}
            onShow={(id) => (setShown(id), setTab('result'))}
            onClear={async () => (await send('history.clear', {}), setShown(undefined), void refresh())}
          />
        )}
        {tab === 'postal' && <Postal />}
        {tab === 'capture' && <Capture />}
      </main>
    </Ctx.Provider>
  );
}
