import type { XmlElement } from './parse';

/*
 * Reading an XmlElement tree by local names. Producers disagree on prefixes and sometimes on
 * nesting (CustomTag.xml puts Buyer/BuyerName in one file and BuyerName at the top in another),
 * so lookups go by name, and `first` searches the whole subtree when asked to.
 */

export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}

export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** The element at a path of child names. */
export function at(el: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let cur = el;
  for (const name of names) cur = child(cur, name);
  return cur;
}

/** Every element of the subtree in document order (the root included), without recursion. */
export function* walk(root: XmlElement): Generator<XmlElement> {
  const stack: XmlElement[] = [root];
  while (stack.length) {
    const el = stack.pop()!;
    yield el;
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
  }
}

/** The first element of that name anywhere in the subtree. */
export function first(root: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!root) return undefined;
  for (const el of walk(root)) if (el.name === name) return el;
  return undefined;
}

/** All text of the subtree, in document order. */
export function textOf(el: XmlElement | undefined): string {
  if (!el) return '';
  let out = '';
  for (const e of walk(el)) out += e.text;
  return out;
}

/** Trimmed text of a child (or a path of children); "" when absent. */
export function valueAt(el: XmlElement | undefined, ...names: string[]): string {
  return textOf(at(el, ...names)).trim();
}
