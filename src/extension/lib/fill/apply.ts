import type { Fillable } from './describe';

/*
 * Page side: writing a value so the page notices, and taking it back. The value goes through the
 * element prototype's own setter (a React-controlled input overrides `value` on the element and
 * would otherwise not see a change), then `input`, `change` and `blur` are fired as a person's
 * typing and leaving the box would: React, Vue v-model (and .lazy), Element's date pickers and
 * validators on blur all observe one of them.
 */

function nativeSetter(el: Fillable): ((v: string) => void) | undefined {
  for (let proto = Object.getPrototypeOf(el); proto; proto = Object.getPrototypeOf(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, 'value');
    if (d?.set) return d.set;
  }
  return undefined;
}

/** Sets the value and fires the events a person typing would. Returns what the box holds afterwards. */
export function setValue(el: Fillable, value: string): string {
  const set = nativeSetter(el);
  if (set) set.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  el.dispatchEvent(new FocusEvent('blur'));
  el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  return el.value;
}

export interface Change {
  el: Fillable;
  before: string;
  after: string;
}

/**
 * Puts back what the boxes held before a fill. A box the user (or the page) changed since keeps its
 * new value: undo takes back only what the extension wrote.
 */
export function undoChanges(changes: readonly Change[]): { restored: number; kept: number } {
  let restored = 0;
  let kept = 0;
  for (const c of changes) {
    if (!c.el.isConnected || c.el.value !== c.after) {
      kept++;
      continue;
    }
    setValue(c.el, c.before);
    restored++;
  }
  return { restored, kept };
}
