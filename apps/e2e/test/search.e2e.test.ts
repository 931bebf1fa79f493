import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CarInput,
  carPicture,
  createAccount,
  deleteCar,
  listCars,
  logIn,
  opened,
  see,
  spec,
  toast,
  unique,
  useBrowser,
} from './harness.ts';

const browser = useBrowser();
const tag = unique();

/** More matches than a page of a search holds (24), so there is a page 2. */
const MATCHES = 26;

const corolla = (name: string, details: Partial<CarInput>): CarInput => ({
  name,
  category: 'Sedan',
  original_price: '20000',
  price: '1000',
  location: 'Bremen',
  use: '4',
  make: 'Toyota',
  model: 'Corolla',
  year: '2018',
  mileage: '60000',
  fuel: 'petrol',
  transmission: 'automatic',
  ...details,
});

// The matches cost $1,000 to $1,250, cheaper than any other car in the marketplace, so sorted
// by price they are its first 26; the near misses sit between them in price. Listed after the
// matches, the near misses are the newest cars.
const matches = Array.from({ length: MATCHES }, (_, i) =>
  corolla(`Corolla ${tag} ${String(i + 1).padStart(2, '0')}`, {
    price: String(1000 + i * 10),
    year: String(2015 + (i % 6)),
  }),
);
const nearMisses = [
  corolla(`Corolla ${tag} too old`, { price: '1005', year: '2014' }),
  corolla(`Corolla ${tag} manual`, { price: '1015', transmission: 'manual' }),
  corolla(`Corolla ${tag} too dear`, { price: '15001' }),
  corolla(`Golf ${tag}`, { price: '1025', make: 'Volkswagen', model: 'Golf' }),
];

let seller: Awaited<ReturnType<typeof createAccount>>;
const listed: string[] = [];

beforeAll(async () => {
  seller = await createAccount('seller', 'Selma Search', 'Seller');
  for (const { id } of await listCars(seller, [...matches, ...nearMisses])) {
    listed.push(id);
  }
});

// The other files read the demo cars on the first page of All Cars: leave it as it was.
afterAll(async () => {
  for (const id of listed) await deleteCar(seller, id);
});

/** The names of the cars on the page, in order. */
const carNames = (page: Page) =>
  page.getByRole('main').getByRole('heading', { level: 3 }).allTextContents();

/**
 * Waits until the address bar holds the search and nothing is loading any more (the page left
 * behind may still have sections of its own loading: Home's, when the search starts there).
 */
async function settled(page: Page, url: (url: URL) => boolean) {
  await page.waitForURL(url);
  await page.getByRole('main').locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await page.getByRole('main').getByText('Loading cars').waitFor({ state: 'detached' });
}

/** Waits until the page shows these cars first (the answer to the last change has arrived). */
async function showsFirst(page: Page, names: string[]) {
  await expect.poll(async () => (await carNames(page)).slice(0, names.length)).toEqual(names);
}

const has = (key: string, value?: string) => (url: URL) =>
  value === undefined ? url.searchParams.has(key) : url.searchParams.get(key) === value;
const lacks = (key: string) => (url: URL) => !url.searchParams.has(key);

const filterPanel = (page: Page): Locator => page.getByRole('complementary', { name: 'Filters' });

async function typeFilter(page: Page, label: string, value: string) {
  const field = filterPanel(page).getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Enter');
}

