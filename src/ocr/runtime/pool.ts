import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import type { Extracted } from '../documents/extractor';
import type { DocumentData, DocumentKind } from '../documents/index';
import { newCancelFlag, raiseCancelFlag } from './cancel';
import { deserializeError, OcrTaskError } from '../errors';
import type { DocumentTask, OcrReply, OcrTask, WorkerSettings } from './task';
import { threadSettings } from './thread-setup';

/*
 * Recognition runs in worker threads so inference never blocks the event loop. Each
 * thread loads the models once and warms them at start. Aborting a task (the gateway's
 * 5 s time-out, a client gone) raises the task's cancel flag: the worker stops at its next
 * check between inferences and is free again. The thread is never terminated: doing that
 * while onnxruntime-node is inside session.run() kills the whole process (cancel.ts).
 */

export interface OcrPoolOptions {
  /** Worker threads; default one per core; 0 runs no workers (every run is refused). */
  threads?: number;
  /**
   * ONNX Runtime threads per inference; default every core. A lone document then uses the
   * whole machine (0.57–0.63× the latency of one thread each, against the 5 s budget) and
   * busy workers share the cores at 8% less throughput (npm run bench:pool).
   */
  intraOpThreads?: number;
  /**
   * Threads reading the lines of one task side by side: the worker and recThreads − 1
   * recognition helpers, each line on one ONNX Runtime thread; default every core, at most
   * 4. On 2 cores a dense page is read 1.5× as fast as by one worker alone (npm run
   * bench:pool). 1 reads lines on the worker only, with intraOpThreads threads each.
   */
  recThreads?: number;
}

export interface RunOptions {
  signal?: AbortSignal;
}

// under tsx/vitest this file is TypeScript and so is the worker; compiled, both are .js
const isTypeScript = import.meta.url.endsWith('.ts');
const workerFile = fileURLToPath(new URL(isTypeScript ? './pool-thread.ts' : './pool-thread.js', import.meta.url));

export class OcrPool {
  readonly threads: number;
  readonly #piscina: Piscina<OcrTask, OcrReply> | undefined;

  constructor(options: OcrPoolOptions = {}) {
    this.threads = Math.max(0, Math.floor(options.threads ?? availableParallelism()));
    if (this.threads === 0) return;
    const workerData: WorkerSettings = threadSettings(options);
    this.#piscina = new Piscina<OcrTask, OcrReply>({
      filename: workerFile,
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: Infinity,
      workerData,
      execArgv: isTypeScript ? ['--import', 'tsx'] : [],
    });
  }

  /** Thread ids of the live workers; an aborted task's thread leaves this list. */
  get workerThreadIds(): number[] {
    return this.#piscina?.threads.map((worker) => worker.threadId) ?? [];
  }

  /** Tasks waiting for a free worker. */
  get queued(): number {
    return this.#piscina?.queueSize ?? 0;
  }

  /**
   * Runs one task. Rejects with OcrInputError (unreadable image), OcrTaskError (unknown
   * kind, bad options, no workers, worker lost) or the AbortError of `signal`.
   */
  async run<K extends DocumentKind>(task: DocumentTask<K>, options?: RunOptions): Promise<Extracted<DocumentData<K>>>;
  async run(task: OcrTask, options?: RunOptions): Promise<Extracted>;
  async run(task: OcrTask, options: RunOptions = {}): Promise<Extracted> {
    if (!this.#piscina) throw new OcrTaskError('disabled', 'this process runs no recognition workers');
    const { signal } = options;
    if (signal?.aborted) throw signal.reason;
    const cancel = signal ? newCancelFlag() : undefined;
    const onAbort = () => raiseCancelFlag(cancel!);
    signal?.addEventListener('abort', onAbort, { once: true });
    let reply: OcrReply;
    try {
      // settles once the worker has stopped, so a caller counting busy threads stays right
      reply = await this.#piscina.run(cancel ? { ...task, cancel } : task);
    } catch (err) {
      throw new OcrTaskError('worker-failed', `recognition worker failed: ${(err as Error).message}`);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (signal?.aborted) throw signal.reason;
    if (!reply.ok) throw deserializeError(reply.error);
    return reply.result;
  }

  async close(): Promise<void> {
    await this.#piscina?.destroy();
  }
}

export function createOcrPool(options: OcrPoolOptions = {}): OcrPool {
  return new OcrPool(options);
}
