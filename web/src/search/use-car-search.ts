import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE } from '../api/endpoints.ts';
import { carFacetsQuery, carSearchQuery } from '../api/queries.ts';
import { clearAll } from './filter-panel.tsx';
import {
  carCount,
  filterChips,
  isSearching,
  listRequest,
  nextPage,
  pageNumber,
  previousPage,
  readSearch,
  type SearchFilters,
  type SearchState,
  withFilters,
  writeSearch,
} from './search-state.ts';

type Change = (how: (from: SearchState) => SearchState | undefined) => boolean;

/**
 * The search in the address bar. `change` makes another search a new step of the history; it
 * starts from the search last asked for, so a second change made before the page has caught up
 * with the first keeps both.
 */
function useSearchState(fixedCategory: string | undefined): {
  state: SearchState;
  change: Change;
} {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => {
    const read = readSearch(params);
    // A category's page searches within the category of its path.
    if (fixedCategory !== undefined) delete read.filters.category;
    return read;
  }, [params, fixedCategory]);
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);
  const change: Change = (how) => {
    const from = latest.current;
    const next = how(from);
    if (!next) return false;
    const nextParams = writeSearch(next);
    if (nextParams.toString() === writeSearch(from).toString()) return false;
    latest.current = next;
    // Committed before the next event is handled: the router's updates run in a transition
    // otherwise, and a render of an earlier change could then hand a later one a stale start.
    setParams(nextParams, { flushSync: true });
    return true;
  };
  return { state, change };
}

/**
 * A search page's data: the search in the address bar, its cars and its filter counts, and the
 * ways to change it (filters, clearing, turning pages).
 */
export function useCarSearch(category: string | undefined) {
  const { state, change } = useSearchState(category);
  const searching = isSearching(state);
  const request = listRequest(state);
  const list = useQuery({
    ...carSearchQuery(request, category),
    placeholderData: keepPreviousData,
  });
  const facetFilters: SearchFilters =
    category === undefined ? state.filters : { ...state.filters, category };
  const facets = useQuery({
    ...carFacetsQuery(facetFilters),
    placeholderData: keepPreviousData,
    meta: { quiet: true },
  });

  const data = list.data;
  const changing = list.isPlaceholderData;
  const filter = (changes: Partial<SearchFilters>) => change((from) => withFilters(from, changes));
  const clear = () => change((from) => withFilters(from, clearAll(from.filters)));
  const nextLink = changing ? undefined : data?.next;
  // Pages turn from the page on screen: a change still on its way makes a new first page.
  const turnTo = (how: (from: SearchState) => SearchState | undefined) => {
    if (change((from) => (from === state ? how(from) : undefined))) window.scrollTo({ top: 0 });
  };
  const hasNext = nextLink !== undefined && nextPage(state, nextLink) !== undefined;
  const hasPrevious = !changing && previousPage(state) !== undefined;
  const page = pageNumber(state);
  // A place and its radius are one filter, as their chip is.
  const activeCount = filterChips(state.filters).length;
  const count = data ? carCount(data.total, data.estimated) : undefined;
  const pages = !searching && data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : undefined;

  return {
    state,
    change,
    searching,
    list,
    facets,
    data,
    changing,
    filter,
    clear,
    nextLink,
    turnTo,
    hasNext,
    hasPrevious,
    page,
    pages,
    activeCount,
    count,
  };
}

export type CarSearch = ReturnType<typeof useCarSearch>;
