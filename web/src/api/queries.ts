// The reads the public pages start with, each named once: the page asks for it, and a server
// rendering the page fetches the same read first, so the browser starts with its answer.
import { queryOptions } from '@tanstack/react-query';
import {
  type CarListRequest,
  getAdvertisedCars,
  getCar,
  getCarFacets,
  getCategories,
  getSeller,
  searchCars,
} from './endpoints.ts';

/** Home's Recommended Cars. */
export const advertisedCarsQuery = () =>
  queryOptions({ queryKey: ['cars', 'advertised'], queryFn: getAdvertisedCars });

/** A page of the categories, as Home lists them. */
export const categoriesQuery = (page: number) =>
  queryOptions({ queryKey: ['categories', page], queryFn: () => getCategories(page) });

/** One car, for its page. */
export const carQuery = (id: string) =>
  queryOptions({ queryKey: ['car', id], queryFn: () => getCar(id) });

/** A page of a search, or of the plain list; within a category on a category's page. */
export const carSearchQuery = (request: CarListRequest, category?: string) =>
  queryOptions({
    queryKey: ['cars', 'search', category ?? null, request],
    queryFn: () => searchCars(request, category),
  });

/** The counts beside the filter panel's choices. */
export const carFacetsQuery = (filters: CarListRequest['filters']) =>
  queryOptions({ queryKey: ['cars', 'facets', filters], queryFn: () => getCarFacets(filters) });

/**
 * A seller's profile, for its page. Every key of a seller's reads starts with `seller`, so a
 * review, an answer or a moderator's action refreshes them all.
 */
export const sellerQuery = (id: string) =>
  queryOptions({ queryKey: ['seller', id], queryFn: () => getSeller(id) });
