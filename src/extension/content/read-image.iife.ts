import { blobToDataUrl, encodeWithin, shrinkImage } from '../lib/encode';
import { publish } from '../lib/injected/publish';
import { showPageProgress } from '../lib/page-progress';
import { mark } from '../lib/timing';
import type { AnswerOf, ArgOf } from '../lib/injected/scripts';

type ReadImageArgs = ArgOf<'readImage'>;

/*
 * Reads an image (or a PDF) the gateway cannot fetch itself: data:/blob: URLs, private hosts,
 * pages behind a login. Injected into the frame the user right-clicked (activeTab), it tries in
 * order: the page's own fetch (its cookies go along), a canvas of the loaded <img>, and finally
 * reports where the image is on screen so the background can crop a capture of the tab (for
 * cross-origin images, whose canvas is tainted).
 */

const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));

function findImage(srcUrl: string): HTMLImageElement | undefined {
  return [...document.images].find((img) => img.currentSrc === srcUrl || img.src === srcUrl);
}

async function viaFetch(args: ReadImageArgs, reasons: string[]): Promise<string | undefined> {
  let res: Response;
  try {
    res = await fetch(args.srcUrl, { credentials: 'include' });
  } catch (e) {
    reasons.push(`fetch: ${e instanceof Error ? e.message : String(e)}`); // CORS refusal or network
    return undefined;
  }
  if (!res.ok) {
    reasons.push(`fetch: HTTP ${res.status}`);
    return undefined;
  }
  const blob = await res.blob();
  mark('page-fetched');
  if (blob.size <= args.maxBytes) return blobToDataUrl(blob);
  if (args.pdf) {
    reasons.push(`fetch: ${blob.size} bytes, over ${args.maxBytes}`);
    return undefined;
  }
  // a large photo: decoded, scaled and encoded again, smaller; this may take seconds, so it is shown
  const progress = showPageProgress(args.shrinking, (blob.size / (1024 * 1024)).toFixed(1));
  try {
    const small = await shrinkImage(blob, args.maxBytes);
    mark('page-encoded');
    return small ? await blobToDataUrl(small) : undefined;
  } finally {
    progress.remove();
  }
}

async function viaCanvas(img: HTMLImageElement, args: ReadImageArgs, reasons: string[]): Promise<string | undefined> {
  if (!img.complete || img.naturalWidth === 0) {
    reasons.push('canvas: image not loaded');
    return undefined;
  }
  try {
    const blob = await encodeWithin(img, { x: 0, y: 0, width: img.naturalWidth, height: img.naturalHeight }, args.maxBytes);
    return blob ? blobToDataUrl(blob) : undefined;
  } catch (e) {
    reasons.push(`canvas: ${e instanceof Error ? e.name : String(e)}`); // SecurityError: tainted by a cross-origin image
    return undefined;
  }
}

async function readImage(args: ReadImageArgs): Promise<AnswerOf<'readImage'>> {
  const reasons: string[] = [];
  const fetched = await viaFetch(args, reasons);
  if (fetched) return { kind: 'bytes', dataUrl: fetched, via: 'fetch' };
  if (args.pdf) return { kind: 'failed', reasons };
  const img = findImage(args.srcUrl);
  if (!img) return { kind: 'failed', reasons: [...reasons, 'no <img> with that address'] };
  const drawn = await viaCanvas(img, args, reasons);
  if (drawn) return { kind: 'bytes', dataUrl: drawn, via: 'canvas' };
  if (args.place === false) return { kind: 'failed', reasons };
  img.scrollIntoView({ block: 'center', inline: 'center' });
  await nextFrame();
  await nextFrame();
  const r = img.getBoundingClientRect();
  const x = Math.max(0, r.left);
  const y = Math.max(0, r.top);
  const width = Math.min(innerWidth, r.right) - x;
  const height = Math.min(innerHeight, r.bottom) - y;
  if (width < 4 || height < 4) return { kind: 'failed', reasons: [...reasons, 'image not on screen'] };
  return { kind: 'box', rect: { x, y, width, height }, devicePixelRatio, reasons };
}

publish('readImage', readImage);
