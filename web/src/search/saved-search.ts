// A search as it is saved: the query it keeps, the name it is offered under, its filters in
// words, and the address that opens it again. Only types come from the contract, as in
// search-state.ts: the search page carries no schema library until a form opens.
import {
  formatMileage,
  formatMoney,
  fuelLabels,
  sortLabels,
  transmissionLabels,
} from '../components/car-facts.ts';
import {
  dealWords,
  emptySearch,
  filterChips,
  isSearching,
  nearWords,
  readSearch,
  type SearchState,
  writeSearch,
} from './search-state.ts';

/** The longest name the contract's `SaveSearchBody` takes. */
const NAME_MAX = 60;

/**
 * The query a saved search keeps: the filters and the sort, without the page or the cursor. A
 * category's page adds its category, which is the path's rather than a filter there.
 */
export function savedQuery(state: SearchState, category?: string): string {
  const filters = category === undefined ? state.filters : { ...state.filters, category };
  return writeSearch({ ...emptySearch, filters, sort: state.sort }).toString();
}

/** Whether there is anything to save: a filter or a sort of its own. */
export const canSave = (state: SearchState, category?: string): boolean =>
  category !== undefined || isSearching(state);

/**
 * A name for the search, from its filters: "Toyota under $15,000", "“corolla”, automatic",
 * "Cars, within 50 km of Boulder, CO", "Toyota, great or good deals".
 */
export function suggestedName(query: string): string {
  const { filters } = readSearch(new URLSearchParams(query));
  const { q, category, make, model, minPrice, maxPrice, minYear, maxYear } = filters;
  const what = [make ? [make, model].filter(Boolean).join(' ') : category, q ? `“${q}”` : '']
    .filter(Boolean)
    .join(' ');
  let name = what || 'Cars';
  if (minPrice !== undefined && maxPrice !== undefined) {
    name += ` ${formatMoney(minPrice)} to ${formatMoney(maxPrice)}`;
  } else if (maxPrice !== undefined) {
    name += ` under ${formatMoney(maxPrice)}`;
  } else if (minPrice !== undefined) {
    name += ` from ${formatMoney(minPrice)}`;
  }
  const more: string[] = [];
  if (make && category) more.push(category);
  if (minYear !== undefined && maxYear !== undefined) more.push(`${minYear}–${maxYear}`);
  else if (minYear !== undefined) more.push(`${minYear} or newer`);
  else if (maxYear !== undefined) more.push(`${maxYear} or older`);
  if (filters.maxMileage !== undefined) more.push(`up to ${formatMileage(filters.maxMileage)}`);
  if (filters.fuel) more.push(fuelLabels[filters.fuel].toLowerCase());
  if (filters.transmission) more.push(transmissionLabels[filters.transmission].toLowerCase());
  if (filters.location) more.push(`in ${filters.location}`);
  if (filters.deal && filters.deal.length > 0) more.push(dealWords(filters.deal).toLowerCase());
  const near = nearWords(filters);
  if (near) more.push(`within ${near}`);
  const full = [name, ...more].join(', ');
  return full.length <= NAME_MAX ? full : `${full.slice(0, NAME_MAX - 1).trimEnd()}…`;
}

/**
 * The filters and the sort of a saved query, in the words of the search page's chips: "Within
 * 50 km of Boulder, CO · Sorted by distance: nearest first".
 */
export function describeQuery(query: string): string {
  const { filters, sort } = readSearch(new URLSearchParams(query));
  const words = filterChips(filters).map((chip) => chip.label);
  if (sort !== 'newest') words.push(`Sorted by ${sortLabels[sort].toLowerCase()}`);
  return words.join(' · ') || 'Every car';
}

/**
 * Where a saved search opens: All Cars with its query. The category is one of All Cars'
 * filters, so a search within a category opens there too, every filter shown as a chip.
 */
export const savedSearchHref = (query: string): string =>
  query ? `/products?${query}` : '/products';
