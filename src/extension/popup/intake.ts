import type { DocId, HistoryEntry } from '../../protocol/messages';
import { appErr } from '../lib/errors';
import { classify, kindOfAddress } from '../lib/file-kind';
import { type StoredFile, countByStatus, enqueueFiles } from '../lib/history-db';
import { send } from '../lib/messaging';

/*
 * Files the user dropped, picked or pasted: each is told by its bytes and checked for size here,
 * so a file that cannot be read (a renamed executable, an empty or a 200 MB file) is never stored
 * or sent: it enters the list at once as failed, with its reason. The rest are stored with their
 * entries in one transaction and the background is told to start. From then on closing the popup
 * loses nothing.
 */

/** Files waiting at most; more are refused until some are read (500 photos would fill the disk). */
export const MAX_WAITING = 1000;

export interface IntakeResult {
  added: number;
  refused: number;
}

/** A name for a pasted screenshot, which has none of its own ("image.png"). */
function nameOf(file: File, at: number): string {
  if (file.name && file.name !== 'image.png') return file.name;
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `截图-${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}.png`;
}

export async function addFiles(files: File[], imageDocId: DocId, pageUrl = ''): Promise<IntakeResult> {
  const refused: HistoryEntry[] = [];
  const counts = await countByStatus();
  let room = MAX_WAITING - counts.queued - counts.pending;
  const batchId = crypto.randomUUID();
  const now = Date.now();
  const items: { entry: HistoryEntry; file: StoredFile }[] = [];
  for (const [i, file] of files.entries()) {
    const name = nameOf(file, now);
    const what = await classify(file);
    const full = what.ok && room <= 0;
    // the order of the drop is the order of the history (one millisecond apart)
    const entry: HistoryEntry = {
      id: crypto.randomUUID(),
      at: now + i,
      // a refused file has no bytes to tell: its name says what the user meant it as
      docId: (what.ok ? what.kind : kindOfAddress(name)) === 'image' ? imageDocId : 'vat',
      status: what.ok && !full ? 'queued' : 'error',
      source: { via: 'file', pageUrl, srcUrl: '', fileName: name },
      batchId,
    };
    if (!what.ok) refused.push({ ...entry, error: appErr(what.refusal.key, ...what.refusal.subs) });
    else if (full) refused.push({ ...entry, error: appErr('err_queue_full', String(MAX_WAITING)) });
    else {
      room--;
      items.push({ entry, file: { id: entry.id, blob: file, name, kind: what.kind } });
    }
  }
  if (items.length + refused.length > 0) await enqueueFiles(items, refused);
  if (items.length > 0) await send('batch.start', {});
  return { added: items.length, refused: refused.length };
}
