import { createHash } from 'node:crypto';
import type { CarRecord, SellerProfile } from '@second-gear/features/contract';
import { fuelLabels, transmissionLabels } from '@second-gear/features/contract/car-labels';

/** What a car's page shows of it in a link preview and to search engines. */
export type SharedCar = Pick<
  CarRecord,
  | '_id'
  | 'name'
  | 'price'
  | 'original_price'
  | 'location'
  | 'image'
  | 'images'
  | 'sold'
  | 'make'
  | 'model'
  | 'year'
  | 'mileage'
  | 'fuel'
  | 'transmission'
  | 'description'
>;

/**
 * Reads one car for its page: the car, or `undefined` when there is no such car (never listed,
 * deleted, or an id the query side refuses). Throws when the query side cannot say.
 */
export type CarReader = (id: string, signal: AbortSignal) => Promise<SharedCar | undefined>;

/** One answer of the query side, as a car reader needs it. */
export interface QueryAnswer {
  status: number;
  json(): Promise<unknown>;
}

/** A car reader over the query side's `GET /api/product/:id`, however it is reached. */
export const carReaderOver =
  (get: (path: string, signal: AbortSignal) => Promise<QueryAnswer>): CarReader =>
  async (id, signal) => {
    const answer = await get(`/api/product/${encodeURIComponent(id)}`, signal);
    // 400: an id the API never gives a car (too long, blank), so no car's.
    if (answer.status === 404 || answer.status === 400) return undefined;
    if (answer.status !== 200) throw new Error(`the query side answered ${answer.status}`);
    const car = (await answer.json()) as Partial<SharedCar> | null;
    if (typeof car?.name !== 'string' || typeof car.price !== 'number') {
      throw new Error('the query side answered something other than a car');
    }
    return car as SharedCar;
  };

/** What a seller's page shows of them in a link preview and to search engines. */
export type SharedSeller = Pick<
  SellerProfile,
  '_id' | 'name' | 'photo_url' | 'member_since' | 'rating' | 'meetups_accepted' | 'cars_for_sale'
> & { cars: Pick<CarRecord, 'image'>[] };

/** Reads one seller for their page, as `CarReader` reads a car. */
export type SellerReader = (id: string, signal: AbortSignal) => Promise<SharedSeller | undefined>;

/** A seller reader over the query side's `GET /api/sellers/:id`, however it is reached. */
export const sellerReaderOver =
  (get: (path: string, signal: AbortSignal) => Promise<QueryAnswer>): SellerReader =>
  async (id, signal) => {
    const answer = await get(`/api/sellers/${encodeURIComponent(id)}`, signal);
    if (answer.status === 404 || answer.status === 400) return undefined;
    if (answer.status !== 200) throw new Error(`the query side answered ${answer.status}`);
    const seller = (await answer.json()) as Partial<SharedSeller> | null;
    if (typeof seller?.name !== 'string' || typeof seller.rating !== 'object') {
      throw new Error('the query side answered something other than a seller');
    }
    return seller as SharedSeller;
  };

/** What the pages that name a thing read of it for their heads: a car, a seller. */
export interface PageReaders {
  car: CarReader;
  seller: SellerReader;
}

/** Both readers over one way of reaching the query side. */
export const pageReadersOver = (
  get: (path: string, signal: AbortSignal) => Promise<QueryAnswer>,
): PageReaders => ({ car: carReaderOver(get), seller: sellerReaderOver(get) });

export const PRODUCT_NAME = 'Second Gear';
export const SITE_DESCRIPTION = 'Second Gear: Buy, Sell and Enjoy. A used-car marketplace.';

/** The currency every price is in (the client shows them as dollars). */
export const PRICE_CURRENCY = 'USD';

/** The head of one page, before it is written as tags. */
export interface PageMeta {
  /** The page's own name; the title reads "{name} | Second Gear". Absent: the product's name. */
  name?: string;
  description: string;
  /** The page's path and query on the public origin; absent, no canonical link is given. */
  canonicalPath?: string;
  /** False for pages no search engine should list (sign-in, dashboards, unknown pages). */
  index: boolean;
  /** Open Graph's type: `website`, `product` for a car, `profile` for a seller. */
  type: 'website' | 'product' | 'profile';
  /** Price tags and the JSON-LD block of a car's page. */
  car?: SharedCar;
  /** The picture of a page that is not a car's (a seller's photo or first car). */
  image?: string;
}