describe('A buyer searching', () => {
  test('types "corolla" in the header, narrows, sorts by price, pages, shares the URL, and walks back', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search cars' }).fill('corolla');
    await page.getByRole('searchbox', { name: 'Search cars' }).press('Enter');
    await settled(page, (url) => url.pathname === '/products' && has('q', 'corolla')(url));
    await see(page.getByRole('heading', { level: 1, name: 'All Cars' }));
    const chips = page.getByRole('list', { name: 'Active filters' });
    await see(chips.getByText('“corolla”'));

    await typeFilter(page, 'Max price', '15000');
    await settled(page, has('maxPrice', '15000'));
    await typeFilter(page, 'Year from', '2015');
    await settled(page, has('minYear', '2015'));
    await filterPanel(page).getByLabel('Gearbox').selectOption('automatic');
    await settled(page, has('transmission', 'automatic'));
    await page.getByLabel('Sort by').selectOption('price_asc');
    await settled(page, has('sort', 'price_asc'));

    expect(await chips.getByRole('listitem').allTextContents()).toEqual([
      '“corolla”',
      'Up to $15,000',
      '2015 or newer',
      'Automatic',
    ]);
    const names = matches.map((car) => car.name);
    await showsFirst(page, names.slice(0, 24));
    expect(await carNames(page)).toEqual(names.slice(0, 24));
    const count = await see(page.getByText(/^\d[\d,]* cars?$/));
    const total = Number((await count.textContent())?.replace(/\D/g, ''));
    expect(total).toBeGreaterThanOrEqual(MATCHES);

    const pages = page.getByRole('navigation', { name: 'Pages' });
    await see(pages.getByText('Page 1', { exact: true }));
    await pages.getByRole('button', { name: 'Next' }).click();
    await settled(page, has('cursor'));
    await see(pages.getByText('Page 2', { exact: true }));
    await showsFirst(page, names.slice(24));
    const secondPage = await carNames(page);
    for (const miss of nearMisses) expect(secondPage).not.toContain(miss.name);

    // The address is the whole search: another visitor opening it sees the same page.
    const shared = page.url();
    expect(new URL(shared).searchParams.get('sort')).toBe('price_asc');
    const recipient = await browser.newPage();
    await recipient.goto(shared);
    await settled(recipient, has('cursor'));
    await showsFirst(recipient, secondPage);
    expect(await carNames(recipient)).toEqual(secondPage);
    expect(
      await recipient
        .getByRole('list', { name: 'Active filters' })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual(['“corolla”', 'Up to $15,000', '2015 or newer', 'Automatic']);
    await see(recipient.getByText(`${total.toLocaleString('en-US')} cars`, { exact: true }));
    await see(recipient.getByRole('navigation', { name: 'Pages' }).getByText('Page 2'));
    expect(await recipient.getByLabel('Sort by').inputValue()).toBe('price_asc');
    await recipient
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: 'Previous' })
      .click();
    await settled(recipient, lacks('cursor'));
    await showsFirst(recipient, names.slice(0, 24));

    // Back walks the search back, one step at a time.
    await page.goBack();
    await settled(page, lacks('cursor'));
    await showsFirst(page, names.slice(0, 24));
    await page.goBack();
    await settled(page, lacks('sort'));
    await showsFirst(page, names.toReversed().slice(0, 24));
    expect(await page.getByLabel('Sort by').inputValue()).toBe('newest');
    expect(await filterPanel(page).getByLabel('Gearbox').inputValue()).toBe('automatic');
    await page.goBack();
    await settled(page, lacks('transmission'));
    expect(await filterPanel(page).getByLabel('Gearbox').inputValue()).toBe('');
    expect(await filterPanel(page).getByLabel('Year from', { exact: true }).inputValue()).toBe(
      '2015',
    );
    await showsFirst(page, [nearMisses[1]!.name, ...names.toReversed().slice(0, 23)]);
  });

  test('on a phone, filters in a drawer; a search that finds nothing offers to clear the filters', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/products?q=${encodeURIComponent(`corolla ${tag}`)}`);
    await settled(page, has('q'));
    expect(await filterPanel(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = await opened(page.getByRole('dialog', { name: 'Filter cars' }));
    await drawer.getByRole('option', { name: /^Toyota \(\d+\)$/ }).waitFor({ state: 'attached' });
    await drawer.getByLabel('Fuel').selectOption('electric');
    await settled(page, has('fuel', 'electric'));
    await drawer.getByRole('button', { name: 'Show 0 cars' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await see(page.getByRole('heading', { name: 'No cars match this search' }));
    await see(page.getByRole('button', { name: 'Filters (2)' }));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await settled(page, (url) => url.pathname === '/products' && url.search === '');
    await see(page.getByRole('heading', { level: 3 }).first());
  });

  test('a seller lists a car with its details, picked from suggestions; the car page and the search show them', async () => {
    const { page } = browser;
    const name = `Yaris ${tag}`;
    await logIn(page, seller.account);
    await page.goto('/user/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: 'Add Product' }));
    await dialog.getByLabel('Car Name').fill(name);
    await dialog.getByLabel('Category').selectOption('Hatchback');
    await dialog.getByLabel('Picture').setInputFiles({
      name: 'yaris.png',
      mimeType: 'image/png',
      buffer: carPicture(),
    });
    await dialog.getByLabel('Original Price').fill('14000');
    await dialog.getByLabel('Sell Price').fill('9900');
    await dialog.getByLabel('Location').fill('Kiel');
    await dialog.getByLabel('Years of Use').fill('3');
    const make = dialog.getByLabel(/^Make/);
    const suggestions = (field: Locator) =>
      field.evaluate((input) =>
        Array.from((input as HTMLInputElement).list?.options ?? [], (option) => option.value),
      );
    await expect.poll(() => suggestions(make)).toContain('Toyota');
    await make.fill('Toyota');
    const model = dialog.getByLabel(/^Model/);
    await expect.poll(() => suggestions(model)).toContain('Corolla');
    await model.fill('Yaris');
    await dialog.getByLabel(/^Year\b/).fill('2021');
    await dialog.getByLabel(/^Mileage/).fill('31,500');
    await dialog.getByLabel('Fuel').selectOption('hybrid');
    await dialog.getByLabel('Gearbox').selectOption('automatic');
    await dialog.getByLabel('Description').fill('City car.\nWinter tyres included.');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Product added Successfully!');
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`/products?make=Toyota&model=Yaris&q=${tag}`);
    await settled(page, has('model', 'Yaris'));
    await showsFirst(page, [name]);
    await see(page.getByRole('main').getByText('2021 · 31,500 km · Hybrid'));
    await page.getByRole('link', { name: `See Details of ${name}` }).click();
    await page.waitForURL('**/car/*');
    listed.push(new URL(page.url()).pathname.split('/').pop()!);
    await see(spec(page, 'Make').getByText('Toyota', { exact: true }));
    await see(spec(page, 'Model').getByText('Yaris', { exact: true }));
    await see(spec(page, 'Year').getByText('2021', { exact: true }));
    await see(spec(page, 'Mileage').getByText('31,500 km', { exact: true }));
    await see(spec(page, 'Fuel').getByText('Hybrid', { exact: true }));
    await see(spec(page, 'Gearbox').getByText('Automatic', { exact: true }));
    const description = page.getByRole('region', { name: 'Description' });
    // The text as rendered: its line break is kept on screen.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
    expect(await description.getByText(/City car/).innerText()).toBe(
      'City car.\nWinter tyres included.',
    );
  });
});
