import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Limits, Release } from './limits';

/**
 * rate-limiter-flexible keeps points per limiter, so there is one limiter per distinct rate value
 * (few in practice); the key still names the token.
 */
export function rateLimitersByRate<L>(make: (perSecond: number) => L): (perSecond: number) => L {
  const limiters = new Map<number, L>();
  return (perSecond) => {
    let l = limiters.get(perSecond);
    if (!l) {
      l = make(perSecond);
      limiters.set(perSecond, l);
    }
    return l;
  };
}

/** Slots in flight per key, counted in this process. */
export function memorySlots() {
  const inFlight = new Map<string, number>();
  return (key: string, max: number): Release | undefined => {
    const n = inFlight.get(key) ?? 0;
    if (n >= max) return undefined;
    inFlight.set(key, n + 1);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left <= 0) inFlight.delete(key);
      else inFlight.set(key, left);
    };
  };
}

/** Limits for a single gateway process. */
export function memoryLimits(): Limits {
  const rateFor = rateLimitersByRate((points) => new RateLimiterMemory({ points, duration: 1 }));
  const slots = memorySlots();
  return {
    async takeRate(key, perSecond) {
      try {
        await rateFor(perSecond).consume(key);
        return true;
      } catch {
        return false; // the limiter rejects with its state when the budget is spent
      }
    },
    async acquireSlot(key, max) {
      return slots(key, max);
    },
    async close() {},
  };
}
