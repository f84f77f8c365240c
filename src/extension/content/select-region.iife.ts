import type { RequestOf } from '../../protocol/messages';
import { browser } from '../lib/browser';
import { publish } from '../lib/injected/publish';
import type { ArgOf } from '../lib/injected/scripts';

/*
 * The selection overlay for "capture a region": a dimmed layer over the viewport where the user
 * drags a rectangle. The overlay removes itself and waits two frames before reporting, so the
 * background's capture of the tab does not contain it. Esc cancels.
 *
 * The overlay is in the page's DOM, where the page's own scripts can dispatch events on it: only
 * trusted events (the user's own mouse and keyboard) count, so a page cannot draw a selection
 * and have the tab captured and recognised on its own once a capture has started (issue 14).
 */

/** `handle` for events the user made; script-made ones (isTrusted false) are ignored. */
function trusted<E extends Event>(handle: (e: E) => void): (e: E) => void {
  return (e) => {
    if (e.isTrusted) handle(e);
  };
}

const OVERLAY_ID = 'recognition-region-overlay';

function selectRegion(arg: ArgOf<'selectRegion'>): true {
  document.getElementById(OVERLAY_ID)?.remove();
  const overlay = document.createElement('div');
  overlay.id = OVERLAY_ID;
  Object.assign(overlay.style, {
    position: 'fixed', inset: '0', zIndex: '2147483647', cursor: 'crosshair', background: 'rgba(15,23,42,.35)',
  });
  const hint = document.createElement('div');
  hint.textContent = arg.hint;
  Object.assign(hint.style, {
    position: 'absolute', top: '12px', left: '50%', transform: 'translateX(-50%)', background: '#1d4ed8', color: '#fff',
    padding: '8px 14px', borderRadius: '6px', font: '14px/1.4 system-ui, "Noto Sans SC", sans-serif', pointerEvents: 'none',
  });
  const frame = document.createElement('div');
  Object.assign(frame.style, { position: 'absolute', border: '2px solid #fde047', background: 'rgba(255,255,255,.15)', display: 'none' });
  overlay.append(hint, frame);
  document.documentElement.append(overlay);

  let start: { x: number; y: number } | undefined;
  const rectOf = (e: MouseEvent) => {
    const x = Math.min(start!.x, e.clientX);
    const y = Math.min(start!.y, e.clientY);
    return { x, y, width: Math.abs(e.clientX - start!.x), height: Math.abs(e.clientY - start!.y) };
  };
  const close = () => {
    overlay.remove();
    document.removeEventListener('keydown', onKey, true);
  };
  const onKey = trusted((e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
  });
  overlay.addEventListener('mousedown', trusted((e: MouseEvent) => {
    start = { x: e.clientX, y: e.clientY };
    e.preventDefault();
  }));
  overlay.addEventListener('mousemove', trusted((e: MouseEvent) => {
    if (!start) return;
    const r = rectOf(e);
    Object.assign(frame.style, { display: 'block', left: `${r.x}px`, top: `${r.y}px`, width: `${r.width}px`, height: `${r.height}px` });
  }));
  overlay.addEventListener('mouseup', trusted((e: MouseEvent) => {
    if (!start) return;
    const rect = rectOf(e);
    close();
    if (rect.width < 4 || rect.height < 4) return; // a click, not a selection
    // typed but not validated here: this script stays small, and the background validates anyway
    const body: RequestOf<'capture.selected'> = { nonce: arg.nonce, rect, devicePixelRatio };
    requestAnimationFrame(() => requestAnimationFrame(() => void browser.runtime.sendMessage({ type: 'capture.selected', body })));
  }));
  document.addEventListener('keydown', onKey, true);
  return true;
}

publish('selectRegion', selectRegion);
