import { describe, expect, it } from 'vitest';
import { deadlineSignal } from '../../../src/gateway/recognition/deadline';

const aborted = (signal: AbortSignal) =>
  new Promise<unknown>((resolve) => (signal.aborted ? resolve(signal.reason) : signal.addEventListener('abort', () => resolve(signal.reason), { once: true })));

describe('deadlineSignal', () => {
  it('fires at its deadline with a TimeoutError, as AbortSignal.timeout would', async () => {
    const started = Date.now();
    const reason = await aborted(deadlineSignal(50).signal);
    expect(reason).toBeInstanceOf(DOMException);
    expect((reason as DOMException).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("follows the caller's signal with the caller's reason", async () => {
    const caller = new AbortController();
    const { signal } = deadlineSignal(60_000, caller.signal);
    caller.abort(new Error('client gone'));
    expect(await aborted(signal)).toEqual(new Error('client gone'));
  });

  it('fires no more once cleared', async () => {
    const deadline = deadlineSignal(20);
    deadline.clear();
    await new Promise((r) => setTimeout(r, 80));
    expect(deadline.signal.aborted).toBe(false);
  });
});
