import { applyValue } from '../lib/fill-value';
import { type Fillable, fillableElements } from '../lib/field-match';
import { publish } from '../lib/injected/publish';
import type { ArgOf } from '../lib/injected/scripts';

/*
 * Click-to-fill for the fields the automatic matching missed: the user picks a field in the popup
 * (which then closes), a banner asks for a click, and the next click on a form element receives
 * the value. Esc or a click elsewhere than a form element cancels. One value per injection.
 */

const BANNER_ID = 'recognition-pick-fill-banner';

function pickFill(arg: ArgOf<'pickFill'>): true {
  document.getElementById(BANNER_ID)?.remove();
  const banner = document.createElement('div');
  banner.id = BANNER_ID;
  banner.textContent = arg.hint;
  Object.assign(banner.style, {
    position: 'fixed', top: '12px', left: '50%', transform: 'translateX(-50%)', zIndex: '2147483647',
    background: '#1d4ed8', color: '#fff', padding: '8px 14px', borderRadius: '6px',
    font: '14px/1.4 system-ui, "Noto Sans SC", sans-serif', boxShadow: '0 2px 8px rgba(0,0,0,.3)', pointerEvents: 'none',
  });
  document.documentElement.append(banner);
  const targets = new Set<Element>(fillableElements(document));

  const finish = () => {
    banner.remove();
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKey, true);
  };
  const onClick = (e: MouseEvent) => {
    const el = e.target instanceof Element ? e.target.closest('input, textarea, select') : null;
    finish();
    if (el && targets.has(el)) applyValue(el as Fillable, arg.value);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') finish();
  };
  // capture phase: the page's own handlers must not swallow the click first
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey, true);
  return true;
}

publish('pickFill', pickFill);
