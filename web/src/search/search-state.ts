// A search of cars as the address bar holds it. Every filter, the sort and the page are query
// parameters of /products (and of /category/:name, whose category is the path's), so a search
// can be shared, bookmarked and walked back with Back. The parameters are the API's own names.
//
// Only types come from the contract: the header's search box uses this module on every page,
// and the first page's download carries no schema library.
import type {
  CarFilters,
  EXACT_TOTAL_LIMIT,
  SEARCH_TEXT_MAX,
} from '@second-gear/features/contract';
import {
  DEFAULT_RADIUS_KM,
  type DealRating,
  dealRatings,
  FIRST_MODEL_YEAR,
  LAST_SEARCHED_YEAR,
  MILEAGE,
  PRICE,
  RADIUS_KM,
  TEXT_MAX,
} from '@second-gear/features/rules';
import {
  type CarListRequest,
  type CarSort,
  PAGE_SIZE,
  SEARCH_PAGE_SIZE,
} from '../api/endpoints.ts';
import {
  formatMileage,
  formatMoney,
  formatNumber,
  fuelLabels,
  isFuel,
  isSort,
  isTransmission,
  transmissionLabels,
} from '../components/car-facts.ts';

/** The filters of a search; what a buyer may narrow by. */
export type SearchFilters = Omit<CarFilters, 'booked'>;
export type FilterKey = keyof SearchFilters;

export interface SearchState {
  filters: SearchFilters;
  sort: CarSort;
  /** The plain list's page number (`page`); a search pages by cursor instead. */
  page: number;
  /** Where this page of a search starts (`cursor`, from the `next` link of the page before). */
  cursor?: string | undefined;
  /** The cursors of the pages before this one, after the first (`prev`, repeated): Previous. */
  prev: string[];
}

export const emptySearch: SearchState = { filters: {}, sort: 'newest', page: 1, prev: [] };

type TextKey = 'q' | 'category' | 'make' | 'model' | 'location' | 'near';
type NumberKey = 'minPrice' | 'maxPrice' | 'minYear' | 'maxYear' | 'maxMileage' | 'radiusKm';

/** The longest text the API accepts for each; longer text is cut. */
const textMax = {
  q: 100 satisfies typeof SEARCH_TEXT_MAX,
  category: 128,
  make: TEXT_MAX.make,
  model: TEXT_MAX.model,
  location: TEXT_MAX.location,
  near: TEXT_MAX.location,
} as const satisfies Record<TextKey, number>;

/** The bounds the API accepts for each number; a number outside is left out. */
const numberBounds = {
  minPrice: { min: 0, max: PRICE.max, whole: false },
  maxPrice: { min: 0, max: PRICE.max, whole: false },
  minYear: { min: FIRST_MODEL_YEAR, max: LAST_SEARCHED_YEAR, whole: true },
  maxYear: { min: FIRST_MODEL_YEAR, max: LAST_SEARCHED_YEAR, whole: true },
  maxMileage: { min: MILEAGE.min, max: MILEAGE.max, whole: true },
  radiusKm: { min: RADIUS_KM.min, max: RADIUS_KM.max, whole: false },
} as const satisfies Record<NumberKey, { min: number; max: number; whole: boolean }>;

/** Every filter in the order the address bar lists them. */
export const filterKeys = [
  'q',
  'category',
  'make',
  'model',
  'minPrice',
  'maxPrice',
  'minYear',
  'maxYear',
  'maxMileage',
  'fuel',
  'transmission',
  'location',
  'near',
  'radiusKm',
  'deal',
] as const satisfies readonly FilterKey[];

const isTextKey = (key: FilterKey): key is TextKey => Object.hasOwn(textMax, key);

/** Reads a number as people type it ("15,000", " 15000 "); undefined when it is not one. */
export function readNumber(text: string, key: NumberKey): number | undefined {
  const trimmed = text.trim().replaceAll(',', '');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  const { min, max, whole } = numberBounds[key];
  if (!Number.isFinite(value) || value < min || value > max) return undefined;
  if (whole && !Number.isInteger(value)) return undefined;
  return value;
}

/** Why a typed number cannot be a filter, in words; undefined when it can. */
export function numberProblem(text: string, key: NumberKey): string | undefined {
  if (text.trim() === '' || readNumber(text, key) !== undefined) return undefined;
  const { min, max, whole } = numberBounds[key];
  const value = Number(text.trim().replaceAll(',', ''));
  if (!Number.isFinite(value)) return 'Must be a number';
  if (whole && !Number.isInteger(value)) return 'Must be a whole number';
  if (value < min) return `Must be at least ${formatNumber(min)}`;
  return `Must be at most ${formatNumber(max)}`;
}

