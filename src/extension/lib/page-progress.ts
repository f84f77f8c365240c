import { pageHost } from './page-host';

/*
 * Page side: a small notice in the corner of the tab while the extension works there for seconds
 * (a 20 MB photo being shrunk before it is sent), so the user sees more than the badge moving. In
 * a closed shadow root like the click-to-fill banner (page-host.ts).
 * The seconds tick so a slow step still looks alive. Only its presence is exposed (the host's id).
 */

export const PROGRESS_ID = 'recognition-progress';

const css = `
  .note { position: fixed; top: 12px; right: 12px; z-index: 2147483647; max-width: 360px; background: #1d4ed8; color: #fff;
    padding: 8px 12px; border-radius: 8px; font: 13px/1.4 system-ui, "Noto Sans SC", sans-serif; box-shadow: 0 2px 10px rgba(0,0,0,.3); }
  .bar { height: 3px; margin-top: 6px; background: rgba(255,255,255,.25); overflow: hidden; border-radius: 2px; }
  .bar::after { content: ""; display: block; width: 30%; height: 100%; background: #fff; animation: slide 1.2s linear infinite; }
  @keyframes slide { from { transform: translateX(-100%); } to { transform: translateX(340%); } }`;

export interface PageProgress {
  remove(): void;
}

/** Shows `text` ($1 and $2 filled by `subs` and the seconds since it appeared) until removed. */
export function showPageProgress(text: string, size: string): PageProgress {
  const { host, root } = pageHost(PROGRESS_ID, css);
  const note = document.createElement('div');
  note.className = 'note';
  note.setAttribute('role', 'status');
  const words = document.createElement('span');
  const bar = document.createElement('div');
  bar.className = 'bar';
  note.append(words, bar);
  root.append(note);
  const started = Date.now();
  const render = () => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    words.textContent = text.replace('$1', size).replace('$2', String(seconds));
  };
  render();
  const tick = setInterval(render, 1000);
  document.documentElement.append(host);
  return {
    remove() {
      clearInterval(tick);
      host.remove();
    },
  };
}
