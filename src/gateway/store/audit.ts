import type { Db } from './db';
import type { AuditTable } from './schema';

export type AuditEntry = Omit<AuditTable, 'id'>;

export interface AuditQuery {
  appid?: number;
  outCode?: string;
  point?: string;
  since?: number;
  limit: number;
}

/** Entries kept for a later write while storage is away: ~20 MB; past it the oldest go (and are counted in the log). */
const MAX_KEPT = 100_000;
/** How soon a failed write is tried again when no new call comes to trigger it. */
const RETRY_MS = 1000;

/**
 * The audit trail of point calls. Writes are buffered and flushed in one multi-row insert every
 * `flushMs` (or when `maxBuffer` entries wait), so recording a call costs the hot path nothing but
 * an array push; `close()` flushes what is left. Entries a write could not store (the database
 * restarting) wait for the next one, so a storage outage loses none of the calls answered meanwhile.
 */
export function auditLog(db: Db, opts: { flushMs?: number; maxBuffer?: number; onError?: (e: unknown) => void } = {}) {
  const flushMs = opts.flushMs ?? 200;
  const maxBuffer = opts.maxBuffer ?? 500;
  let buffer: AuditEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** the last write failed: only the retry timer writes until one succeeds (no write per call) */
  let failing = false;

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (buffer.length === 0) return writing;
    const batch = buffer;
    buffer = [];
    // writes are chained so they land in order and close() can wait for the last one
    writing = writing.then(async () => {
      let written = 0;
      try {
        for (; written < batch.length; written += 100) {
          await db.insertInto('audit_log').values(batch.slice(written, written + 100)).execute();
        }
        failing = false;
      } catch (e) {
        failing = true;
        // the chunks already written stay written; the rest goes back in front of newer entries
        const kept = batch.slice(written).concat(buffer);
        const dropped = Math.max(0, kept.length - MAX_KEPT);
        buffer = kept.slice(dropped);
        opts.onError?.(dropped ? new Error(`${dropped} audit entries dropped (storage away too long)`, { cause: e }) : e);
        if (!timer) {
          timer = setTimeout(() => void flush(), RETRY_MS);
          timer.unref();
        }
      }
    });
    return writing;
  }

  return {
    record(entry: AuditEntry): void {
      buffer.push(entry);
      if (failing) return;
      if (buffer.length >= maxBuffer) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },

    flush,

    async list(q: AuditQuery): Promise<AuditEntry[]> {
      await flush();
      let query = db.selectFrom('audit_log').select([
        'at',
        'request_id',
        'appid',
        'out_code',
        'mode',
        'point',
        'code',
        'latency_ms',
        'client_ip',
      ]);
      if (q.appid !== undefined) query = query.where('appid', '=', q.appid);
      if (q.outCode !== undefined) query = query.where('out_code', '=', q.outCode);
      if (q.point !== undefined) query = query.where('point', '=', q.point);
      if (q.since !== undefined) query = query.where('at', '>=', q.since);
      return query.orderBy('id', 'desc').limit(q.limit).execute();
    },

    close: flush,
  };
}

export type AuditLog = ReturnType<typeof auditLog>;