/** Deal ratings as the address lists them ("great,good"): the known ones, best first, once each. */
export const readDeal = (raw: string): DealRating[] => {
  const named = new Set(
    raw
      .toLowerCase()
      .split(',')
      .map((item) => item.trim()),
  );
  return dealRatings.filter((rating) => named.has(rating));
};

/** Each rating as a deal filter names it: "Great or good deals". */
const dealAdjectives: Record<DealRating, string> = {
  great: 'great',
  good: 'good',
  fair: 'fair',
  high: 'high-priced',
  overpriced: 'overpriced',
};

/** A deal filter in words, its ratings best first: "Great or good deals". */
export const dealWords = (deal: readonly DealRating[]): string => {
  const words = deal.map((rating) => dealAdjectives[rating]);
  const listed =
    words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
  return `${listed.charAt(0).toUpperCase()}${listed.slice(1)} deals`;
};

/** The filters a query string gives; anything the API would refuse is left out. */
export function readFilters(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = {};
  for (const key of filterKeys) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    if (isTextKey(key)) {
      filters[key] = raw.replaceAll(/\s+/g, ' ').slice(0, textMax[key]);
    } else if (key === 'fuel') {
      const fuel = raw.toLowerCase();
      if (isFuel(fuel)) filters.fuel = fuel;
    } else if (key === 'transmission') {
      const transmission = raw.toLowerCase();
      if (isTransmission(transmission)) filters.transmission = transmission;
    } else if (key === 'deal') {
      const deal = readDeal(raw);
      if (deal.length > 0) filters.deal = deal;
    } else {
      const value = readNumber(raw, key);
      if (value !== undefined) filters[key] = value;
    }
  }
  // A range typed the wrong way round means the same range.
  for (const [low, high] of [
    ['minPrice', 'maxPrice'],
    ['minYear', 'maxYear'],
  ] as const) {
    const a = filters[low];
    const b = filters[high];
    if (a !== undefined && b !== undefined && a > b) {
      filters[low] = b;
      filters[high] = a;
    }
  }
  // A model is a model of its make.
  if (filters.make === undefined) delete filters.model;
  // A radius is a radius around a place.
  if (filters.near === undefined) delete filters.radiusKm;
  return filters;
}

/** Sorting by distance needs a place to measure from; without one the search is newest first. */
const sortFor = (sort: CarSort, filters: SearchFilters): CarSort =>
  sort === 'distance' && filters.near === undefined ? 'newest' : sort;

/** The radius of a search near a place, in kilometres: the API's default when not given. */
export const radiusOf = (filters: SearchFilters): number => filters.radiusKm ?? DEFAULT_RADIUS_KM;

/** The whole search a query string describes. */
export function readSearch(params: URLSearchParams): SearchState {
  const sortParam = params.get('sort')?.trim().toLowerCase() ?? '';
  const page = Number(params.get('page'));
  const cursor = params.get('cursor')?.trim() || undefined;
  const filters = readFilters(params);
  return {
    filters,
    sort: sortFor(isSort(sortParam) ? sortParam : 'newest', filters),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    cursor,
    prev: cursor ? params.getAll('prev').filter((value) => value.trim() !== '') : [],
  };
}

/**
 * A search narrows the list: any filter or a sort of its own. Without one the page is the plain
 * list, every car (bookable ones first, then booked ones, each newest first), numbered pages.
 */
export const isSearching = (state: Pick<SearchState, 'filters' | 'sort'>): boolean =>
  state.sort !== 'newest' || Object.values(state.filters).some((value) => value !== undefined);

/** What to ask the API: a search by cursor, or the plain list by page number. */
export function listRequest(state: SearchState): CarListRequest {
  if (!isSearching(state)) return { filters: {}, page: state.page, limit: PAGE_SIZE };
  return {
    filters: state.filters,
    sort: state.sort === 'newest' ? undefined : state.sort,
    cursor: state.cursor,
    limit: SEARCH_PAGE_SIZE,
  };
}

/** The query string of a search, in a fixed order, leaving out what is the default. */
export function writeSearch(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = state.filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (isSearching(state)) {
    if (state.cursor) {
      params.set('cursor', state.cursor);
      for (const cursor of state.prev) params.append('prev', cursor);
    }
  } else if (state.page > 1) {
    params.set('page', String(state.page));
  }
  return params;
}

/** The address of the first page of a search of all cars. */
export function searchHref(filters: SearchFilters, sort: CarSort = 'newest'): string {
  const params = writeSearch({ ...emptySearch, filters, sort });
  const query = params.toString();
  return query ? `/products?${query}` : '/products';
}

