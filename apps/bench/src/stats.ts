/** Percentiles and rates of measured samples. */

/**
 * The p-th percentile (0 to 100) of the samples by the nearest-rank method: the smallest sample
 * such that at least p% of the samples are at or below it. Undefined when there is none.
 */
export const percentile = (samples: readonly number[], p: number): number | undefined => {
  if (samples.length === 0) return undefined;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`A percentile is between 0 and 100, not ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
};

export interface Summary {
  count: number;
  p50: number | undefined;
  p95: number | undefined;
  p99: number | undefined;
  max: number | undefined;
}

export const summarize = (samples: readonly number[]): Summary => ({
  count: samples.length,
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  p99: percentile(samples, 99),
  max: percentile(samples, 100),
});

/** Operations per second. */
export const perSecond = (count: number, elapsedMs: number): number =>
  elapsedMs > 0 ? (count * 1000) / elapsedMs : 0;

/** The middle value (the mean of the two middle ones for an even count); NaN when empty. */
export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
