// The search in the address bar: query parameters to filters and back.
import { describe, expect, it } from 'vitest';
import {
  carCount,
  emptySearch,
  filterChips,
  isSearching,
  nextPage,
  pageNumber,
  previousPage,
  readSearch,
  searchHref,
  withFilters,
  withSort,
  writeSearch,
} from '../src/search/search-state.ts';

const read = (query: string) => readSearch(new URLSearchParams(query));
const write = (query: string) => writeSearch(read(query)).toString();

describe('reading the address bar', () => {
  it('reads every filter, the sort and the cursor paging by their API names', () => {
    const state = read(
      'q=corolla&category=Sedan&make=Toyota&model=Corolla&minPrice=5000&maxPrice=15000' +
        '&minYear=2015&maxYear=2020&maxMileage=120000&fuel=petrol&transmission=automatic' +
        '&location=Berlin&sort=price_asc&cursor=c3&prev=c2',
    );
    expect(state).toEqual({
      filters: {
        q: 'corolla',
        category: 'Sedan',
        make: 'Toyota',
        model: 'Corolla',
        minPrice: 5000,
        maxPrice: 15000,
        minYear: 2015,
        maxYear: 2020,
        maxMileage: 120000,
        fuel: 'petrol',
        transmission: 'automatic',
        location: 'Berlin',
      },
      sort: 'price_asc',
      page: 1,
      cursor: 'c3',
      prev: ['c2'],
    });
  });

  it('is the plain list, page 1, newest first, when the address has nothing', () => {
    expect(read('')).toEqual(emptySearch);
    expect(isSearching(read(''))).toBe(false);
    expect(read('page=3').page).toBe(3);
  });

  it('leaves out what the API would refuse instead of failing the page', () => {
    const state = read(
      'minPrice=cheap&maxYear=1800&maxMileage=1.5&fuel=steam&transmission=cvt&sort=best&page=-2&q=%20%20',
    );
    expect(state.filters).toEqual({});
    expect(state.sort).toBe('newest');
    expect(state.page).toBe(1);
  });

  it('reads numbers as people type them and case-insensitive choices', () => {
    expect(read('maxPrice=15,000&fuel=Diesel&transmission=MANUAL').filters).toEqual({
      maxPrice: 15000,
      fuel: 'diesel',
      transmission: 'manual',
    });
  });

  it('turns a range typed the wrong way round and forgets a model without its make', () => {
    expect(
      read('minPrice=20000&maxPrice=10000&minYear=2020&maxYear=2010&model=Golf').filters,
    ).toEqual({ minPrice: 10000, maxPrice: 20000, minYear: 2010, maxYear: 2020 });
  });

  it('cuts text to what the API accepts', () => {
    expect(read(`q=${'a'.repeat(150)}`).filters.q).toHaveLength(100);
  });

  it('reads a place and its radius, and leaves out a radius or a distance sort without a place', () => {
    expect(read('near=Boulder%2C+CO&radiusKm=25&sort=distance')).toMatchObject({
      filters: { near: 'Boulder, CO', radiusKm: 25 },
      sort: 'distance',
    });
    expect(read('radiusKm=25&sort=distance')).toMatchObject({ filters: {}, sort: 'newest' });
    expect(read('near=Lyon&radiusKm=0').filters).toEqual({ near: 'Lyon' });
    expect(read('near=Lyon&radiusKm=501').filters).toEqual({ near: 'Lyon' });
    expect(read('near=Lyon&radiusKm=500').filters).toEqual({ near: 'Lyon', radiusKm: 500 });
  });

  it('reads deal ratings best first, once each, leaving out the unknown', () => {
    expect(read('deal=good,GREAT,good,cheap').filters).toEqual({ deal: ['great', 'good'] });
    expect(read('deal=cheap').filters).toEqual({});
    expect(writeSearch(read('deal=good,great')).toString()).toBe('deal=great%2Cgood');
  });
});

describe('writing the address bar', () => {
  it('writes filters in a fixed order and leaves out the defaults', () => {
    expect(write('fuel=petrol&q=corolla&sort=newest&maxPrice=15000')).toBe(
      'q=corolla&maxPrice=15000&fuel=petrol',
    );
    expect(write('sort=year_desc')).toBe('sort=year_desc');
    expect(write('')).toBe('');
  });

  it('round-trips every search', () => {
    const query =
      'q=toy+cor&make=Toyota&model=Corolla&maxPrice=15000&minYear=2015&transmission=automatic' +
      '&sort=price_asc&cursor=c3&prev=c1&prev=c2';
    expect(write(query)).toBe(query);
    expect(read(write(query))).toEqual(read(query));
  });

  it('keeps page numbers for the plain list and cursors for a search', () => {
    expect(write('page=2')).toBe('page=2');
    expect(write('page=1')).toBe('');
    expect(write('q=golf&page=2')).toBe('q=golf');
    expect(write('cursor=c2')).toBe('');
  });

  it('links a quick search to All Cars', () => {
    expect(searchHref({ q: 'corolla' })).toBe('/products?q=corolla');
    expect(searchHref({ q: 'toyota corolla', maxPrice: 15000 })).toBe(
      '/products?q=toyota+corolla&maxPrice=15000',
    );
    expect(searchHref({})).toBe('/products');
  });
});

