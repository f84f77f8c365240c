import type { FrameScan, ScannedInput } from './scan-schema';
import { styleOf } from './dates';
import { type Fillable, describe, fillableElements, indexedRow, tableColumn } from './describe';

/*
 * Page side: one frame's boxes as values the extension can plan with (scan-schema.ts). The
 * elements stay in the frame, under the scan's id, so that a later fill or mark names them by
 * their index; nothing of the page's own objects leaves it.
 */

const NUMERIC_CLASSES = /(^|\s)(el-input-number|ant-input-number|ivu-input-number|n-input-number|arco-input-number)/;

/** Shown to a person: laid out and not hidden. */
export function visible(el: Element): boolean {
  if (el.getClientRects().length === 0) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

function isNumeric(el: Fillable): boolean {
  if (el instanceof HTMLInputElement && el.type === 'number') return true;
  if (/^(numeric|decimal)$/.test(el.getAttribute('inputmode') ?? '')) return true;
  for (let p = el.parentElement, up = 0; p && up < 3; p = p.parentElement, up++) if (NUMERIC_CLASSES.test(p.className)) return true;
  return false;
}

const clip = (s: string) => s.slice(0, 400);

function frameOrigins(doc: Document): string[] {
  const out = new Set<string>();
  for (const f of doc.querySelectorAll<HTMLIFrameElement | HTMLFrameElement>('iframe, frame')) {
    try {
      const u = new URL(f.getAttribute('src') ?? '', doc.baseURI);
      if (/^(https?|file):$/.test(u.protocol)) out.add(u.protocol === 'file:' ? 'file://' : u.origin);
    } catch {
      // an address that does not parse loads nothing
    }
  }
  return [...out].slice(0, 200);
}

/** What shaping a value needs to know of one box (shape.ts BoxFacts). */
export function factsOf(el: Fillable, column?: string): Omit<ScannedInput, 'index' | 'row' | 'group'> {
  return {
    tag: el instanceof HTMLInputElement ? 'input' : el instanceof HTMLTextAreaElement ? 'textarea' : 'select',
    type: el instanceof HTMLInputElement ? el.type.toLowerCase() : '',
    descriptors: describe(el, column).slice(0, 24),
    value: clip(el.value),
    placeholder: clip(el.getAttribute('placeholder') ?? ''),
    ...(el instanceof HTMLSelectElement ? {} : el.maxLength > 0 ? { maxLength: el.maxLength } : {}),
    numeric: isNumeric(el),
    ...(el instanceof HTMLSelectElement ? { options: [...el.options].slice(0, 500).map((o) => ({ value: clip(o.value), text: clip(o.text.trim()) })) } : {}),
  };
}

export interface Scanned {
  scan: Omit<FrameScan, 'scanId'>;
  elements: Fillable[];
}

export function scanDocument(doc: Document, isVisible: (el: Element) => boolean = visible): Scanned {
  const elements = fillableElements(doc).filter(isVisible).slice(0, 3000);
  const tables = new Map<Element, string>();
  const tableKey = (t: Element) => tables.get(t) ?? (tables.set(t, `table${tables.size + 1}`), tables.get(t)!);
  const forms = [...doc.forms];
  const inputs = elements.map((el, index): ScannedInput => {
    const inTable = tableColumn(el, tableKey);
    const listed = inTable ? undefined : indexedRow(el.getAttribute('name') ?? '');
    const form = el.closest('form');
    return {
      index,
      ...factsOf(el, inTable?.header),
      ...(inTable ? { row: inTable.row } : listed ? { row: { table: `list:${listed.list}`, index: listed.index } } : {}),
      group: form ? `form${forms.indexOf(form)}` : 'page',
    };
  });
  const dateHints = inputs
    .flatMap((i) => [i.value, i.placeholder])
    .filter((s) => s && styleOf(s))
    .slice(0, 50);
  return {
    scan: { origin: doc.location?.origin ?? '', url: clip(doc.location?.href ?? ''), inputs, children: frameOrigins(doc), dateHints },
    elements,
  };
}
