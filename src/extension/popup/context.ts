import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Lang, Settings, SettingsPatch } from '../../protocol/settings';
import type { Translate } from '../lib/i18n';

/**
 * Where the workbench is shown: the toolbar popup (closes when it loses focus, so it closes itself
 * to let the user click the page) or the side panel (stays open beside the page, `sidePanel` in
 * Chrome, `sidebar_action` in Firefox).
 */
export type Surface = 'popup' | 'panel';

/** What every popup component needs: the language and the settings as the background has them. */
export interface PopupContext {
  lang: Lang;
  t: Translate;
  settings: Settings;
  surface: Surface;
  /** remembers a choice (the type of image files, of captures) through the background */
  saveSettings(patch: SettingsPatch): Promise<void>;
  /** shows one entry in the result tab */
  show(id: string): void;
}

export const Ctx = createContext<PopupContext | undefined>(undefined);

export function usePopup(): PopupContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('usePopup outside the popup');
  return ctx;
}

/** After handing the page to the user (click-to-fill, a capture): the popup must get out of the way, the panel stays. */
export function leavePage(surface: Surface): void {
  if (surface === 'popup') window.close();
}
