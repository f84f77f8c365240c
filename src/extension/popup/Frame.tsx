import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import type { Lang } from '../../protocol/settings';
import { browser } from '../lib/browser';
import { translator } from '../lib/i18n';
import { openSidePanel, sidePanelAvailable } from '../lib/side-panel';
import type { Surface } from './context';

/*
 * The workbench's frame: the header with its links, the tabs, and below them whatever the tab
 * shows. It is the first paint (Shell.tsx draws it before the rest of the workbench has loaded),
 * so it imports nothing heavy: no schemas, no history store, no messaging.
 */

export type Tab = 'result' | 'files' | 'history' | 'postal' | 'capture';
export const tabs: Tab[] = ['result', 'files', 'history', 'postal', 'capture'];

export interface FrameProps {
  lang: Lang;
  surface: Surface;
  tab: Tab;
  onTab(tab: Tab): void;
  /** the settings and the newest results are still on their way: the tab shows a placeholder */
  loading?: boolean;
  dragging?: boolean;
  /** between the header and the tabs: what stops the workbench from working (no token, no permission) */
  warnings?: ComponentChildren;
  children?: ComponentChildren;
}

/**
 * The popup's window, learnt once as the page opens: opening the side panel must follow the click
 * with no await before it, so the window has to be known already.
 */
let popupWindow: number | undefined;
let learning = false;

export function Frame(props: FrameProps) {
  const { surface, tab } = props;
  const t = translator(props.lang);
  useEffect(() => {
    if (surface !== 'popup' || learning) return;
    learning = true;
    void browser.windows.getCurrent().then((w) => (popupWindow = w?.id), () => undefined);
  }, []);
  return (
    <div class={`workbench ${surface}${props.dragging ? ' dragging' : ''}`}>
      <header class="top">
        <h1>{t('extName')}</h1>
        <span class="top-links">
          {surface === 'popup' && sidePanelAvailable() && (
            <button type="button" class="link" data-action="open-panel" onClick={() => void openSidePanel(popupWindow).then((ok) => ok && window.close())}>
              {t('open_side_panel')}
            </button>
          )}
          <button type="button" class="link" onClick={() => void browser.runtime.openOptionsPage()}>
            {t('open_options')}
          </button>
        </span>
      </header>
      {props.warnings}
      <nav class="tabs" role="tablist">
        {tabs.map((id) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} data-tab={id} onClick={() => props.onTab(id)}>
            {t(`tab_${id}`)}
          </button>
        ))}
      </nav>
      {/* aria-busy: screen readers wait for the content; the tests and the benchmark wait for it too */}
      <main aria-busy={props.loading ? 'true' : 'false'}>{props.loading ? <p class="empty loading">{t('loading')}</p> : props.children}</main>
      {props.dragging && <div class="drop-hint">{t('files_drop_here')}</div>}
    </div>
  );
}