/** The tags of a page whose car could not be read, or that nothing names. */
export const genericMeta = (index: boolean): PageMeta => ({
  description: SITE_DESCRIPTION,
  index,
  type: 'website',
});

/** Which page a path is, as the client's router reads it (a trailing slash changes nothing). */
export type PageRoute =
  | { page: 'home' | 'products' | 'blog' | 'login' | 'register' | 'dashboard' | 'unknown' }
  | { page: 'category'; name: string }
  | { page: 'car'; id: string }
  | { page: 'seller'; id: string };

const segmentValue = (segment: string): string | undefined => {
  try {
    const value = decodeURIComponent(segment);
    return value.trim() === '' ? undefined : value;
  } catch {
    return undefined;
  }
};

export const routeOf = (path: string): PageRoute => {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const segments = trimmed.split('/').slice(1);
  const [first = '', second, ...rest] = segments;
  if (trimmed === '/' || trimmed === '') return { page: 'home' };
  if (first === 'user') return { page: 'dashboard' };
  if (segments.length === 1) {
    if (first === 'products') return { page: 'products' };
    if (first === 'blog') return { page: 'blog' };
    if (first === 'login') return { page: 'login' };
    if (first === 'register') return { page: 'register' };
  }
  if (second !== undefined && rest.length === 0) {
    const value = segmentValue(second);
    if (value !== undefined && first === 'car') return { page: 'car', id: value };
    if (value !== undefined && first === 'seller') return { page: 'seller', id: value };
    if (value !== undefined && first === 'category') return { page: 'category', name: value };
  }
  return { page: 'unknown' };
};

/** The query parameters that only page through a list; a canonical link leaves them out. */
const PAGING_PARAMETERS = new Set(['cursor', 'page', 'limit']);

const searchWithoutPaging = (search: string): string => {
  const kept = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) {
    if (!PAGING_PARAMETERS.has(key) && value !== '') kept.append(key, value);
  }
  const text = kept.toString();
  return text === '' ? '' : `?${text}`;
};

// A car read from the query side names its fuel and gearbox as the contract does; a name this
// version does not know is shown as sent.
const fuelNames: Record<string, string> = fuelLabels;
const transmissionNames: Record<string, string> = transmissionLabels;

const number = (value: number) => value.toLocaleString('en-US');

/** Cut to at most `max` characters, at a word where one is near, with an ellipsis. */
export const shorten = (text: string, max: number): string => {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  if (characters.length <= max) return characters.join('');
  const cut = characters.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
};

