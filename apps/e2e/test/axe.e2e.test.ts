// axe-core, the accessibility engine, in Chromium over the screens a visitor, a buyer and a
// seller meet, on a desktop and a phone: no serious or critical violation, contrast included
// (which only a real browser can compute). The test names the screens it visited.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { demoAccounts } from '@second-gear/all-in-one';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, logIn, screenSizes, see, useBrowser } from './harness.ts';

const browser = useBrowser();
// Evaluated through the browser's debugging protocol, which the page's Content-Security-Policy
// (no inline scripts) does not govern: a script tag would be refused, as it should be.
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** The serious and critical violations axe finds on the page as it is now. */
async function violationsOf(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
    );
}

const firstCar = async () => {
  const cars = (await (await fetch(`${baseUrl}/api/products`)).json()) as { _id: string }[];
  return cars[0]?._id ?? '';
};

const visitorScreens: [
  name: string,
  path: () => Promise<string>,
  ready: (page: Page) => Promise<unknown>,
][] = [
  ['Home', async () => '/', (p) => see(p.getByRole('heading', { name: 'Recommended Cars' }))],
  [
    'All Cars',
    async () => '/products',
    (p) => see(p.getByRole('link', { name: /^See Details of / }).first()),
  ],
  [
    'a car',
    async () => `/car/${await firstCar()}`,
    (p) => see(p.getByRole('link', { name: 'See Others Cars' })),
  ],
  ['Blog', async () => '/blog', (p) => see(p.getByRole('heading', { level: 1, name: 'Blog' }))],
  [
    'Login',
    async () => '/login',
    (p) => see(p.getByRole('button', { name: 'Login', exact: true })),
  ],
  ['Register', async () => '/register', (p) => see(p.getByRole('button', { name: 'Sign Up' }))],
];

const sellerScreens: typeof visitorScreens = [
  [
    'a category',
    async () => '/category/Sedan',
    (p) => see(p.getByRole('link', { name: /^See Details of / }).first()),
  ],
  [
    'Dashboard',
    async () => '/user',
    (p) => see(p.getByRole('heading', { level: 1, name: 'Dashboard' })),
  ],
  [
    'My Products',
    async () => '/user/products',
    (p) => see(p.getByRole('heading', { level: 1, name: 'My Products' })),
  ],
  [
    'My Bookings',
    async () => '/user/bookings',
    (p) => see(p.getByRole('heading', { level: 1, name: 'My Bookings' })),
  ],
];

describe('Accessibility in the browser (axe-core)', () => {
  for (const { size, viewport } of screenSizes) {
    test(`no serious or critical violation on a ${size}`, async () => {
      const { page } = browser;
      await page.setViewportSize(viewport);
      const found: Record<string, string[]> = {};
      for (const [name, path, ready] of visitorScreens) {
        await page.goto(await path());
        await ready(page);
        found[name] = await violationsOf(page);
      }
      await logIn(page, demoAccounts.seller);
      for (const [name, path, ready] of sellerScreens) {
        await page.goto(await path());
        await ready(page);
        found[name] = await violationsOf(page);
      }
      console.info(`axe on a ${size}: visited ${Object.keys(found).join(', ')}`);
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, []])));
    });
  }
});
