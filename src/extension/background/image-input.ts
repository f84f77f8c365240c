import type { AppError } from '../../protocol/app-error';
import type { InputKind } from '../lib/documents/types';
import { appErr } from '../lib/errors';
import { dataUrlBytes } from '../lib/encode';
import { runInjected } from '../lib/injected/run';
import { codes } from '../../protocol/codes';
import type { HistoryEntry, Outcome } from '../../protocol/messages';
import { cropCapture } from './crop';
import { loadSettings } from './settings-store';
import { t } from '../lib/i18n';

/*
 * Which URL the gateway gets for an image or PDF. The image's own http(s) address first: cheapest,
 * and the gateway fetches it safely. When the gateway cannot fetch it (data:, blob:, private hosts,
 * pages behind a login) or refuses it (too large, a URL the protocol does not accept), the bytes are
 * read in the page itself and sent as a data: URL; when even that fails, a crop of the screen.
 */

export type InputSource =
  | { kind: InputKind; srcUrl: string; pageUrl: string; tabId?: number; frameId?: number; windowId?: number }
  | { kind: 'region'; dataUrl: string; pageUrl: string; tabId?: number };

export interface Attempt {
  url: string;
  via: HistoryEntry['source']['via'];
}

/** The attempt that needs nothing from the page, if there is one. */
export function directAttempt(src: InputSource, maxBytes: number): Attempt | undefined {
  if (src.kind === 'region') return { url: src.dataUrl, via: 'region' };
  if (/^https?:/i.test(src.srcUrl)) return { url: src.srcUrl, via: 'url' };
  if (/^data:/i.test(src.srcUrl) && dataUrlBytes(src.srcUrl) <= maxBytes) return { url: src.srcUrl, via: 'bytes' };
  return undefined; // blob:, file:, an oversized data: URL: only the page can read them
}

const retryInPage = new Set<number>([codes.INPUT_UNREADABLE.code, codes.INPUT_TOO_LARGE.code]);

/** Whether a failed URL attempt is worth repeating with the bytes read in the page. */
export function shouldReadInPage(attempt: Attempt, error: AppError): boolean {
  if (attempt.via !== 'url') return false;
  if (error.code !== undefined && retryInPage.has(error.code)) return true;
  // refused before sending by the protocol's own URL rule (e.g. Chinese characters): no code
  return error.key === 'err_PARAM_INVALID' && error.code === undefined;
}

/**
 * Reads the bytes in the page (or crops a capture of it), within `maxBytes`. `place: false` reads
 * the bytes only: a read started beside the gateway's own attempt must not scroll the page.
 */
export async function readInPage(src: InputSource, maxBytes: number, place = true): Promise<Outcome<Attempt>> {
  if (src.kind === 'region') return { ok: true, value: { url: src.dataUrl, via: 'region' } };
  if (src.tabId === undefined) return { ok: false, error: appErr('err_no_tab') };
  const read = await runInjected({ tabId: src.tabId, frameId: src.frameId ?? 0 }, 'readImage', {
    srcUrl: src.srcUrl,
    maxBytes,
    // an invoice file (PDF, OFD, XML) is read as its bytes, never as a picture of it
    pdf: src.kind !== 'image',
    shrinking: t((await loadSettings()).language, 'shrink_progress'),
    ...(place ? {} : { place }),
  });
  if (!read.ok) return read;
  const r = read.value;
  if (r.kind === 'bytes') return { ok: true, value: { url: r.dataUrl, via: 'bytes' } };
  // a crop needs the image's place in the top page; inside a frame the box is relative to the frame
  if (r.kind === 'box' && src.windowId !== undefined && (src.frameId ?? 0) === 0) {
    const crop = await cropCapture(src.windowId, r.rect, r.devicePixelRatio, maxBytes);
    return crop.ok ? { ok: true, value: { url: crop.value, via: 'capture' } } : crop;
  }
  return { ok: false, error: { ...appErr('err_image_unreadable'), detail: r.reasons.join('; ') } };
}
