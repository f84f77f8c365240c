import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Lang, Settings } from '../../protocol/settings';
import type { Translate } from '../lib/i18n';

/** What every popup component needs: the language and the settings as the background has them. */
export interface PopupContext {
  lang: Lang;
  t: Translate;
  settings: Settings;
}

export const Ctx = createContext<PopupContext | undefined>(undefined);

export function usePopup(): PopupContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('usePopup outside the popup');
  return ctx;
}
