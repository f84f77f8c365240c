import type { DocumentTask } from '../../ocr/runtime/task';
import type { NewJob } from '../store/jobs';
import type { RunResult } from './threads';

/*
 * Where recognition work goes, chosen once when a process starts (runtime.ts): the embedded
 * queue (no REDIS_URL: this process' threads, the job table as the queue) or the Redis queue
 * (BullMQ: synchronous calls and job doorbells shared by every gateway and worker). Either way
 * the job table is the one record of a job (job-runner.ts): its state, its attempts, who runs
 * it; a queue only decides who is told to run it, and when.
 */

/** What the job machinery logs through (pino or fastify's logger). */
export interface RuntimeLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobSettings {
  /** a job running longer ends TIMEOUT_FAILED */
  timeoutMs: number;
  /** how long a finished job stays readable */
  retentionMs: number;
  /** heartbeat: a running job not renewed for this long counts as lost */
  leaseMs: number;
}

export interface JobQueue {
  /** 'in-process' or 'redis', for the logs */
  readonly name: string;
  /** Starts the upkeep of the job table (leases, lost runners); takes no work yet. */
  start(): Promise<void>;
  /** This process' threads are warm: from now on it takes work. */
  consume(): void;
  /** A synchronous call within `timeoutMs`: on this process' threads or on any worker; -7 when none has room. */
  recognize(task: DocumentTask, timeoutMs: number, signal: AbortSignal): Promise<RunResult>;
  /** Records a job (its row) and has it run. */
  submit(job: NewJob): Promise<void>;
  /** The queue's own jobs by state (metrics, readiness); rejects while its server is away. Absent for the embedded queue. */
  counts?(): Promise<Record<string, number>>;
  /** Running jobs go back to the queue (their start not counted), then the queue stops. */
  close(): Promise<void>;
}
