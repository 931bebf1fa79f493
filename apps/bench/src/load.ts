import autocannon from 'autocannon';

export interface LoadResult {
  /** Requests answered per second (mean of autocannon's one-second samples). */
  requestsPerSecond: number;
  /** Latency percentiles, milliseconds. */
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

/** Runs autocannon against `url` with the given paths (cycled by each connection), with `headers`. */
export const load = async (
  url: string,
  paths: readonly string[],
  options: { connections: number; durationSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult> => {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: paths.map((path) => ({
      method: 'GET',
      path,
      ...(options.headers ? { headers: options.headers } : {}),
    })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
};
