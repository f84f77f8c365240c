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

/*
 * CPU time of a process tree (a browser with its renderers, GPU and network processes), from
 * /proc/<pid>/stat in clock ticks: a renderer that ended is counted in its parent's waited-for
 * children's time, which schedstat does not keep.
 */

interface Stat {
  ppid: number;
  /** user + system, of the process and of its children that ended and were waited for, in clock ticks */
  ticks: number;
}

/** clock ticks per second (getconf CLK_TCK); 100 on every Linux this runs on */
const TICKS_PER_S = 100;

function stats(): Map<number, Stat> {
  const out = new Map<number, Stat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      // the command name may hold spaces and parentheses: the fields start after the last ')'
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      out.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The process whose command line holds `part` and whose parent's does not (a browser's main process). */
export function rootProcess(part: string): number | undefined {
  const all = stats();
  for (const [pid, s] of all) if (cmdline(pid).includes(part) && !cmdline(s.ppid).includes(part)) return pid;
  return undefined;
}

/**
 * CPU seconds used so far by `pid` and its descendants (a renderer that ended counts once its
 * parent waited for it), by Chromium's process kind (`renderer`, `gpu-process`,
 * `utility:NetworkService` …; the browser's own is `browser`).
 */
export function treeCpuByKind(pid: number): Record<string, number> {
  const all = stats();
  const children = new Map<number, number[]>();
  for (const [p, s] of all) children.set(s.ppid, [...(children.get(s.ppid) ?? []), p]);
  const out: Record<string, number> = {};
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    const line = cmdline(p);
    const kind = /--type=(\S+)/.exec(line)?.[1] ?? 'browser';
    const sub = /--utility-sub-type=(\S+)/.exec(line)?.[1];
    const key = sub ? `${kind}:${sub.split('.').pop()}` : kind;
    out[key] = (out[key] ?? 0) + (all.get(p)?.ticks ?? 0) / TICKS_PER_S;
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

export function treeCpuSeconds(pid: number): number {
  return Object.values(treeCpuByKind(pid)).reduce((a, b) => a + b, 0);
}
