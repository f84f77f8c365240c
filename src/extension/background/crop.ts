import { blobToDataUrl, encodeWithin } from '../lib/encode';
import { appErr } from '../lib/errors';
import type { Outcome } from '../../protocol/messages';
import { browser } from '../lib/browser';

/*
 * A crop of what the tab shows: for a selected region, and for images whose bytes the page will
 * not give (a cross-origin image taints the canvas). captureVisibleTab needs activeTab, which the
 * user's menu click or toolbar click grants for that tab.
 */

export interface ViewportRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Device pixels of a viewport rectangle inside a capture of `captureWidth` px, clamped to it. */
export function toCapturePixels(rect: ViewportRect, dpr: number, captureWidth: number, captureHeight: number) {
  const x = Math.max(0, Math.round(rect.x * dpr));
  const y = Math.max(0, Math.round(rect.y * dpr));
  const width = Math.min(captureWidth - x, Math.round(rect.width * dpr));
  const height = Math.min(captureHeight - y, Math.round(rect.height * dpr));
  return { x, y, width, height };
}

export async function cropCapture(windowId: number, rect: ViewportRect, dpr: number, maxBytes: number): Promise<Outcome<string>> {
  let shot: string;
  try {
    shot = await browser.tabs.captureVisibleTab(windowId, { format: 'png' });
  } catch (e) {
    return { ok: false, error: appErr('err_capture_failed', e instanceof Error ? e.message : String(e)) };
  }
  const bitmap = await createImageBitmap(await (await fetch(shot)).blob());
  const crop = toCapturePixels(rect, dpr, bitmap.width, bitmap.height);
  if (crop.width < 2 || crop.height < 2) return { ok: false, error: appErr('err_capture_failed', 'empty selection') };
  const blob = await encodeWithin(bitmap, crop, maxBytes);
  bitmap.close();
  if (!blob) return { ok: false, error: appErr('err_image_too_large') };
  return { ok: true, value: await blobToDataUrl(blob) };
}
