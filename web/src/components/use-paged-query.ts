import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_SIZE } from '../api/endpoints.ts';
import type { Page } from '../api/http.ts';

/**
 * One page of a list at a time, keeping the last page on screen while the next loads. `key`
 * names the list; the page number is added to it. `offset` numbers the rows (Sl No.).
 */
export function usePagedQuery<P extends Page<unknown>>(
  key: readonly unknown[],
  fetchPage: (page: number) => Promise<P>,
  options: { enabled?: boolean } = {},
) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...key, page],
    queryFn: () => fetchPage(page),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
  return { ...query, page, setPage, offset: (page - 1) * PAGE_SIZE };
}
