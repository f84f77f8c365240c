import Piscina from 'piscina';
import { setCurrentCancelFlag, throwIfCancelled } from './cancel';
import { serializeError } from '../errors';
import { loadPdfJs } from '../pdf/index';
import { loadQrDecoder } from '../qr/decode';
import { runTask } from './run-task';
import type { OcrReply, OcrTask, WorkerSettings } from './task';
import { prepareThread } from './thread-setup';

/*
 * Piscina worker: models load and run once as soon as the thread starts (and so do its
 * recognition helpers' when it has them), then each task
 * is decoded (or, for a kind that reads document files, passed as the file) and dispatched by kind
 * through the registry (run-task.ts). No top-level await: piscina
 * first require()s the file, and under tsx that fails for modules with one.
 */

const settings = Piscina.workerData as WorkerSettings;
// pdfjs and the QR decoder load beside the models so that a thread's first PDF or invoice does not pay for them
const ready = Promise.all([prepareThread(settings), loadPdfJs(), loadQrDecoder()]);
// a failed warm-up surfaces in the first task's reply, not as an unhandled rejection
ready.catch(() => {});

export default async function handle(task: OcrTask): Promise<OcrReply> {
  const started = performance.now();
  setCurrentCancelFlag(task.cancel);
  try {
    await ready;
    throwIfCancelled();
    const result = await runTask(task);
    return { ok: true, result, ms: performance.now() - started };
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  } finally {
    setCurrentCancelFlag(undefined);
  }
}
