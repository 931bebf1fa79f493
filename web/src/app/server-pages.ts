// The pages a server renders with their content (Home, the search, a car's page, the blog): the
// ones a visitor, a link preview or a search engine opens. Dashboards and sign-in stay rendered
// in the browser. Each page names the reads it starts with, so the server fetches them first.
import type { QueryClient } from '@tanstack/react-query';
import {
  advertisedCarsQuery,
  carFacetsQuery,
  carQuery,
  carSearchQuery,
  categoriesQuery,
} from '../api/queries.ts';
import { listRequest, readSearch } from '../search/search-state.ts';

/** Fetches a page's first reads into `client`. */
export type PageReads = (client: QueryClient) => Promise<unknown>[];

/**
 * The reads a server-rendered page starts with; undefined for a page the browser renders alone.
 * A car's price history is left to the browser: its dates are written in the reader's time zone.
 */
export function serverRenderedReads(
  pathname: string,
  params: URLSearchParams,
): PageReads | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') {
    return (client) => [
      client.prefetchQuery(advertisedCarsQuery()),
      client.prefetchQuery(categoriesQuery(1)),
    ];
  }
  if (path === '/blog') return () => [];
  if (path === '/products') {
    const state = readSearch(params);
    return (client) => [
      client.prefetchQuery(carSearchQuery(listRequest(state))),
      client.prefetchQuery(carFacetsQuery(state.filters)),
    ];
  }
  const car = /^\/car\/([^/]+)$/.exec(path)?.[1];
  if (car === undefined) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(car);
  } catch {
    return undefined;
  }
  return (client) => [client.prefetchQuery(carQuery(id))];
}