/** "$15,000 · 2018 · 61,000 km · Hybrid · Automatic · Dhaka. One owner, …" */
export const carDescription = (car: SharedCar): string => {
  const facts = [
    `$${number(car.price)}`,
    car.year === undefined ? undefined : String(car.year),
    car.mileage === undefined ? undefined : `${number(car.mileage)} km`,
    car.fuel === undefined ? undefined : fuelNames[car.fuel],
    car.transmission === undefined ? undefined : transmissionNames[car.transmission],
    car.location,
  ].filter((fact): fact is string => fact !== undefined && fact !== '');
  const lead = `${car.sold === 1 ? 'Sold. ' : ''}${facts.join(' · ')}.`;
  return shorten(car.description ? `${lead} ${car.description}` : lead, 200);
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Seller on Second Gear since March 2025: 4.6★ from 12 reviews · 8 meetups accepted · 3 cars for sale." */
export const sellerDescription = (seller: SharedSeller): string => {
  const since = new Date(seller.member_since);
  const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;
  const { average, count } = seller.rating;
  const facts = [
    average === null ? 'No reviews yet' : `${average}★ from ${plural(count, 'review', 'reviews')}`,
    plural(seller.meetups_accepted, 'meetup accepted', 'meetups accepted'),
    plural(seller.cars_for_sale, 'car for sale', 'cars for sale'),
  ];
  const month = MONTHS[since.getUTCMonth()] ?? '';
  return `Seller on ${PRODUCT_NAME} since ${month} ${since.getUTCFullYear()}: ${facts.join(' · ')}.`;
};

/** A picture's absolute address, or none when it is not an http(s) one. */
export const absolute = (address: string, origin: string): string | undefined => {
  try {
    const url = new URL(address, `${origin}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The head of the page a path names, with its car or seller when it is their page and they were
 * read.
 */
export const metaOf = (
  route: PageRoute,
  search: string,
  found: { car?: SharedCar; seller?: SharedSeller } = {},
): PageMeta => {
  const { car, seller } = found;
  switch (route.page) {
    case 'home':
      return {
        name: 'Home',
        description: SITE_DESCRIPTION,
        canonicalPath: '/',
        index: true,
        type: 'website',
      };
    case 'products':
      return {
        name: 'All Cars',
        description:
          'Used cars for sale on Second Gear: search by words, filter by make, model, price, year, mileage, fuel and gearbox.',
        canonicalPath: `/products${searchWithoutPaging(search)}`,
        index: true,
        type: 'website',
      };
    case 'category':
      return {
        name: route.name,
        description: `Used cars of the ${route.name} category for sale on Second Gear.`,
        canonicalPath: `/category/${encodeURIComponent(route.name)}`,
        index: true,
        type: 'website',
      };
    case 'blog':
      return {
        name: 'Blog',
        description: 'Questions and answers on buying and selling used cars, from Second Gear.',
        canonicalPath: '/blog',
        index: true,
        type: 'website',
      };
    case 'login':
      return { name: 'Login', description: SITE_DESCRIPTION, index: false, type: 'website' };
    case 'register':
      return { name: 'Register', description: SITE_DESCRIPTION, index: false, type: 'website' };
    case 'dashboard':
      return { name: 'Dashboard', description: SITE_DESCRIPTION, index: false, type: 'website' };
    case 'car':
      if (car === undefined) return genericMeta(true);
      return {
        name: car.name,
        description: carDescription(car),
        canonicalPath: `/car/${encodeURIComponent(route.id)}`,
        index: true,
        type: 'product',
        car,
      };
    case 'seller': {
      if (seller === undefined) return genericMeta(true);
      const image = seller.photo_url ?? seller.cars[0]?.image;
      return {
        name: seller.name,
        description: sellerDescription(seller),
        canonicalPath: `/seller/${encodeURIComponent(route.id)}`,
        index: true,
        type: 'profile',
        ...(image ? { image } : {}),
      };
    }
    case 'unknown':
      return genericMeta(false);
  }
};

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe in an HTML element's text or a quoted attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);

/**
 * JSON that stays data inside a `<script>` element: no `<` (so no `</script>` or `<!--`), `>`
 * or `&` appears as itself, nor the two line separators older parsers end a string at.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A car as schema.org reads it: a Car (a Vehicle) with its Offer. */
export const carJsonLd = (car: SharedCar, url: string, images: string[]) => ({
  '@context': 'https://schema.org',
  '@type': 'Car',
  name: car.name,
  url,
  ...(car.make ? { brand: { '@type': 'Brand', name: car.make } } : {}),
  ...(car.model ? { model: car.model } : {}),
  ...(car.year === undefined ? {} : { vehicleModelDate: String(car.year) }),
  ...(car.mileage === undefined
    ? {}
    : {
        mileageFromOdometer: {
          '@type': 'QuantitativeValue',
          value: car.mileage,
          unitCode: 'KMT',
        },
      }),
  ...(car.fuel === undefined ? {} : { fuelType: fuelNames[car.fuel] ?? car.fuel }),
  ...(car.transmission === undefined
    ? {}
    : { vehicleTransmission: transmissionNames[car.transmission] ?? car.transmission }),
  ...(images.length > 0 ? { image: images } : {}),
  ...(car.description ? { description: car.description } : {}),
  offers: {
    '@type': 'Offer',
    price: car.price,
    priceCurrency: PRICE_CURRENCY,
    availability: car.sold === 1 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    url,
  },
});

/** The tags a page's head gets, every value escaped. */
export const headTags = (meta: PageMeta, origin: string): string => {
  const title = meta.name ? `${meta.name} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  const canonical = meta.canonicalPath === undefined ? undefined : `${origin}${meta.canonicalPath}`;
  const pictures = meta.car ? [meta.car.image, ...(meta.car.images ?? [])] : [meta.image];
  const images = [...new Set(pictures)]
    .filter((image): image is string => image !== undefined)
    .map((image) => absolute(image, origin))
    .filter((image): image is string => image !== undefined);
  const image = images[0];
  const tags: string[] = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  const meta_ = (attribute: 'name' | 'property', key: string, value: string) =>
    tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`);
  if (!meta.index) meta_('name', 'robots', 'noindex');
  if (canonical !== undefined)
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  meta_('property', 'og:site_name', PRODUCT_NAME);
  meta_('property', 'og:type', meta.type);
  meta_('property', 'og:title', meta.name ?? PRODUCT_NAME);
  meta_('property', 'og:description', meta.description);
  if (canonical !== undefined) meta_('property', 'og:url', canonical);
  if (image !== undefined) meta_('property', 'og:image', image);
  if (meta.car) {
    meta_('property', 'product:price:amount', String(meta.car.price));
    meta_('property', 'product:price:currency', PRICE_CURRENCY);
  }
  meta_('name', 'twitter:card', image === undefined ? 'summary' : 'summary_large_image');
  meta_('name', 'twitter:title', meta.name ?? PRODUCT_NAME);
  meta_('name', 'twitter:description', meta.description);
  if (image !== undefined) meta_('name', 'twitter:image', image);
  if (meta.car && canonical !== undefined) {
    tags.push(
      `<script type="application/ld+json">${jsonForScript(carJsonLd(meta.car, canonical, images))}</script>`,
    );
  }
  return tags.join('\n    ');
};

/** index.html, cut where a page's head tags go and where its rendered content goes. */
export interface HtmlTemplate {
  /** Up to where the head tags go. */
  before: string;
  /** The rest, with the app's empty root element. */
  after: string;
  /**
   * The rest with a rendered page in the root element and its state beside it; undefined when
   * index.html has no empty `<div id="root"></div>` to put it in.
   */
  withRoot?: (page: { html: string; state: string }) => string;
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * index.html cut where the head tags go: its own title and description are taken out, and the
 * tags go just before `</head>` (or at the top of a document without one).
 */
export const htmlTemplate = (html: string): HtmlTemplate => {
  const stripped = html
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name=["']description["'][^>]*>/i, '');
  const at = stripped.search(/<\/head>/i);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(stripped)?.[0] ?? '';
  const { before, after } =
    at !== -1
      ? { before: `${stripped.slice(0, at)}  `, after: `\n  ${stripped.slice(at)}` }
      : { before: `${doctype}<head>`, after: `</head>${stripped.slice(doctype.length)}` };
  const root = after.indexOf(EMPTY_ROOT);
  if (root === -1) return { before, after };
  const [open, close] = [after.slice(0, root), after.slice(root + EMPTY_ROOT.length)];
  return {
    before,
    after,
    withRoot: ({ html: content, state }) =>
      `${open}<div id="root">${content}</div>\n    <script type="application/json" id="page-state">${state}</script>${close}`,
  };
};

/**
 * Sets the colour mode before the first paint: the one chosen on this browser (`theme` in
 * localStorage, as the app keeps it), else the system's, as a class on `<html>`. Inline, so the
 * page waits for no file; the Content-Security-Policy allows it by its hash.
 */
const COLOR_MODE_SCRIPT =
  "(()=>{let t;try{t=localStorage.getItem('theme')}catch{}" +
  "if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "const e=document.documentElement;e.classList.remove('light','dark');e.classList.add(t);e.style.colorScheme=t})()";

export const colorModeScript = {
  element: `<script>${COLOR_MODE_SCRIPT}</script>\n    `,
  /** Its `script-src` source. */
  source: `'sha256-${createHash('sha256').update(COLOR_MODE_SCRIPT).digest('base64')}'`,
};