describe('changing a search', () => {
  it('starts from the first page when a filter or the sort changes', () => {
    const onPage3 = read('q=corolla&cursor=c3&prev=c2');
    expect(writeSearch(withFilters(onPage3, { maxPrice: 15000 })).toString()).toBe(
      'q=corolla&maxPrice=15000',
    );
    expect(writeSearch(withSort(onPage3, 'price_asc')).toString()).toBe('q=corolla&sort=price_asc');
    expect(writeSearch(withFilters(read('page=4'), { fuel: 'hybrid' })).toString()).toBe(
      'fuel=hybrid',
    );
  });

  it('removes a filter set to undefined, and a new make forgets the model', () => {
    const state = read('make=Toyota&model=Corolla&fuel=petrol');
    expect(withFilters(state, { fuel: undefined }).filters).toEqual({
      make: 'Toyota',
      model: 'Corolla',
    });
    expect(withFilters(state, { make: 'Honda' }).filters).toEqual({
      make: 'Honda',
      fuel: 'petrol',
    });
    expect(withFilters(state, { make: undefined }).filters).toEqual({ fuel: 'petrol' });
  });

  it('sorts by distance only near a place: without one the radius and that sort go', () => {
    const near = read('near=Boulder%2C+CO&radiusKm=25&sort=distance');
    expect(writeSearch(withFilters(near, { near: undefined })).toString()).toBe('');
    expect(writeSearch(withFilters(near, { near: 'Lyon' })).toString()).toBe(
      'near=Lyon&radiusKm=25&sort=distance',
    );
    expect(withSort(read('q=golf'), 'distance').sort).toBe('newest');
    expect(withSort(read('near=Lyon'), 'distance').sort).toBe('distance');
  });
});

describe('pages', () => {
  it("follows a search's next link by its cursor and keeps the way back", () => {
    const first = read('q=corolla&sort=price_asc');
    expect(pageNumber(first)).toBe(1);
    const second = nextPage(first, '/api/products?q=corolla&sort=price_asc&limit=24&cursor=c2')!;
    expect(writeSearch(second).toString()).toBe('q=corolla&sort=price_asc&cursor=c2');
    expect(pageNumber(second)).toBe(2);
    const third = nextPage(second, '/api/products?q=corolla&limit=24&cursor=c3')!;
    expect(writeSearch(third).toString()).toBe('q=corolla&sort=price_asc&cursor=c3&prev=c2');
    expect(pageNumber(third)).toBe(3);

    expect(previousPage(third)).toEqual(second);
    expect(writeSearch(previousPage(second)!).toString()).toBe('q=corolla&sort=price_asc');
    expect(previousPage(first)).toBeUndefined();
  });

  it("follows the plain list's next link by its page number", () => {
    const second = nextPage(read(''), '/api/products?page=2&limit=20')!;
    expect(writeSearch(second).toString()).toBe('page=2');
    expect(pageNumber(second)).toBe(2);
    expect(writeSearch(previousPage(second)!).toString()).toBe('');
  });
});

describe('words on screen', () => {
  it('names each active filter for its chip, with the change that removes it', () => {
    const chips = filterChips(
      read(
        'q=corolla&make=Toyota&minPrice=5000&maxPrice=15000&minYear=2015&maxYear=2020' +
          '&maxMileage=100000&fuel=lpg&transmission=automatic&location=Bremen',
      ).filters,
    );
    expect(chips.map((chip) => chip.label)).toEqual([
      '“corolla”',
      'Make: Toyota',
      'From $5,000',
      'Up to $15,000',
      '2015 or newer',
      '2020 or older',
      'Up to 100,000 km',
      'LPG',
      'Automatic',
      'Location: Bremen',
    ]);
    expect(chips[3]?.remove).toEqual({ maxPrice: undefined });
  });

  it('names a search near a place by its radius, the default when not given', () => {
    const [within] = filterChips(read('near=Boulder%2C+CO&radiusKm=100').filters);
    expect(within).toEqual({
      key: 'near',
      label: 'Within 100 km of Boulder, CO',
      remove: { near: undefined, radiusKm: undefined },
    });
    expect(filterChips(read('near=Lyon').filters).map((chip) => chip.label)).toEqual([
      'Within 50 km of Lyon',
    ]);
  });

  it('names a deal filter by its ratings, best first', () => {
    expect(filterChips(read('deal=good,great').filters)).toEqual([
      { key: 'deal', label: 'Great or good deals', remove: { deal: undefined } },
    ]);
    expect(
      ['deal=great', 'deal=fair,good,great', 'deal=high,overpriced'].map((query) =>
        filterChips(read(query).filters).map((chip) => chip.label),
      ),
    ).toEqual([
      ['Great deals'],
      ['Great, good or fair deals'],
      ['High-priced or overpriced deals'],
    ]);
  });

  it('counts cars, and says when the count is an estimate', () => {
    expect(carCount(0)).toBe('0 cars');
    expect(carCount(1)).toBe('1 car');
    expect(carCount(1234)).toBe('1,234 cars');
    expect(carCount(48_000, true)).toBe('over 10,000 cars');
  });
});
