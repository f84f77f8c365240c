/**
 * A signal that fires when `signal` does or when `ms` have passed, whichever is first, and
 * `clear()` to drop the timer once the work is over.
 *
 * Not `AbortSignal.any([signal, AbortSignal.timeout(ms)])`: Node may garbage-collect a timeout
 * signal that only a composite refers to before it fires (nodejs/node#57736), and then the
 * deadline never comes (a fetch that trickled a byte every 50 ms ran on for a minute in a CI run
 * instead of stopping at its 300 ms limit). Here the timer holds the controller strongly. The
 * reason is a TimeoutError DOMException, as AbortSignal.timeout's, so callers tell the two apart
 * the same way.
 */
export function deadlineSignal(ms: number, signal?: AbortSignal): { signal: AbortSignal; clear(): void } {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('The operation timed out.', 'TimeoutError')), Math.max(1, ms));
  // like AbortSignal.timeout's timer: a pending deadline alone does not keep the process alive
  timer.unref();
  return {
    signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
    clear: () => clearTimeout(timer),
  };
}
