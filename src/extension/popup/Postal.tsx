import { useState } from 'preact/hooks';
import type { PostalRow } from '../../protocol/postal';
import { describeError } from '../lib/errors';
import type { MessageKey } from '../lib/i18n';
import type { PostalPageView } from '../../protocol/messages';
import { send } from '../lib/messaging';
import { CopyButton } from './CopyButton';
import { usePopup } from './context';

type Mode = 'code' | 'region';
const regionFields = ['province', 'city', 'area', 'county'] as const;

const rowText = (r: PostalRow) => [r.province, r.city, r.area, r.county, r.code].filter(Boolean).join(' ');

/** Postal code → regions and region → postal codes (1917-1, 1917-2), paged, with copy. */
export function Postal() {
  const { t, lang } = usePopup();
  const [mode, setMode] = useState<Mode>('code');
  const [code, setCode] = useState('');
  const [region, setRegion] = useState({ province: '', city: '', area: '', county: '' });
  const [page, setPage] = useState<PostalPageView>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const search = async (n: number) => {
    setError('');
    if (mode === 'code' && !/^\d{6}$/.test(code.trim())) return setError(t('postal_code_invalid'));
    if (mode === 'region' && regionFields.every((k) => region[k].trim() === '')) return setError(t('postal_region_required'));
    setBusy(true);
    const res = mode === 'code' ? await send('postal.byCode', { code: code.trim(), page: n }) : await send('postal.byRegion', { ...region, page: n });
    setBusy(false);
    if (res.ok) setPage(res.value);
    else {
      setPage(undefined);
      setError(describeError(lang, res.error));
    }
  };

  return (
    <section class="postal">
      <div class="segmented" role="tablist">
        {(['code', 'region'] as const).map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} onClick={() => (setMode(m), setPage(undefined), setError(''))}>
            {t(m === 'code' ? 'postal_by_code' : 'postal_by_region')}
          </button>
        ))}
      </div>
      <form onSubmit={(e) => (e.preventDefault(), void search(1))}>
        {mode === 'code' ? (
          <label>
            {t('postal_code')}{' '}
            <input name="code" inputMode="numeric" maxLength={6} value={code} onInput={(e) => setCode(e.currentTarget.value)} />
          </label>
        ) : (
          regionFields.map((k) => (
            <label key={k}>
              {t(k as MessageKey)}{' '}
              <input name={k} value={region[k]} onInput={(e) => setRegion({ ...region, [k]: e.currentTarget.value })} />
            </label>
          ))
        )}
        <button type="submit" disabled={busy}>
          {busy ? t('loading') : t('search')}
        </button>
      </form>
      {error && <p class="error" role="alert">{error}</p>}
      {page && page.contentlist.length === 0 && <p class="empty">{t('postal_empty')}</p>}
      {page && page.contentlist.length > 0 && (
        <>
          <table class="postal-rows">
            <thead>
              <tr>
                {regionFields.map((k) => <th key={k}>{t(k as MessageKey)}</th>)}
                <th>{t('postal_code')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {page.contentlist.map((r, i) => (
                <tr key={i}>
                  <td>{r.province}</td>
                  <td>{r.city}</td>
                  <td>{r.area}</td>
                  <td>{r.county}</td>
                  <td class="code">{r.code}</td>
                  <td class="actions">
                    <CopyButton text={mode === 'code' ? rowText(r) : r.code} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav class="pager">
            <button type="button" disabled={busy || page.currentPage <= 1} onClick={() => search(page.currentPage - 1)}>
              {t('prev_page')}
            </button>
            <span>{t('page_of', page.currentPage, page.allPages, page.allNum)}</span>
            <button type="button" disabled={busy || page.currentPage >= page.allPages} onClick={() => search(page.currentPage + 1)}>
              {t('next_page')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
