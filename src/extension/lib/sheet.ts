import type { HistoryEntry } from '../../protocol/messages';
import { mixedData } from '../../protocol/points/2582-25';
import { docIdOfDocument } from './documents/auto';
import { appErr } from './errors';

/**
 * A finished 自动识别 (2582-25) entry as the entries the history keeps: one per document found, of
 * its own type with the Data its own point would answer, so each is shown, searched, checked for
 * duplicates, exported and filled as if read alone. In reading order: the first keeps the entry's
 * id (what the popup and a notification point at), each next one is a millisecond later, so the
 * history lists them together and a second copy on the same sheet is the duplicate of the first.
 * Nothing found is a failure in words. Any other entry is itself.
 */
export function splitSheet(entry: HistoryEntry, newId: () => string = () => crypto.randomUUID()): HistoryEntry[] {
  if (entry.docId !== 'auto' || entry.status !== 'ok') return [entry];
  const parsed = mixedData.safeParse(entry.data);
  const fail = (error: HistoryEntry['error']): HistoryEntry[] => [{ ...entry, status: 'error', data: undefined, error }];
  if (!parsed.success) return fail(appErr('err_bad_response'));
  const docs = parsed.data.Documents;
  if (docs.length === 0) return fail(appErr('err_no_document'));
  return docs.map((d, index) => ({
    ...entry,
    id: index === 0 ? entry.id : newId(),
    at: entry.at + index,
    docId: docIdOfDocument(d),
    data: d.Data,
    sheet: { id: entry.id, index, count: docs.length, confidence: d.Confidence },
  }));
}
