/** The value at quantile `q` (0..1) of `values`, NaN when there are none. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

export const median = (values: number[]) => quantile(values, 0.5);
