import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sessionSettings, type ModelForm } from '../models';
import type { DbParams } from '../det/db';
import type { Detection } from '../det/index';
import type { Quad } from '../geometry/quad';
import type { Raster } from '../image/raster';
import type { LineOptions, ReadLine } from '../rec/read';

/*
 * Recognition helpers: threads that read lines for the thread that owns them, each with
 * its own recogniser session on one ONNX Runtime thread. One inference of a 48 px line is
 * too small to spread over cores (2 intra-op threads: 18.3 ms at 320 px, 1 thread: 21.3 ms),
 * but two threads reading different lines of the same document each go at full speed, so
 * a dense page is read in about half the time (npm run bench:pool). The image crosses
 * once, as shared memory; each request is one line and its reply the decoded text. An idle
 * helper also cuts a band of a large crop into shared memory (warp-bands.ts): the owner would
 * otherwise cut it alone while the helper waits for its lines. It also runs the owner's
 * detector (det-helper.ts), so that the owner hands out lines meanwhile.
 */

export interface SharedRaster {
  width: number;
  height: number;
  /** Backed by a SharedArrayBuffer. */
  data: Uint8Array;
}

/** What a helper opens its sessions with: as its owner does, the detector on the owner's intra-op threads. */
export type HelperData = { modelForm: ModelForm; detIntraOpThreads: number };
/** Rows `from` to `to` of warpQuad(image, quad, width, height, srcW, srcH), written into `into` (the whole crop's shared bytes). */
export type WarpJob = { image: SharedRaster; quad: Quad; width: number; height: number; srcW: number; srcH: number; from: number; to: number; into: Uint8Array };
export type LineJob = { image: SharedRaster; quad: Quad; options: LineOptions };
/** det/index.ts detectHere(image, size, db) */
export type DetJob = { image: SharedRaster; size: { width: number; height: number }; db: DbParams };
type Job = { line: LineJob } | { warp: WarpJob } | { det: DetJob };
export type HelperRequest = { id: number } & Job;
export type HelperReply = { ready: true } | { id: number; line: ReadLine } | { id: number; det: Detection } | { id: number; done: true } | { id: number; error: string };
type Kind = 'line' | 'warp' | 'det';

// under tsx/vitest this file is TypeScript and so is the helper; compiled, both are .js.
// A worker's entry is loaded before its --import hooks apply, so TypeScript comes through
// a dynamic import (piscina does the same with its own JavaScript entry).
const isTypeScript = import.meta.url.endsWith('.ts');
const helperUrl = new URL(isTypeScript ? './rec-helper-thread.ts' : './rec-helper-thread.js', import.meta.url);
const spawnHelper = (workerData: HelperData) =>
  isTypeScript
    ? new Worker(`import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(helperUrl.href)}))`, { eval: true, workerData })
    : new Worker(fileURLToPath(helperUrl), { workerData });

export class RecHelper {
  readonly ready: Promise<void>;
  #worker: Worker;
  #alive = true;
  #next = 0;
  #read = 0;
  readonly #pending = new Map<number, { resolve(value: ReadLine | Detection | undefined): void; reject(err: Error): void; kind: Kind }>();

  constructor() {
    const { modelForm, intraOpThreads } = sessionSettings();
    this.#worker = spawnHelper({ modelForm, detIntraOpThreads: intraOpThreads });
    let started: () => void;
    let failed: (err: Error) => void;
    this.ready = new Promise((resolve, reject) => ((started = resolve), (failed = reject)));
    this.#worker.on('message', (reply: HelperReply) => {
      if ('ready' in reply) {
        this.#idle();
        return started();
      }
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      this.#idle();
      if ('error' in reply) return pending?.reject(new Error(reply.error));
      if ('done' in reply) return pending?.resolve(undefined);
      if ('det' in reply) return pending?.resolve(reply.det);
      this.#read++;
      pending?.resolve(reply.line);
    });
    const lost = (err: Error) => {
      this.#alive = false;
      failed(err);
      for (const { reject } of this.#pending.values()) reject(err);
      this.#pending.clear();
    };
    this.#worker.on('error', lost);
    this.#worker.on('exit', (code) => lost(new Error(`recognition helper exited with code ${code}`)));
  }

  /**
   * An idle helper must not keep its process alive, but one at work must: a caller that
   * awaits only helpers would otherwise see the process exit under it. (A 'message'
   * listener refs the worker, hence ref/unref here rather than once.)
   */
  #idle(): void {
    if (this.#pending.size === 0) this.#worker.unref();
  }

  get alive(): boolean {
    return this.#alive;
  }

  /** Lines this helper has read. */
  get linesRead(): number {
    return this.#read;
  }

  /** Ends the thread; only while it reads nothing (ending ONNX Runtime mid-run ends the process). */
  async stop(): Promise<void> {
    await this.#worker.terminate();
  }

  /** Whether it has no line or detection in hand (a band of a crop takes a few milliseconds, a line up to tens, a detection hundreds). */
  get readingNoLine(): boolean {
    return this.#alive && ![...this.#pending.values()].some((p) => p.kind !== 'warp');
  }

  /** Detections in hand. */
  get detecting(): number {
    return [...this.#pending.values()].filter((p) => p.kind === 'det').length;
  }

  read(image: SharedRaster, quad: Quad, options: LineOptions): Promise<ReadLine> {
    return this.#send({ line: { image, quad, options } }) as Promise<ReadLine>;
  }

  /** The detector's boxes on the image (DetJob). */
  detect(job: DetJob): Promise<Detection> {
    return this.#send({ det: job }) as Promise<Detection>;
  }

  /** Cuts rows of a crop into its shared bytes (WarpJob). */
  async warp(job: WarpJob): Promise<void> {
    await this.#send({ warp: job });
  }

  #send(request: Job): Promise<ReadLine | Detection | undefined> {
    if (!this.#alive) return Promise.reject(new Error('recognition helper is gone'));
    const id = this.#next++;
    this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, kind: 'line' in request ? 'line' : 'warp' in request ? 'warp' : 'det' });
      this.#worker.postMessage({ id, ...request } satisfies HelperRequest);
    });
  }
}

let helpers: RecHelper[] = [];

/**
 * Starts `count` helpers for this thread and resolves once each has warmed its session or
 * failed to: a helper that cannot start leaves its share to this thread, which still works.
 */
export async function startRecHelpers(count: number): Promise<void> {
  helpers = Array.from({ length: count }, () => new RecHelper());
  await Promise.allSettled(helpers.map((h) => h.ready));
}

/** This thread's helpers that are still running. */
export function recHelpers(): RecHelper[] {
  return helpers.filter((h) => h.alive);
}

const sharedCopies = new WeakMap<Raster, SharedRaster>();

/** The image in shared memory, copied once per raster however many lines are read from it. */
export function shareRaster(image: Raster): SharedRaster {
  if (image.data.buffer instanceof SharedArrayBuffer) return image;
  let shared = sharedCopies.get(image);
  if (!shared) {
    const data = new Uint8Array(new SharedArrayBuffer(image.data.byteLength));
    data.set(image.data);
    shared = { width: image.width, height: image.height, data };
    sharedCopies.set(image, shared);
  }
  return shared;
}
