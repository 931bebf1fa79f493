// The pages a server renders with their content (Home, the search, a car's page, a seller's
// profile, the blog): the ones a visitor, a link preview or a search engine opens. Dashboards and sign-in stay rendered
// in the browser. Each page names the reads it starts with, so the server fetches them first.
import type { QueryClient } from '@tanstack/react-query';
import {
  advertisedCarsQuery,
  carFacetsQuery,
  carQuery,
  carSearchQuery,
  categoriesQuery,
  sellerQuery,
} from '../api/queries.ts';
import { listRequest, readSearch } from '../search/search-state.ts';

/** Fetches a page's first reads into `client`. */
export type PageReads = (client: QueryClient) => Promise<unknown>[];

/**
 * The reads a server-rendered page starts with; undefined for a page the browser renders alone.
 * A car's price history is left to the browser: its dates are written in the reader's time zone.
 * A seller's profile starts with their newest reviews; further pages are the browser's.
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
  const car = idIn(path, 'car');
  if (car !== undefined) return (client) => [client.prefetchQuery(carQuery(car))];
  const seller = idIn(path, 'seller');
  if (seller !== undefined) return (client) => [client.prefetchQuery(sellerQuery(seller))];
  return undefined;
}

/** The id in a path of one thing (`/car/:id`, `/seller/:id`); undefined for any other path. */
function idIn(path: string, page: 'car' | 'seller'): string | undefined {
  const segment = new RegExp(`^/${page}/([^/]+)$`).exec(path)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
