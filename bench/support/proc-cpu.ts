import { readFileSync, readdirSync } from 'node:fs';

/*
 * CPU time of another process, every thread of it, from Linux's scheduler statistics
 * (/proc/<pid>/task/<tid>/schedstat: nanoseconds on a CPU), precise to the microsecond where
 * /proc/<pid>/stat counts 10 ms ticks. A thread that ended between two readings takes its
 * share with it; the gateway's and the engines' threads live as long as their process.
 * NaN where /proc has no such process (not Linux).
 */

export function processCpuMs(pid: number): number {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended while we read the others
      }
    }
    return ns / 1e6;
  } catch {
    return NaN;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `pid` has used (almost) no CPU for a moment, at most `limitMs`: an engine whose
 * ONNX Runtime threads spin on after an answer (the default of its session options) would
 * otherwise spend the next contender's time, and the turns would not be even.
 */
export async function settled(pid: number, limitMs = 300): Promise<void> {
  const until = performance.now() + limitMs;
  let last = processCpuMs(pid);
  if (Number.isNaN(last)) return;
  while (performance.now() < until) {
    await pause(10);
    const now = processCpuMs(pid);
    if (now - last < 0.5) return;
    last = now;
  }
}
