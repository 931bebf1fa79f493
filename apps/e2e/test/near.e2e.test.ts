import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CarInput,
  createAccount,
  deleteCar,
  listCars,
  see,
  unique,
  useBrowser,
} from './harness.ts';

const browser = useBrowser();
const tag = unique();

const car = (name: string, location: string): CarInput => ({
  name: `${name} ${tag}`,
  category: 'Sedan',
  original_price: '20000',
  price: '9000',
  location,
  use: '4',
  make: 'Subaru',
  model: 'Outback',
  year: '2017',
  mileage: '90000',
  fuel: 'petrol',
  transmission: 'automatic',
});

// Boulder's and Denver's cars are 39 km apart; Austin is 1,280 km away.
const boulder = car('Outback Boulder', 'Boulder, CO');
const denver = car('Outback Denver', 'Denver, CO');
const austin = car('Outback Austin', 'Austin, TX');

let seller: Awaited<ReturnType<typeof createAccount>>;
const listed: string[] = [];

beforeAll(async () => {
  seller = await createAccount('seller', 'Nia Near', 'Seller');
  // Denver's first, so that nearest-first is not the order they were listed in.
  for (const { id } of await listCars(seller, [denver, austin, boulder])) listed.push(id);
});

// The other files read the demo cars on the first page of All Cars: leave it as it was.
afterAll(async () => {
  for (const id of listed) await deleteCar(seller, id);
});

const names = (page: Page) =>
  page.getByRole('main').getByRole('heading', { level: 3 }).allTextContents();

describe('A buyer looking near home', () => {
  test('searches within 50 km of Boulder, CO, nearest first, sees how far each car is, and shares the search', async () => {
    const { page } = browser;
    await page.goto(`/products?q=${tag}`);
    await expect.poll(() => names(page)).toHaveLength(3);

    const panel = page.getByRole('complementary', { name: 'Filters' });
    await panel.getByLabel('Near').fill('Boul');
    const suggestions = panel.getByRole('listbox', { name: 'Suggested places' });
    await suggestions.getByRole('option', { name: 'Boulder, CO' }).click();
    await page.waitForURL((url) => url.searchParams.get('near') === 'Boulder, CO');
    expect(new URL(page.url()).searchParams.get('radiusKm')).toBe('50');
    await page.getByLabel('Sort by').selectOption('distance');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'distance');

    await expect.poll(() => names(page)).toEqual([boulder.name, denver.name]);
    // Two cars, two distances: Boulder's own, and Denver's.
    await see(page.getByRole('main').getByText('Less than 1 km away'));
    await see(page.getByRole('main').getByText('39 km away'));
    await see(
      page.getByRole('list', { name: 'Active filters' }).getByText('Within 50 km of Boulder, CO'),
    );

    // The address is the search: another visitor opening it sees the same cars, in order.
    const recipient = await browser.newPage();
    await recipient.goto(page.url());
    await expect.poll(() => names(recipient)).toEqual([boulder.name, denver.name]);
    expect(await recipient.getByLabel('Sort by').inputValue()).toBe('distance');

    // Wider, Austin is still far away; without a place, every car is back.
    await panel.getByLabel('Radius').selectOption('500');
    await page.waitForURL((url) => url.searchParams.get('radiusKm') === '500');
    await expect.poll(() => names(page)).toEqual([boulder.name, denver.name]);
    await panel.getByLabel('Near').fill('');
    await panel.getByLabel('Near').press('Enter');
    await page.waitForURL((url) => !url.searchParams.has('near'));
    await expect
      .poll(async () => (await names(page)).sort())
      .toEqual([austin.name, boulder.name, denver.name].sort());
  });

  test('is told plainly when the place is unknown', async () => {
    const { page } = browser;
    await page.goto(`/products?q=${tag}&near=${encodeURIComponent('Xqzzy, Narnia')}`);
    await see(page.getByText(/Unknown place/));
  });
});
