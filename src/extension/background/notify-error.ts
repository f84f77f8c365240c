import { type DocId, documentOf } from '../lib/documents/index';
import type { AppError } from '../../protocol/app-error';
import { describeError } from '../lib/errors';
import { t } from '../lib/i18n';
import { loadSettings } from './settings-store';
import { browser } from '../lib/browser';

/** A failure that happened before any recognition started (e.g. the overlay could not be injected). */
export async function notifyError(docId: DocId, error: AppError): Promise<void> {
  const { language } = await loadSettings();
  await browser.notifications.create({
    type: 'basic',
    iconUrl: browser.runtime.getURL('icons/icon-128.png'),
    title: t(language, 'notify_fail_title', t(language, documentOf(docId).titleKey)),
    message: describeError(language, error),
  });
}
