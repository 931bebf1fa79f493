import { QueryCache, QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ApiError, describeError } from '../api/http.ts';

const FIVE_MINUTES = 5 * 60 * 1000;

/** A client error will not get better by asking again (except 429, too many requests). */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A failed read is never silent: one toast per query. Only reads that merely help (counts
    // beside filter choices, suggestions) say `meta: { quiet: true }` and go without.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.quiet === true) return;
        toast.error(describeError(error), { id: `query-${query.queryHash}` });
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 3 && worthRetrying(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
      },
    },
  });
}
