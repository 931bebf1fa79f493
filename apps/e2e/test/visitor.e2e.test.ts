import { demoAccounts, demoCars } from '@second-gear/all-in-one';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { logIn, see, spec, useBrowser } from './harness.ts';

const browser = useBrowser();
const corolla = demoCars.find((car) => car.name === 'Toyota Corolla 2017')!;
/** How the web shows a price: 21000 → "$21,000". */
const formatMoney = (value: number) => `$${value.toLocaleString('en-US')}`;

/** The name of the first car of the list shown. */
const firstCarOf = (page: Page) =>
  page
    .getByRole('link', { name: /^See Details of / })
    .first()
    .textContent();

/** Turns All Cars' pages with Next until `target` is on the page shown. */
const turnPagesTo = async (page: Page, target: Locator): Promise<Locator> => {
  await see(page.getByRole('link', { name: /^See Details of / }));
  while (!(await target.isVisible())) {
    const first = await firstCarOf(page);
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expect.poll(() => firstCarOf(page)).not.toBe(first);
  }
  return target;
};

describe('A visitor', () => {
  test('browses Home: banner, Recommended Cars, Categories, the stats strip and the footer', async () => {
    const { page } = browser;
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: 'Second Gear' }));
    await see(page.getByText('Buy, Sell and Enjoy'));
    await see(
      page.getByText(
        'Buy car in fair price from the product; you can also sell your old car here.',
      ),
    );
    expect(await page.title()).toBe('Home | Second Gear');

    const recommended = page.getByRole('region', { name: 'Recommended Cars' });
    await see(recommended.getByRole('heading', { name: corolla.name }));

    const categories = page.getByRole('region', { name: 'Categories' });
    for (const name of ['Sedan', 'SUV', 'Hatchback', 'Pickup']) {
      await see(categories.getByRole('link', { name }));
    }

    const stats = page.getByRole('region', { name: 'Our numbers' });
    for (const text of ['Total Cars', '1.8K', 'Total Seller', '285', 'Happy Customer', '86%']) {
      await see(stats.getByText(text, { exact: true }));
    }

    const footer = page.getByRole('contentinfo');
    const footerNav = footer.getByRole('navigation', { name: 'Footer' });
    for (const [name, path] of [
      ['Home', '/'],
      ['Cars', '/products'],
      ['Blog', '/blog'],
    ] as const) {
      expect(await (await see(footerNav.getByRole('link', { name }))).getAttribute('href')).toBe(
        path,
      );
    }
    for (const name of ['Facebook', 'Twitter', 'LinkedIn']) {
      expect(await (await see(footer.getByRole('link', { name }))).getAttribute('href')).toBe('/');
    }
    await see(footer.getByText(`Copyright © ${new Date().getFullYear()} Second Gear`));
  });

  test('browses Cars and a car with every field, then See Others Cars', async () => {
    const { page } = browser;
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Cars' })
      .click();
    await page.waitForURL('**/products');
    await see(page.getByRole('heading', { level: 1, name: 'All Cars' }));
    // Other walks list cars of their own meanwhile: the visitor turns pages until the car shows.
    (
      await turnPagesTo(page, page.getByRole('link', { name: `See Details of ${corolla.name}` }))
    ).click();

    await page.waitForURL('**/car/*');
    await see(page.getByRole('heading', { level: 1, name: corolla.name }));
    const line = (label: string) => page.getByText(`${label}:`, { exact: true }).locator('..');
    await see(line('Seller').getByText('Sam Seller', { exact: true }));
    await see(
      line('Original Price').getByText(formatMoney(corolla.original_price), { exact: true }),
    );
    await see(line('Sale Price').getByText(formatMoney(corolla.price), { exact: true }));
    await see(
      page.getByText(`Save ${formatMoney(corolla.original_price - corolla.price)}`, {
        exact: true,
      }),
    );
    await see(spec(page, 'Location').getByText(corolla.location, { exact: true }));
    await see(spec(page, 'Years of Use').getByText(`${corolla.use} years`, { exact: true }));
    await see(spec(page, 'Category').getByText(corolla.category, { exact: true }));
    const picture = await see(page.getByRole('img', { name: corolla.name }));
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.title()).toBe(`${corolla.name} | Second Gear`);

    await page.getByRole('link', { name: 'See Others Cars' }).click();
    await page.waitForURL('**/products');
    await see(page.getByRole('heading', { level: 1, name: 'All Cars' }));
  });

  test('reads the Blog: four questions', async () => {
    const { page } = browser;
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Blog' })
      .click();
    await page.waitForURL('**/blog');
    await see(page.getByRole('heading', { level: 1, name: 'Blog' }));
    for (const question of [
      'What are the different ways to manage state in a React application?',
      'How does prototypical inheritance work in JavaScript?',
      'What is a unit test, and why should we write them?',
      'React vs. Angular vs. Vue: how do they compare?',
    ]) {
      await see(page.getByRole('heading', { level: 2, name: question }));
    }
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(4);
    await page.getByRole('button', { name: /unit test/ }).click();
    await see(page.getByText('A unit test checks one small piece of code'));
  });

  test('follows a category link, signs in, and comes back to that category', async () => {
    const { page } = browser;
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Categories' })
      .getByRole('link', { name: 'SUV' })
      .click();
    await page.waitForURL('**/login');
    await see(page.getByRole('heading', { level: 1, name: 'Login' }));

    await logIn(page, demoAccounts.buyer);
    await page.waitForURL('**/category/SUV');
    const heading = await see(page.getByRole('heading', { level: 1, name: 'SUV' }));
    expect(await heading.evaluate((h) => getComputedStyle(h).textTransform)).toBe('uppercase');
    for (const car of demoCars.filter((c) => c.category === 'SUV')) {
      await see(page.getByRole('heading', { name: car.name }));
    }
    await expect.poll(() => page.getByRole('heading', { name: corolla.name }).count()).toBe(0);
  });

  test('opens an unknown path, sees the 404 page, and goes back home', async () => {
    const { page } = browser;
    await page.goto('/no-such-page/at-all');
    await see(page.getByRole('img', { name: '404: page not found' }));
    await see(page.getByRole('heading', { name: 'Page Not Found' }));
    await page.getByRole('link', { name: 'Go Back To Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await see(page.getByRole('heading', { level: 1, name: 'Second Gear' }));
  });

  test('switches the theme, which is remembered after a reload', async () => {
    const { page } = browser;
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const background = () =>
      page.getByRole('banner').evaluate((header) => getComputedStyle(header).backgroundColor);
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: 'Second Gear' }));
    expect(await dark()).toBe(false);
    const light = await background();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await see(page.getByRole('button', { name: 'Switch to light theme' }));
    expect(await dark()).toBe(true);
    expect(await background()).not.toBe(light);

    await page.reload();
    await see(page.getByRole('button', { name: 'Switch to light theme' }));
    expect(await dark()).toBe(true);

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await see(page.getByRole('button', { name: 'Switch to dark theme' }));
    expect(await dark()).toBe(false);
  });
});
