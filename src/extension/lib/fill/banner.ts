import { pageHost } from '../page-host';

/*
 * Page side: the click-to-fill banner at the top of the tab, in a closed shadow root so the page
 * can neither restyle nor read it (it shows the value about to be filled). Only its step is
 * exposed, as data-at / data-total on the host, for tests.
 */

export const BANNER_ID = 'recognition-pick-fill-banner';

export interface BannerTexts {
  /** $1 the field, $2 the step, $3 the number of steps */
  prompt: string;
  skip: string;
  end: string;
  /** $1 the number of steps */
  done: string;
}

export interface Banner {
  show(at: number, total: number, current: { label: string; value: string } | undefined): void;
  remove(): void;
}

const css = `
  .bar { position: fixed; top: 12px; left: 50%; transform: translateX(-50%); z-index: 2147483647; display: flex; gap: 10px;
    align-items: center; max-width: 92vw; background: #1d4ed8; color: #fff; padding: 8px 10px 8px 14px; border-radius: 8px;
    font: 14px/1.4 system-ui, "Noto Sans SC", sans-serif; box-shadow: 0 2px 10px rgba(0,0,0,.3); }
  .value { font-family: ui-monospace, monospace; background: rgba(255,255,255,.16); padding: 1px 6px; border-radius: 4px;
    max-width: 30ch; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  button { font: inherit; border: 0; border-radius: 5px; padding: 3px 10px; cursor: pointer; background: #fff; color: #1d4ed8; }
  button.end { background: transparent; color: #fff; border: 1px solid rgba(255,255,255,.6); }
  .bar.done { background: #15803d; }`;

const fill = (text: string, ...subs: (string | number)[]) => text.replace(/\$(\d)/g, (w, n: string) => String(subs[Number(n) - 1] ?? w));

export function showBanner(texts: BannerTexts, on: { skip(): void; end(): void }): Banner {
  const { host, root } = pageHost(BANNER_ID, css);
  const bar = document.createElement('div');
  bar.className = 'bar';
  bar.setAttribute('role', 'status');
  const prompt = document.createElement('span');
  const value = document.createElement('span');
  value.className = 'value';
  const skip = document.createElement('button');
  skip.textContent = texts.skip;
  skip.addEventListener('click', () => on.skip());
  const end = document.createElement('button');
  end.className = 'end';
  end.textContent = texts.end;
  end.addEventListener('click', () => on.end());
  bar.append(prompt, value, skip, end);
  root.append(bar);
  document.documentElement.append(host);
  return {
    show(at, total, current) {
      host.dataset.at = String(at);
      host.dataset.total = String(total);
      bar.classList.toggle('done', !current);
      prompt.textContent = current ? fill(texts.prompt, current.label, at + 1, total) : fill(texts.done, total);
      value.textContent = current?.value ?? '';
      value.hidden = !current;
      skip.hidden = !current;
    },
    remove: () => host.remove(),
  };
}
