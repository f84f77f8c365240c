import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import { throwIfCancelled } from '../runtime/cancel';
import { OcrInputError, OcrTaskError } from '../errors';
import { MAX_PIXELS, type Raster } from '../image/raster';
import type { OcrLine } from '../pipeline';
import { textItemsToLines, type PdfTextItem } from './lines';

/*
 * PDF intake with pdfjs-dist (legacy build, the one meant for Node). Inside our worker thread
 * pdfjs runs its "worker" side in the same thread (globalThis.pdfjsWorker): no second thread,
 * no worker file to fetch. Nothing is fetched or evaluated: no eval (isEvalSupported false),
 * no system fonts, no XFA, CMaps, standard fonts and wasm decoders read from pdfjs-dist's own
 * folders by file path; verbosity is errors only, so pdfjs writes nothing to stdout. Every
 * step runs against one deadline, and a document that overruns it is destroyed.
 *
 * Page pixels: pages render at SCALE (2× = 144 dpi), the longest side capped at MAX_SIDE; text
 * layer boxes use the same viewport, so Box coordinates are those of the rendered page.
 */

export const SCALE = 2;
export const MAX_SIDE = 3000;
/**
 * Whole PDF reading (open, text, rendering; OCR of a scanned page comes after) must fit in
 * this. A safety net against files that keep pdfjs busy: a synchronous call is cut at 5 s by
 * the gateway anyway, an asynchronous job at 60 s, and a busy machine must not turn a good
 * PDF into an error.
 */
export const PDF_DEADLINE_MS = 15_000;

/** How often a waiting step looks at the deadline and the cancel flag. */
const POLL_MS = 50;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let library: Promise<PdfJs> | undefined;

/** Loads pdfjs once per thread (seconds under tsx): the worker does it at start, beside the models. */
export function loadPdfJs(): Promise<PdfJs> {
  library ??= (async () => {
    // a variable specifier: the worker module has no type declarations
    const workerModule: string = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(workerModule);
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return library;
}

const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const assets = {
  cMapUrl: join(root, 'cmaps') + '/',
  standardFontDataUrl: join(root, 'standard_fonts') + '/',
  wasmUrl: join(root, 'wasm') + '/',
};

export interface PageText {
  width: number;
  height: number;
  lines: OcrLine[];
}

export interface PdfFile {
  pageCount: number;
  /** The page's text layer as OCR lines in rendered-page pixels (no lines for a scanned page). */
  text(pageNumber: number): Promise<PageText>;
  /**
   * The page rendered to RGB at the same scale, for OCR of scanned pages; `region` (fractions of
   * the page: x0, y0, x1, y1) renders only that part, in its own pixels (a QR code's corner).
   */
  render(pageNumber: number, region?: [number, number, number, number]): Promise<Raster>;
  close(): Promise<void>;
}

function failure(err: unknown): Error {
  if (err instanceof OcrInputError || err instanceof OcrTaskError) return err;
  const name = (err as { name?: string })?.name;
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'PasswordException') return new OcrInputError('encrypted', 'the PDF is protected by a password; send it without one');
  return new OcrInputError('corrupt', `the PDF could not be read: ${message.split('\n')[0]}`);
}

export async function openPdf(bytes: Uint8Array, deadlineMs = PDF_DEADLINE_MS): Promise<PdfFile> {
  const pdfjs = await loadPdfJs();
  let task: ReturnType<PdfJs['getDocument']>;
  try {
    task = pdfjs.getDocument({
      // pdfjs transfers the buffer it is given: hand it a copy (a plain Uint8Array, never a Buffer)
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      enableXfa: false,
      useWorkerFetch: false,
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      disableAutoFetch: true,
      disableStream: true,
      disableRange: true,
      maxImageSize: MAX_PIXELS,
      verbosity: pdfjs.VerbosityLevel.ERRORS,
      ...assets,
    });
  } catch (err) {
    throw failure(err);
  }
  // destroying while pdfjs still works rejects that work: nobody waits for it any more
  const discard = () => void task.destroy().catch(() => {});
  const until = performance.now() + deadlineMs;
  const late = () => new OcrInputError('corrupt', `the PDF could not be read within ${deadlineMs / 1000} s`);
  /**
   * The step, unless the deadline passes or the task is cancelled first (the pool's cooperative
   * cancellation, runtime/cancel.ts): the document is then destroyed and the step's result dropped.
   */
  async function timed<T>(step: Promise<T>): Promise<T> {
    let stopped: Error | undefined;
    const check = () => {
      if (performance.now() >= until) stopped = late();
      try {
        throwIfCancelled();
      } catch (err) {
        stopped = err as Error;
      }
    };
    check();
    if (stopped) {
      step.catch(() => {}); // it fails once the document is destroyed; nobody waits for it
      discard();
      throw stopped;
    }
    let poll: NodeJS.Timeout | undefined;
    const interrupted = new Promise<never>((_, reject) => {
      poll = setInterval(() => {
        check();
        if (stopped) reject(stopped);
      }, POLL_MS);
    });
    try {
      return await Promise.race([step, interrupted]);
    } catch (err) {
      if (stopped) discard();
      throw failure(err);
    } finally {
      clearInterval(poll);
    }
  }

  let doc: PDFDocumentProxy;
  try {
    doc = await timed(task.promise);
  } catch (err) {
    discard();
    throw err;
  }
  if (doc.numPages < 1) {
    await task.destroy();
    throw new OcrInputError('corrupt', 'the PDF has no pages');
  }
  const scaleOf = (page: PDFPageProxy) => {
    const { width, height } = page.getViewport({ scale: 1 });
    return Math.min(SCALE, MAX_SIDE / Math.max(width, height, 1));
  };
  return {
    pageCount: doc.numPages,
    async text(pageNumber) {
      const page = await timed(doc.getPage(pageNumber));
      const viewport = page.getViewport({ scale: scaleOf(page) });
      const content = await timed(page.getTextContent());
      const items = content.items.filter((item): item is PdfTextItem & typeof item => 'str' in item);
      const lines = textItemsToLines(items, (x, y) => viewport.convertToViewportPoint(x, y));
      return { width: Math.round(viewport.width), height: Math.round(viewport.height), lines };
    },
    async render(pageNumber, region = [0, 0, 1, 1]) {
      const page = await timed(doc.getPage(pageNumber));
      const full = page.getViewport({ scale: scaleOf(page) });
      const [x0, y0, x1, y1] = region;
      const viewport = page.getViewport({ scale: scaleOf(page), offsetX: -x0 * full.width, offsetY: -y0 * full.height });
      const width = Math.max(1, Math.round((x1 - x0) * full.width)), height = Math.max(1, Math.round((y1 - y0) * full.height));
      const factory = doc.canvasFactory as { create(w: number, h: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } };
      const { canvas, context } = factory.create(width, height);
      await timed(page.render({ canvas, canvasContext: context, viewport, background: '#ffffff' }).promise);
      const rgba = context.getImageData(0, 0, width, height).data;
      const data = new Uint8Array(width * height * 3);
      for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
        data[j] = rgba[i]!;
        data[j + 1] = rgba[i + 1]!;
        data[j + 2] = rgba[i + 2]!;
      }
      return { width, height, data };
    },
    async close() {
      await task.destroy();
    },
  };
}
