import type { ViewField } from '../documents/types';
import type { FillDocument, FillField } from './plan';

/** A result's fields as documents to fill: one per group (a photo of two taxi invoices fills two rows). */
export function fillDocuments(title: string, fields: readonly ViewField[], kind?: string): FillDocument[] {
  const groups = new Map<string, FillField[]>();
  for (const { key, label, value, group } of fields) groups.set(group ?? '', [...(groups.get(group ?? '') ?? []), { key, label, value }]);
  return [...groups].map(([group, list]) => ({ title: group ? `${title} ${group}` : title, ...(kind ? { kind } : {}), fields: list }));
}
