import { useEffect, useState } from 'preact/hooks';
import { describeError } from '../lib/errors';
import { type Lang, type Settings, isGatewayUrl } from '../../protocol/settings';
import { translator } from '../lib/i18n';
import type { SettingsView } from '../../protocol/messages';
import { send } from '../lib/messaging';
import { normalizeGatewayUrl, originPattern } from '../lib/settings';
import { ConnectionTest } from './ConnectionTest';
import { browser } from '../lib/browser';

const checkLabels = { autoCopy: 'auto_copy', notifyOnSuccess: 'notify_success', openPopupOnResult: 'open_popup' } as const;

/**
 * The options page. The token field is write-only: the page is told whether a token is saved and
 * its last characters, never the token. Saving asks the browser for access to the gateway's origin
 * (optional_host_permissions) first, inside the click, as permissions.request requires.
 */
export function Options() {
  const [view, setView] = useState<SettingsView>();
  const [draft, setDraft] = useState<Settings>();
  const [token, setToken] = useState('');
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    void send('settings.get', {}).then((res) => {
      if (!res.ok) return setError(describeError('zh_CN', res.error));
      setView(res.value);
      setDraft(res.value.settings);
    });
  }, []);
  if (!view || !draft) return error ? <p class="error">{error}</p> : null;

  const lang: Lang = draft.language;
  const t = translator(lang);
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setDraft({ ...draft, [key]: value });
  const urlValid = isGatewayUrl(draft.gatewayUrl.trim());
  const host = urlValid ? new URL(draft.gatewayUrl.trim()).host : '';

  const save = (removeToken = false) => {
    setStatus('');
    setError('');
    if (!urlValid) return setError(t('gateway_url_invalid'));
    const gatewayUrl = normalizeGatewayUrl(draft.gatewayUrl);
    // first, inside the user's click: the browser shows its prompt only for a gesture
    const permission = browser.permissions.request({ origins: [originPattern(gatewayUrl)] });
    void permission
      .catch(() => false)
      .then(async (granted) => {
        const res = await send('settings.save', {
          patch: { ...draft, gatewayUrl },
          ...(removeToken ? { token: '' } : token.trim() ? { token: token.trim() } : {}),
        });
        if (!res.ok) return setError(describeError(lang, res.error));
        setView(res.value);
        setDraft(res.value.settings);
        setToken('');
        setStatus(granted ? t('saved') : t('perm_denied', host));
      });
  };

  return (
    <main>
      <h1>{t('options_title')}</h1>
      <form onSubmit={(e) => (e.preventDefault(), save())}>
        <fieldset>
          <legend>{t('gateway_section')}</legend>
          <label>
            <span>{t('gateway_url')}</span>
            <input id="gateway-url" type="url" value={draft.gatewayUrl} onInput={(e) => set('gatewayUrl', e.currentTarget.value)} />
          </label>
          {urlValid && (
            <p class={view.hostPermission ? 'hint ok' : 'hint'}>
              {view.hostPermission && view.settings.gatewayUrl === normalizeGatewayUrl(draft.gatewayUrl) ? t('perm_granted', host) : t('perm_missing', host)}
            </p>
          )}
          <label>
            <span>{t('token')}</span>
            <input
              id="token"
              type="password"
              autoComplete="off"
              placeholder={view.token.set ? t('token_keep') : t('token_placeholder')}
              value={token}
              onInput={(e) => setToken(e.currentTarget.value)}
            />
          </label>
          <p class="hint" id="token-state">
            {view.token.set ? t('token_saved', view.token.tail) : t('token_none')}
            {view.token.set && (
              <button type="button" class="link" onClick={() => save(true)}>
                {t('token_clear')}
              </button>
            )}
          </p>
        </fieldset>
        <fieldset>
          <legend>{t('behaviour_section')}</legend>
          <label>
            <span>{t('language')}</span>
            <select id="language" value={draft.language} onChange={(e) => set('language', e.currentTarget.value as Lang)}>
              <option value="zh_CN">简体中文</option>
              <option value="en">English</option>
            </select>
          </label>
          <label>
            <span>{t('line_breaks')}</span>
            <select value={draft.lineBreaks} onChange={(e) => set('lineBreaks', e.currentTarget.value as Settings['lineBreaks'])}>
              <option value="keep">{t('line_breaks_keep')}</option>
              <option value="join">{t('line_breaks_join')}</option>
            </select>
          </label>
          <label>
            <span>{t('history_size')}</span>
            <input type="number" min={1} max={100000} value={draft.historySize} onInput={(e) => set('historySize', Number(e.currentTarget.value) || 1)} />
          </label>
          {(['autoCopy', 'notifyOnSuccess', 'openPopupOnResult'] as const).map((key) => (
            <label key={key} class="check">
              <input id={key} type="checkbox" checked={draft[key]} onChange={(e) => set(key, e.currentTarget.checked)} />
              <span>{t(checkLabels[key])}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" id="save">
          {t('save')}
        </button>
        {status && <span class="status" role="status">{status}</span>}
        {error && <p class="error" role="alert">{error}</p>}
      </form>
      <ConnectionTest t={t} lang={lang} />
    </main>
  );
}
