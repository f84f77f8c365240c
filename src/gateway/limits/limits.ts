/**
 * Per-token call limits (DESIGN.md §3): `rate` calls per second and `concurrency` calls in flight.
 * One interface, two stores: in-process memory (one gateway) and Redis (several gateways share it).
 */
export interface Limits {
  /** Spends one call of the key's budget for the current second; false when it is spent. */
  takeRate(key: string, perSecond: number): Promise<boolean>;
  /** Takes one of `max` in-flight slots; the returned function gives it back, undefined = all taken. */
  acquireSlot(key: string, max: number): Promise<Release | undefined>;
  close(): Promise<void>;
}

export type Release = () => Promise<void>;
