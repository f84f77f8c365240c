import type { Change } from './apply';
import type { Fillable } from './describe';

/*
 * Page side: what a frame remembers between the extension's calls. Every call injects the page
 * script again (run.ts), which runs its modules afresh; the state lives on the isolated world's
 * global instead, where each run finds it. Page scripts cannot see that world.
 */

export interface MarkLayer {
  host: HTMLElement;
  root: ShadowRoot;
  marks: { el: Element; text: string; tone: string }[];
  redraw: () => void;
  frame?: number;
}

export interface PageState {
  /** the elements behind each scan's indexes; only the latest few are kept */
  scans: Map<string, Fillable[]>;
  /** what each fill wrote, for undo */
  fills: Map<string, Change[]>;
  marks?: MarkLayer;
  /** removes the fill outlines on Esc, while there are any */
  onEscape?: (e: KeyboardEvent) => void;
  /** the running click-to-fill sequence of this frame */
  pick?: { seq: string; stop: () => void; goto: (at: number) => void };
}

const KEY = '__recognitionFillState';

export function pageState(): PageState {
  const g = globalThis as unknown as Record<string, PageState | undefined>;
  return (g[KEY] ??= { scans: new Map(), fills: new Map() });
}

/** Keeps a bounded history: a page filled a hundred times does not hold a hundred lists of elements. */
export function remember<V>(map: Map<string, V>, key: string, value: V, keep = 5): void {
  map.set(key, value);
  while (map.size > keep) map.delete(map.keys().next().value!);
}
