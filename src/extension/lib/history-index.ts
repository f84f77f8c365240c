import type { HistoryEntry } from '../../protocol/messages';
import { documentOf } from './documents/index';

/*
 * What a history entry is found by: the text a search matches, the keys that tell a document
 * read twice (发票查重), and the few words naming its source. Pure functions of an entry; the
 * store (history-db.ts) keeps their results beside each row so a search reads no JSON.
 */

/** Geometry and other numbers nobody searches for. */
const UNSEARCHED = new Set(['Box', 'Roi', 'ItemRoi', 'InvoiceRoi', 'Confidence', 'PlateTypeConfidence', 'RotateType', 'Probability']);

/** 2023年05月08日 and 20230508 are also found as 2023-05-08. */
function isoDate(s: string): string | undefined {
  const m = /^(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : undefined;
}

function collectText(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    out.push(value);
    const iso = isoDate(value);
    if (iso) out.push(iso);
  }
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) collectText(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (!UNSEARCHED.has(k)) collectText(v, out);
  }
}

/** The text a search matches: every recognized value, the file name and the addresses. */
export function searchText(entry: HistoryEntry): string {
  const out: string[] = [entry.source.fileName ?? '', entry.source.srcUrl, entry.source.pageUrl];
  collectText(entry.data, out);
  return out.join('\n').toLowerCase();
}

/** The keys that identify the document of a finished entry (none while it is not read). */
export function duplicateKeys(entry: HistoryEntry): string[] {
  if (entry.status !== 'ok') return [];
  const doc = documentOf(entry.docId);
  const parsed = doc.data.safeParse(entry.data);
  return parsed.success ? [...new Set(doc.duplicateKeys?.(parsed.data) ?? [])] : [];
}

/** Where an entry came from, in a few words: the file name or the address. */
export function sourceLabel(entry: HistoryEntry): string {
  return entry.source.fileName || entry.source.srcUrl || entry.source.pageUrl;
}
