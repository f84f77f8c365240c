import { useState } from 'preact/hooks';
import { joinLines } from '../lib/copy-format';
import { CopyButton } from './CopyButton';
import { usePopup } from './context';

/** Recognized text; the user chooses whether line breaks are kept (the default comes from the settings). */
export function TextView(props: { lines: string[] }) {
  const { t, settings } = usePopup();
  const [mode, setMode] = useState(settings.lineBreaks);
  const text = joinLines(props.lines, mode);
  return (
    <section class="text-view">
      <header>
        <label>
          {t('line_breaks')}{' '}
          <select value={mode} onChange={(e) => setMode((e.currentTarget as HTMLSelectElement).value as typeof mode)}>
            <option value="keep">{t('line_breaks_keep')}</option>
            <option value="join">{t('line_breaks_join')}</option>
          </select>
        </label>
        <CopyButton text={text} label={t('copy_text')} />
      </header>
      <pre class="recognized-text">{text}</pre>
    </section>
  );
}