/**
 * The search with some filters changed (undefined removes one), back on its first page. A new
 * make forgets the model of the old one; without a place the radius goes, and a sort by distance
 * falls back to newest first.
 */
export function withFilters(state: SearchState, changes: Partial<SearchFilters>): SearchState {
  const filters: SearchFilters = { ...state.filters, ...changes };
  if ('make' in changes && changes.make !== state.filters.make && !('model' in changes)) {
    delete filters.model;
  }
  for (const key of filterKeys) {
    if (filters[key] === undefined || filters[key] === '') delete filters[key];
  }
  if (filters.make === undefined) delete filters.model;
  if (filters.near === undefined) delete filters.radiusKm;
  const sort = sortFor(state.sort, filters);
  return { ...state, filters, sort, page: 1, cursor: undefined, prev: [] };
}

/** The search in another order, from its first page; by distance only near a place. */
export const withSort = (state: SearchState, sort: CarSort): SearchState => ({
  ...state,
  sort: sortFor(sort, state.filters),
  page: 1,
  cursor: undefined,
  prev: [],
});

/** The number of this page, counting from 1. */
export const pageNumber = (state: SearchState): number =>
  isSearching(state) ? (state.cursor ? state.prev.length + 2 : 1) : state.page;

/**
 * The page after this one, from the `next` link the API answered: a cursor for a search, a page
 * number for the plain list. Undefined when the link names neither.
 */
export function nextPage(state: SearchState, nextLink: string): SearchState | undefined {
  const params = new URL(nextLink, 'http://x').searchParams;
  const cursor = params.get('cursor');
  if (cursor) {
    return {
      ...state,
      page: 1,
      cursor,
      prev: state.cursor ? [...state.prev, state.cursor] : [],
    };
  }
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) return { ...state, page, cursor: undefined, prev: [] };
  return undefined;
}

/** The page before this one; undefined on the first page. */
export function previousPage(state: SearchState): SearchState | undefined {
  if (pageNumber(state) <= 1) return undefined;
  if (!isSearching(state)) return { ...state, page: state.page - 1 };
  const prev = state.prev.slice(0, -1);
  return { ...state, cursor: state.prev.at(-1), prev };
}

/** How far from where a search near a place reaches: "50 km of Boulder, CO"; none without one. */
export const nearWords = (filters: SearchFilters): string | undefined =>
  filters.near ? `${formatNumber(radiusOf(filters))} km of ${filters.near}` : undefined;

/** An active filter as a removable chip: its words, and the change that removes it. */
export interface FilterChip {
  key: FilterKey;
  label: string;
  remove: Partial<SearchFilters>;
}

/** The active filters in the order of the panel, each with the words of its chip. */
export function filterChips(filters: SearchFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: FilterKey, label: string) =>
    chips.push({ key, label, remove: { [key]: undefined } });
  const { q, category, make, model, minPrice, maxPrice, minYear, maxYear, maxMileage } = filters;
  if (q) add('q', `“${q}”`);
  if (category) add('category', `Category: ${category}`);
  if (make) add('make', `Make: ${make}`);
  if (model) add('model', `Model: ${model}`);
  if (minPrice !== undefined) add('minPrice', `From ${formatMoney(minPrice)}`);
  if (maxPrice !== undefined) add('maxPrice', `Up to ${formatMoney(maxPrice)}`);
  if (minYear !== undefined) add('minYear', `${minYear} or newer`);
  if (maxYear !== undefined) add('maxYear', `${maxYear} or older`);
  if (maxMileage !== undefined) add('maxMileage', `Up to ${formatMileage(maxMileage)}`);
  if (filters.fuel) add('fuel', fuelLabels[filters.fuel]);
  if (filters.transmission) add('transmission', transmissionLabels[filters.transmission]);
  if (filters.location) add('location', `Location: ${filters.location}`);
  if (filters.deal && filters.deal.length > 0) add('deal', dealWords(filters.deal));
  const near = nearWords(filters);
  if (near) {
    chips.push({
      key: 'near',
      label: `Within ${near}`,
      remove: { near: undefined, radiusKm: undefined },
    });
  }
  return chips;
}

/** Totals up to this many matches are exact; above it the API estimates. */
const exactTotalLimit: typeof EXACT_TOTAL_LIMIT = 10_000;

/** "1 car", "1,234 cars", or "over 10,000 cars" when the API could only estimate. */
export function carCount(total: number, estimated = false): string {
  if (estimated) return `over ${formatNumber(exactTotalLimit)} cars`;
  return total === 1 ? '1 car' : `${formatNumber(total)} cars`;
}
