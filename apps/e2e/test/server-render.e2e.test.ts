// The public pages arrive as HTML with their content, as a link preview, a search engine or a
// browser before its scripts sees them; then the browser takes each page over (hydration)
// without redrawing it: React reports no mismatch, and the page answers clicks.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, see, useBrowser } from './harness.ts';

const browser = useBrowser();

interface DemoCar {
  _id: string;
  name: string;
  price: number;
  make?: string;
}

const screens = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

const demoCars = async (): Promise<DemoCar[]> =>
  (await (await fetch(`${baseUrl}/api/products`)).json()) as DemoCar[];

/** The visible text of a page's HTML as sent: no styles, scripts or tags. */
const textOf = (html: string) =>
  html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const dollars = (value: number) => `$${value.toLocaleString('en-US')}`;

/** What the page's scripts said went wrong: errors, uncaught exceptions, failed loads. */
const watchErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
};

/** Whether React has taken the page's root over. */
const takenOver = (page: Page) =>
  page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) =>
      key.startsWith('__reactContainer'),
    ),
  );

describe('pages rendered by the server', () => {
  test("a car's page holds the car's name, prices and details before any script runs", async () => {
    const [car] = await demoCars();
    if (!car) throw new Error('The demo marketplace has no car');
    const answer = await fetch(`${baseUrl}/car/${car._id}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    const body = textOf(html.slice(html.indexOf('<div id="root">')));
    expect(body).toContain(car.name);
    expect(body).toContain(dollars(car.price));
    expect(body).toContain('Book Now');
    expect(html).toContain(`<meta property="og:title" content="${car.name}" />`);
  });

  test('Home, the search and the blog hold their content before any script runs', async () => {
    const cars = await demoCars();
    const make = cars.find((car) => car.make)?.make ?? 'Toyota';
    const expected = {
      '/': ['Recommended Cars', 'Categories'],
      [`/products?q=${encodeURIComponent(make)}&sort=price_asc`]: [make, 'Sort by'],
      '/blog': ['How does prototypical inheritance work in JavaScript?'],
    };
    for (const [path, words] of Object.entries(expected)) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const body = textOf(html.slice(html.indexOf('<div id="root">')));
      for (const word of words) expect(body, `${path}: ${word}`).toContain(word);
      expect(body, path).not.toMatch(/Loading (recommended )?cars/);
    }
    // Dashboards are the browser's to render.
    const dashboard = await (await fetch(`${baseUrl}/user/orders`)).text();
    expect(dashboard).toContain('<div id="root"></div>');
  });

  for (const [screen, viewport] of Object.entries(screens)) {
    test(`the browser takes each public page over without a mismatch, on a ${screen}`, async () => {
      const [car] = await demoCars();
      const page = browser.page;
      await page.setViewportSize(viewport);
      const errors = watchErrors(page);
      for (const path of ['/', `/car/${car?._id}`, '/products?sort=price_asc', '/blog']) {
        await page.goto(path);
        await takenOver(page);
        await page.waitForLoadState('networkidle');
        expect(errors, path).toEqual([]);
      }
      // Taken over, not only shown: Home's search answers, without loading another page.
      await page.goto('/');
      await takenOver(page);
      await page.evaluate(() => {
        (window as { samePage?: boolean }).samePage = true;
      });
      await page.getByLabel('Make or model').fill('corolla');
      await page.getByLabel('Make or model').press('Enter');
      await page.waitForURL(/\/products\?q=corolla/);
      expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    });
  }

  test("a returning member gets the server's page, then their session, with no mismatch", async () => {
    const page = browser.page;
    // A session stored by an earlier visit; the server cannot see it.
    await page.addInitScript(() => localStorage.setItem('signed-in', '1'));
    const errors = watchErrors(page);
    await page.goto('/');
    await takenOver(page);
    await see(page.getByRole('heading', { name: 'Recommended Cars' }));
    await page.waitForLoadState('networkidle');
    expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
  });

  test('the colour mode chosen is on the page before it is drawn', async () => {
    const page = browser.page;
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.route(`${baseUrl}/assets/**`, (route) => route.abort());
    // Without any of the app's scripts, the page is dark from the server's HTML alone (the
    // frame's own navigation: the harness's page.goto would wait for React, which never comes).
    await page.mainFrame().goto(`${baseUrl}/blog`);
    expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');
    await see(page.getByText('How does prototypical inheritance work in JavaScript?'));
  });
});
