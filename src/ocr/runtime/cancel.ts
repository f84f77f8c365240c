import { OcrTaskError } from '../errors';

/*
 * Cooperative cancellation of the task a worker thread runs. Terminating a thread while
 * onnxruntime-node is inside session.run() takes the whole process down, so a cancelled task is
 * told to stop instead: the caller's side sets a flag in shared memory and the stages look at it
 * between inferences (before the detector, each classifier batch, each recognised line). The
 * thread is free again within one inference, and it is never replaced.
 */

/** A flag that crosses the thread boundary by reference (SharedArrayBuffer). */
export function newCancelFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

export function raiseCancelFlag(flag: Int32Array): void {
  Atomics.store(flag, 0, 1);
}

// one task at a time per worker thread, so the flag of the running task can live in the module
let current: Int32Array | undefined;

export function setCurrentCancelFlag(flag: Int32Array | undefined): void {
  current = flag;
}

/** Whether the running task has been cancelled. */
export function isCancelled(): boolean {
  return current !== undefined && Atomics.load(current, 0) !== 0;
}

export function cancelledError(): OcrTaskError {
  return new OcrTaskError('cancelled', 'the task was cancelled');
}

/** Throws OcrTaskError('cancelled') when the running task has been cancelled. */
export function throwIfCancelled(): void {
  if (isCancelled()) throw cancelledError();
}
