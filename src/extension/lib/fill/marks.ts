import { type MarkLayer, pageState } from './page-state';

/*
 * Page side: outlines over the boxes of a fill (planned, the one the user points at in the panel,
 * filled, refused, under the pointer while picking), each with a small tag naming the field. They
 * live in a closed shadow root on top of the page, take no clicks, follow scrolling, and never
 * touch the page's own elements or styles.
 */

export type Tone = 'plan' | 'focus' | 'done' | 'fail' | 'hover';

export interface Mark {
  el: Element;
  text: string;
  tone: Tone;
}

const colors: Record<Tone, string> = { plan: '#2563eb', focus: '#f59e0b', done: '#16a34a', fail: '#dc2626', hover: '#7c3aed' };

function boxFor(m: Mark): HTMLElement {
  const r = m.el.getBoundingClientRect();
  const color = colors[m.tone];
  const wide = m.tone === 'focus' || m.tone === 'hover' ? 3 : 2;
  const box = document.createElement('div');
  Object.assign(box.style, {
    position: 'fixed', left: `${r.left - wide}px`, top: `${r.top - wide}px`, width: `${r.width + wide * 2}px`, height: `${r.height + wide * 2}px`,
    border: `${wide}px solid ${color}`, borderRadius: '4px', boxSizing: 'border-box',
    background: m.tone === 'done' ? 'rgba(22,163,74,.08)' : 'transparent',
    display: m.el.isConnected && r.width + r.height > 0 ? 'block' : 'none',
  });
  if (m.text) {
    const tag = document.createElement('span');
    tag.textContent = m.text;
    Object.assign(tag.style, {
      position: 'absolute', right: '-2px', bottom: '100%', background: color, color: '#fff', font: '11px/16px system-ui, "Noto Sans SC", sans-serif',
      padding: '0 5px', borderRadius: '3px 3px 0 0', whiteSpace: 'nowrap', maxWidth: '260px', overflow: 'hidden', textOverflow: 'ellipsis',
    });
    box.append(tag);
  }
  return box;
}

export function showMarks(marks: Mark[]): void {
  const state = pageState();
  if (!state.marks) {
    const host = document.createElement('recognition-fill-marks');
    Object.assign(host.style, { position: 'fixed', inset: '0', pointerEvents: 'none', zIndex: '2147483646' });
    const root = host.attachShadow({ mode: 'closed' });
    const layer: MarkLayer = { host, root, marks: [], redraw: () => {} };
    const draw = () => {
      layer.frame = undefined;
      root.replaceChildren(...(layer.marks as Mark[]).map(boxFor));
    };
    layer.redraw = () => {
      if (layer.frame === undefined) layer.frame = requestAnimationFrame(draw);
    };
    state.marks = layer;
    document.documentElement.append(host);
    addEventListener('scroll', layer.redraw, true);
    addEventListener('resize', layer.redraw);
  }
  state.marks.marks = marks;
  state.marks.root.replaceChildren(...marks.map(boxFor));
  // what is shown, readable without opening the closed root (tests, and the page's own curiosity)
  state.marks.host.dataset.tones = marks.map((m) => m.tone).join(' ');
}

export function clearMarks(): void {
  const state = pageState();
  const layer = state.marks;
  if (!layer) return;
  if (layer.frame !== undefined) cancelAnimationFrame(layer.frame);
  layer.host.remove();
  removeEventListener('scroll', layer.redraw, true);
  removeEventListener('resize', layer.redraw);
  state.marks = undefined;
}

export function currentMarks(): Mark[] {
  return (pageState().marks?.marks as Mark[] | undefined) ?? [];
}
