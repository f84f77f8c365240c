import { useState } from 'preact/hooks';
import { describeError } from '../lib/errors';
import type { Lang } from '../../protocol/settings';
import type { MessageKey, Translate } from '../lib/i18n';
import type { ConnectionReport } from '../../protocol/messages';
import { send } from '../lib/messaging';

const stateLabel: Record<ConnectionReport['points'][number]['state'], MessageKey> = {
  allowed: 'point_allowed',
  denied: 'point_denied',
  unavailable: 'point_unavailable',
  error: 'point_error',
};

/** "Test connection": calls the gateway with the saved token and lists what the token may do. */
export function ConnectionTest(props: { t: Translate; lang: Lang }) {
  const { t, lang } = props;
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ConnectionReport>();
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    setReport(undefined);
    const res = await send('connection.test', {});
    setBusy(false);
    if (!res.ok) return setError(describeError(lang, res.error));
    if (!res.value.ok && res.value.error) return setError(describeError(lang, res.value.error));
    setReport(res.value);
  };
  return (
    <section class="connection">
      <button type="button" id="test-connection" onClick={run} disabled={busy}>
        {busy ? t('testing') : t('test_connection')}
      </button>
      {error && <p class="error" role="alert">{error}</p>}
      {report && (
        <div class="report" role="status">
          <p class="ok">{t('conn_ok', report.latencyMs)}</p>
          <h3>{t('conn_points')}</h3>
          <table>
            <tbody>
              {report.points.map((p) => (
                <tr key={p.id} class={p.state} data-point={p.id}>
                  <td class="id">{p.id}</td>
                  <td>{p.title}</td>
                  <td class="state">{t(stateLabel[p.state], p.error ? describeError(lang, p.error) : '')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
