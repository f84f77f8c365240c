import type { Extracted } from '../../ocr/documents/extractor';
import { createOcrPool, type OcrPool } from '../../ocr/runtime/pool';
import type { DocumentTask, OcrTask } from '../../ocr/runtime/task';
import { GatewayError } from '../errors';
import { classify, type Failure } from './outcome';
import { deadlineSignal } from './deadline';

/*
 * This process' recognition workers (the OcrPool's threads) with the bookkeeping the gateway
 * needs on top: a task enters the pool only when a thread is free, and waits here until then,
 * so that synchronous calls can be shed (-7) while the wait is still short, the in-process job
 * queue only starts a job on a free thread, and a caller whose time is up before a thread got
 * to it simply leaves the line: late work never runs.
 *
 * A running task is cancelled cooperatively when its time is up or its caller leaves: the engine
 * stops at its next check between inferences (src/ocr/runtime/cancel.ts; its thread is never terminated,
 * which would kill the process inside onnxruntime-node). The caller gets its answer (-3) at once;
 * the thread counts as busy until the engine has actually stopped.
 */

export type RunResult = { ok: true; extracted: Extracted } | { ok: false; failure: Failure };

/** A blank 32×24 PNG: goes through decoding and every model, in milliseconds once they are loaded. */
const WARM_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAALUlEQVRIiWP4T2PAMGoBITAaRATBaBARBKNBRBCMBhFBMBpEBMFoEBEEQz+IAICj93niGdkJAAAAAElFTkSuQmCC',
  'base64',
);
/** Loading three models on a loaded machine takes seconds, not minutes: past this the thread is broken. */
const WARM_TIMEOUT_MS = 300_000;

interface Waiter {
  /** called with the thread already counted as this waiter's */
  admit(): void;
}

export class LocalRecognizer {
  readonly threads: number;
  /** synchronous calls allowed to wait for a thread */
  readonly maxWaiting: number;
  readonly #pool: OcrPool;
  #running = 0;
  readonly #line: Waiter[] = [];
  readonly #onFree = new Set<() => void>();

  constructor(threads: number, maxWaiting: number, pool: OcrPool = createOcrPool({ threads })) {
    this.threads = threads;
    this.maxWaiting = maxWaiting;
    this.#pool = pool;
  }

  /** Threads not running anything (an abandoned inference still counts as running). */
  get free(): number {
    return Math.max(0, this.threads - this.#running);
  }

  /** Tasks waiting for a thread. */
  get waiting(): number {
    return this.#line.length;
  }

  /** Whether one more synchronous call may wait here. */
  get hasRoom(): boolean {
    return this.#running + this.#line.length < this.threads + this.maxWaiting;
  }

  /** Calls `listener` each time a thread becomes free (the in-process job queue starts the next job). */
  onFree(listener: () => void): () => void {
    this.#onFree.add(listener);
    return () => this.#onFree.delete(listener);
  }

  /** Threads running something now. */
  get busy(): number {
    return Math.min(this.threads, this.#running);
  }

  /**
   * One tiny task per thread, so that each thread has loaded its models and run them once before
   * real work comes (a thread's first task otherwise pays that: seconds, past the 5 s budget on a
   * busy machine). Submitted together, each task holds its thread until that thread is warm, so
   * they spread one per thread. Rejects with the reason when a thread cannot read at all.
   */
  async warm(): Promise<void> {
    const task: DocumentTask<'general'> = { kind: 'general', bytes: WARM_IMAGE, options: {} };
    const results = await Promise.all(Array.from({ length: this.threads }, () => this.run(task, { timeoutMs: WARM_TIMEOUT_MS })));
    for (const r of results) {
      if (!r.ok) throw new Error(`recognition warm-up failed: ${'detail' in r.failure ? r.failure.detail : r.failure.kind}`);
    }
  }

  /** Thread ids of the pool's live workers. */
  get workerThreadIds(): number[] {
    return this.#pool.workerThreadIds;
  }

  /**
   * Runs one task within `timeoutMs`, waiting for a thread included. `signal` is the caller's
   * own cancellation (client gone, shutdown): its reason is thrown as is.
   */
  async run(task: OcrTask, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<RunResult> {
    const deadline = deadlineSignal(opts.timeoutMs, opts.signal);
    try {
      return await this.#runUntil(task, deadline.signal, opts.signal);
    } finally {
      deadline.clear();
    }
  }

  async #runUntil(task: OcrTask, stop: AbortSignal, callerSignal: AbortSignal | undefined): Promise<RunResult> {
    if (stop.aborted) return this.#stopped(callerSignal);
    // first come, first served: nobody passes those already waiting
    if (this.#running < this.threads && this.#line.length === 0) this.#running++;
    else if (!(await this.#turn(stop))) return this.#stopped(callerSignal);

    const work = this.#pool.run(task, { signal: stop }).then(
      (extracted): RunResult => ({ ok: true, extracted }),
      (err: unknown): RunResult => ({ ok: false, failure: classify(err, false) }),
    );
    void work.then(() => {
      this.#running--;
      this.#next();
    });
    const ended = new Promise<'ended'>((resolve) => {
      if (stop.aborted) resolve('ended');
      else stop.addEventListener('abort', () => resolve('ended'), { once: true });
    });
    const first = await Promise.race([work, ended]);
    return first === 'ended' ? this.#stopped(callerSignal) : first;
  }

  /** `run`, or -7 at once when `maxWaiting` calls already wait for a thread (a synchronous caller's answer). */
  async runOrShed(task: OcrTask, opts: { timeoutMs: number; signal: AbortSignal }): Promise<RunResult> {
    if (!this.hasRoom) throw new GatewayError('OVERLOADED', 'all recognition workers are busy');
    return this.run(task, opts);
  }

  #stopped(signal: AbortSignal | undefined): RunResult {
    if (signal?.aborted) throw signal.reason;
    return { ok: false, failure: { kind: 'timeout' } };
  }

  /** Waits in line: true once admitted, false when `stop` fired first (the caller has left the line). */
  #turn(stop: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const leave = () => {
        this.#line.splice(this.#line.indexOf(waiter), 1);
        resolve(false);
      };
      const waiter: Waiter = {
        admit: () => {
          stop.removeEventListener('abort', leave);
          resolve(true);
        },
      };
      stop.addEventListener('abort', leave, { once: true });
      this.#line.push(waiter);
    });
  }

  /** A thread became free: the first in line takes it, or listeners hear of it. */
  #next(): void {
    while (this.#running < this.threads && this.#line.length > 0) {
      this.#running++;
      this.#line.shift()!.admit();
    }
    if (this.#running < this.threads) for (const listener of this.#onFree) listener();
  }

  /**
   * Waits for running inferences, then stops the threads. No time limit: stopping a thread in the
   * middle of one would take the process down (see above), and an inference ends on its own.
   */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      const check = () => this.#running === 0 && resolve();
      this.onFree(check);
      check();
    });
    await this.#pool.close();
  }
}
