import type { DocId, HistoryEntry, Outcome } from '../../protocol/messages';
import { documentOf } from '../lib/documents/index';
import { blobToDataUrl, shrinkImage } from '../lib/encode';
import { appErr } from '../lib/errors';
import { classify, mib } from '../lib/file-kind';
import { getFile } from '../lib/history-db';
import { currentClient } from './current-client';
import { type Done, callPoint } from './recognize';

/*
 * One file of a batch, from its stored bytes to the gateway's answer. The bytes decide what it is
 * (lib/file-kind.ts): PDF, OFD and XML go to 2582-22 as invoices, images to the type the user chose.
 * An image over the point's limit is shrunk here (a phone photo); a document over it is refused.
 */

/** Documents this large go asynchronous (2582-16): a scanned PDF may take longer than 5 s. */
export const ASYNC_FROM_BYTES = 1024 * 1024;

export async function readFile(entry: HistoryEntry): Promise<{ docId: DocId; outcome: Outcome<Done> }> {
  const fail = (error: ReturnType<typeof appErr>) => ({ docId: entry.docId, outcome: { ok: false as const, error } });
  const conn = await currentClient();
  if (!conn.ok) return fail(conn.error);
  const file = await getFile(entry.id);
  if (!file) return fail(appErr('err_file_gone'));
  const what = await classify(file.blob);
  if (!what.ok) return fail(appErr(what.refusal.key, ...what.refusal.subs));
  const docId: DocId = what.kind === 'image' ? entry.docId : 'vat';
  const doc = documentOf(docId);
  let blob: Blob | undefined = file.blob;
  if (blob.size > doc.maxBytes) {
    if (what.kind !== 'image') return fail(appErr('err_file_too_large', mib(blob.size), mib(doc.maxBytes)));
    try {
      blob = await shrinkImage(blob, doc.maxBytes);
    } catch (e) {
      return fail({ ...appErr('err_image_unreadable'), detail: e instanceof Error ? e.message : String(e) });
    }
    if (!blob) return fail(appErr('err_image_too_large'));
  }
  const attempt = { url: await blobToDataUrl(blob), via: 'file' as const };
  const mode = { kind: what.kind, async: what.kind !== 'image' && blob.size > ASYNC_FROM_BYTES };
  return { docId, outcome: await callPoint(conn.value.client, docId, attempt, mode, entry.id) };
}
