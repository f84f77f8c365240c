import { useState } from 'preact/hooks';
import { copyText } from './clipboard';
import { usePopup } from './context';

/** A button that copies `text` and says so for a moment. */
export function CopyButton(props: { text: string; label?: string; title?: string }) {
  const { t } = usePopup();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onClick = async () => {
    setState((await copyText(props.text)) ? 'copied' : 'failed');
    setTimeout(() => setState('idle'), 1500);
  };
  const label = state === 'copied' ? t('copied') : state === 'failed' ? t('copy_failed') : (props.label ?? t('copy'));
  return (
    <button type="button" class={`copy ${state}`} title={props.title} onClick={onClick}>
      {label}
    </button>
  );
}
