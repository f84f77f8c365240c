import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/*
 * The rewritten models on disk, so that they are rewritten once per machine rather than each
 * time a thread opens a session (about 0.1 s for the detector and 0.4 s for the recogniser, per
 * worker thread and per recognition helper, and the decoded protobuf on the thread's heap).
 *
 * A file is named for what it was made from: the model, its form and a key over the source
 * model's SHA-256, the rewrite's version (rewriteVersion) and the form; a stale file is never
 * matched. The name ends with the digest of the file's own bytes, checked on every load, so a
 * file damaged on disk is rebuilt rather than loaded. Files are written to a temporary name and
 * renamed, so a reader never sees half a file. The first thread to need a model takes a lock
 * file (created exclusively) and rewrites it; threads and processes starting at the same time
 * wait for its file instead of rewriting the same model beside it.
 */

export type CacheOutcome = 'loaded' | 'built' | 'uncached';

export interface CachedModel {
  bytes: Uint8Array;
  /** loaded from the cache, built and stored, or built in memory (the cache could not be used) */
  outcome: CacheOutcome;
}

export interface CacheRequest {
  dir: string;
  /** what the file is, for its name: e.g. `rec-quantized` */
  label: string;
  /** the source model's SHA-256, the rewrite's version and the form, hashed into the name */
  key: string[];
  build: () => Promise<Uint8Array> | Uint8Array;
}

/** A lock older than this is left by a thread that died: a rewrite takes well under a second. */
const STALE_LOCK_MS = 30_000;
/** How long a thread waits for another's rewrite before doing its own in memory. */
const WAIT_MS = 60_000;
const POLL_MS = 50;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let version: string | undefined;

/**
 * The rewrite's version: a digest of this folder's files (the rewrites, onnx.proto and the
 * calibration), so that any change to what a rewrite produces makes new cache keys without
 * anyone having to remember to bump a number.
 */
export function rewriteVersion(): string {
  if (version === undefined) {
    const hash = createHash('sha256');
    const walk = (dir: URL) => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.isDirectory()) walk(new URL(`${entry.name}/`, dir));
        else hash.update(entry.name).update(readFileSync(new URL(entry.name, dir)));
      }
    };
    walk(new URL('./', import.meta.url));
    version = hash.digest('hex').slice(0, 16);
  }
  return version;
}

/** The rewritten model from `dir`, or built (and stored there when it can be). */
export async function cachedModel(request: CacheRequest): Promise<CachedModel> {
  const { dir, build } = request;
  const stem = `${request.label}-${sha256(request.key.join('\n')).slice(0, 16)}`;
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    return uncached(dir, err, build);
  }
  const lock = join(dir, `${stem}.lock`);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const hit = load(dir, stem);
    if (hit) return { bytes: hit, outcome: 'loaded' };
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return uncached(dir, err, build);
      if (lockIsStale(lock)) removeFile(lock);
      else if (Date.now() > deadline) return { bytes: await build(), outcome: 'uncached' };
      else await sleep(POLL_MS);
      continue;
    }
    try {
      try {
        writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), threadId }));
      } catch {
        // who holds it is for judging a stale lock; an empty lock goes stale by its age
      } finally {
        closeSync(fd);
      }
      // another thread may have stored it between our look and our lock
      const stored = load(dir, stem);
      if (stored) return { bytes: stored, outcome: 'loaded' };
      const bytes = await build();
      try {
        store(dir, stem, request.label, bytes);
      } catch (err) {
        return uncached(dir, err, () => bytes);
      }
      return { bytes, outcome: 'built' };
    } finally {
      removeFile(lock);
    }
  }
}

/** The stored file of `stem` when its bytes still match the digest in its name; a damaged one is removed. */
function load(dir: string, stem: string): Uint8Array | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined; // unreadable: taking the lock fails next, and the model is rewritten in memory
  }
  for (const name of names) {
    const m = /^(.+)-([0-9a-f]{16})\.onnx$/.exec(name);
    if (m?.[1] !== stem) continue;
    const file = join(dir, name);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      continue; // removed meanwhile (replaced by another writer)
    }
    if (sha256(bytes).startsWith(m[2]!)) return bytes;
    removeFile(file);
  }
  return undefined;
}

/** Written under a temporary name, flushed, then renamed: the file appears whole or not at all. */
function store(dir: string, stem: string, label: string, bytes: Uint8Array): void {
  const temporary = join(dir, `${stem}.${process.pid}-${threadId}.tmp`);
  const stored = `${stem}-${sha256(bytes).slice(0, 16)}.onnx`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeFileSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, join(dir, stored));
  } catch (err) {
    removeFile(temporary); // a disk that filled up keeps no half file
    throw err;
  }
  // earlier rewrites of the same model and form (another source, rewrite or calibration) are of
  // no more use, nor what writers that died left behind
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${label}-`) || name === stored || name === `${stem}.lock`) continue;
    const file = join(dir, name);
    if (name.endsWith('.onnx') || olderThan(file, STALE_LOCK_MS)) removeFile(file);
  }
}

function lockIsStale(lock: string): boolean {
  try {
    const holder = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number; host: string };
    if (holder.host === hostname() && !processAlive(holder.pid)) return true;
  } catch {
    // being written or already removed: judged by its age
  }
  return olderThan(lock, STALE_LOCK_MS);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function olderThan(file: string, ms: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > ms;
  } catch {
    return false;
  }
}

function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

let warned = false;

/** The cache cannot be used (read-only, full, no permission): the model is rewritten in memory, as before the cache. */
async function uncached(dir: string, err: unknown, build: () => Promise<Uint8Array> | Uint8Array): Promise<CachedModel> {
  if (!warned) {
    warned = true;
    process.emitWarning(`model cache ${dir} cannot be used (${(err as Error).message}): the models are rewritten at each start; set OCR_MODEL_CACHE to a writable directory`);
  }
  return { bytes: await build(), outcome: 'uncached' };
}
