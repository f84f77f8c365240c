import { documentOf } from '../lib/documents/index';
import type { HistoryEntry } from '../../protocol/messages';
import { send } from '../lib/messaging';
import type { Settings } from '../../protocol/settings';
import { copyText } from './clipboard';

/**
 * Auto-copy: the first time the popup shows a finished result, its main value (plate number, VIN)
 * goes to the clipboard when the user enabled it. Each result is copied once, so reopening the
 * popup later does not overwrite what the user copied since. Returns the copied value.
 */
export async function autoCopy(entry: HistoryEntry | undefined, settings: Settings): Promise<string | undefined> {
  if (!settings.autoCopy || !entry || entry.status !== 'ok' || entry.autoCopied) return undefined;
  // of the several documents one 自动识别 found, none is "the" value to copy
  if (entry.sheet && entry.sheet.count > 1) return undefined;
  const doc = documentOf(entry.docId);
  const parsed = doc.data.safeParse(entry.data);
  const main = parsed.success ? doc.mainValue?.(parsed.data) : undefined;
  if (!main || !(await copyText(main))) return undefined;
  await send('history.markCopied', { id: entry.id });
  return main;
}
