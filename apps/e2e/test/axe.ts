// axe-core, the accessibility engine, in Chromium over every screen a visitor, a seller, a buyer
// and an admin meet (the dialogs to list and to book included): no serious or critical violation,
// contrast included (which only a real browser can compute). Each test names the screens it
// visited. One file per screen size (axe-desktop, axe-phone), so the two run side by side.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { demoAccounts, demoCars } from '@second-gear/all-in-one';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { type Account, baseUrl, logIn, opened, screenSizes, see, useBrowser } from './harness.ts';

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
  // A control whose state just changed (a button enabled as its data arrived) fades to its new
  // colours: axe measures the screen once what can end has ended (spinners never do).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) =>
          a.finished.then(
            () => undefined,
            () => undefined,
          ),
        ),
    ),
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: { resultTypes: string[] },
          ) => Promise<{ violations: Violation[] }>;
        };
      }
    ).axe;
    // Only the violations are wanted in full: axe then details nothing else, and runs faster.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
    );
}

/**
 * Contrast that axe does not measure (WCAG 1.4.11): the edge of each form control, and the focus
 * ring of everything the keyboard reaches in `stops` presses of Tab, against what is behind
 * them; 3:1 at least. What falls short, as "what: ratio".
 */
async function nonTextContrasts(page: Page, stops: number): Promise<string[]> {
  const short: string[] = [];
  const measure = (what: 'edge' | 'ring') =>
    page.evaluate((what) => {
      const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = (color: string) => {
        const [r = 0, g = 0, b = 0] = rgb(color).map((c) => {
          const v = c / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const behind = (element: Element) => {
        for (let at: Element | null = element.parentElement; at; at = at.parentElement) {
          const color = getComputedStyle(at).backgroundColor;
          if ((rgb(color)[3] ?? 1) === 1) return color;
        }
        return 'rgb(255, 255, 255)';
      };
      const ratio = (a: string, b: string) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
        return (hi + 0.05) / (lo + 0.05);
      };
      const name = (element: Element) =>
        `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
      if (what === 'ring') {
        const focused = document.activeElement;
        if (!focused || focused === document.body) return [];
        const style = getComputedStyle(focused);
        if (style.outlineStyle === 'none' || Number.parseFloat(style.outlineWidth) === 0)
          return [`${name(focused)} ring: none`];
        const found = ratio(style.outlineColor, behind(focused));
        return found < 3 ? [`${name(focused)} ring: ${found.toFixed(2)}:1`] : [];
      }
      return [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
        .map((control) =>
          control.matches('[type=checkbox]')
            ? (control.parentElement?.querySelector('[data-part=control]') ?? control)
            : control,
        )
        .filter((control) => control.getClientRects().length > 0)
        .flatMap((control) => {
          const found = ratio(getComputedStyle(control).borderTopColor, behind(control));
          return found < 3 ? [`${name(control)} edge: ${found.toFixed(2)}:1`] : [];
        });
    }, what);
  short.push(...(await measure('edge')));
  for (let stop = 0; stop < stops; stop++) {
    await page.keyboard.press('Tab');
    short.push(...(await measure('ring')));
  }
  return [...new Set(short)];
}

/** The first car of All Cars (a bookable one: they come first) and its seller. */
const firstCar = async () => {
  const cars = (await (await fetch(`${baseUrl}/api/products`)).json()) as {
    _id: string;
    name: string;
    seller_id: string;
  }[];
  const car = cars[0];
  if (car === undefined) throw new Error('All Cars is empty: the demo data is missing');
  return car;
};

/** The demo seller's first car, which the demo data lists. */
const demoSellersCar = async () => {
  const name = demoCars[0]?.name ?? '';
  const cars = (await (
    await fetch(`${baseUrl}/api/products?q=${encodeURIComponent(name)}`)
  ).json()) as { _id: string; email: string }[];
  const car = cars.find((each) => each.email === demoAccounts.seller.email);
  if (car === undefined) throw new Error(`The demo seller's ${name} is missing`);
  return car;
};

/** The booking dialog of the first car, opened with Book Now (a visitor's says Login First). */
async function bookingDialog(page: Page) {
  const car = await firstCar();
  await page.goto(`/car/${car._id}`);
  // On a phone the sticky bar holds a second Book Now: the one in sight is pressed.
  await page.getByRole('button', { name: 'Book Now' }).filter({ visible: true }).first().click();
  return opened(page.getByRole('dialog', { name: `Book ${car.name}` }));
}

/** A screen: its name in the report, and how a user gets there until it is whole. */
type Screen = [name: string, open: (page: Page) => Promise<unknown>];

/** A screen at an address, whole once `ready` sees it. */
const at =
  (path: string | (() => Promise<string>), ready: (page: Page) => Promise<unknown>) =>
  async (page: Page) => {
    await page.goto(typeof path === 'string' ? path : await path());
    await ready(page);
  };

/** A screen whose first heading is `name`. */
const headed = (path: string, name: string) =>
  at(path, (p) => see(p.getByRole('heading', { level: 1, name, exact: true })));

const visitorScreens: Screen[] = [
  ['Home', at('/', (p) => see(p.getByRole('heading', { name: 'Recommended Cars' })))],
  [
    'All Cars',
    at('/products', (p) => see(p.getByRole('link', { name: /^See Details of / }).first())),
  ],
  [
    'a car',
    at(
      async () => `/car/${(await firstCar())._id}`,
      // Whole once Book Now is enabled: it waits, faded, until the session is known.
      async (p) => {
        await see(p.getByRole('link', { name: 'See Others Cars' }));
        await p
          .getByRole('button', { name: 'Book Now' })
          .filter({ visible: true })
          .first()
          .and(p.locator(':enabled'))
          .waitFor();
      },
    ),
  ],
  [
    "a seller's profile",
    at(
      async () => `/seller/${(await firstCar()).seller_id}`,
      (p) => see(p.getByRole('heading', { level: 1 })),
    ),
  ],
  ['Blog', headed('/blog', 'Blog')],
  ['Login', at('/login', (p) => see(p.getByRole('button', { name: 'Login', exact: true })))],
  ['Register', at('/register', (p) => see(p.getByRole('button', { name: 'Sign Up' })))],
  ['Page Not Found', headed('/no-such-page', 'Page Not Found')],
  [
    'Login First',
    async (page) => see((await bookingDialog(page)).getByText('Login First', { exact: true })),
  ],
];

/** What every signed-in member has, whatever their role. */
const memberScreens: Screen[] = [
  ['Dashboard', headed('/user', 'Dashboard')],
  ['Favourites', headed('/user/favourites', 'Favourites')],
  ['Saved searches', headed('/user/searches', 'Saved searches')],
  ['Messages', headed('/user/messages', 'Messages')],
  [
    'a conversation',
    async (page) => {
      await headed('/user/messages', 'Messages')(page);
      await page.getByRole('main').getByRole('link').first().click();
      await page.waitForURL('**/user/messages/*');
      await see(page.getByLabel('Message'));
    },
  ],
  [
    'Notifications',
    at('/user/notifications', (p) =>
      see(p.getByRole('list', { name: 'Notifications' }).or(p.getByText(/^Nothing yet\./))),
    ),
  ],
  ['Profile', headed('/user/profile', 'Profile')],
];

const sellerScreens: Screen[] = [
  [
    'a category',
    at('/category/Sedan', (p) => see(p.getByRole('link', { name: /^See Details of / }).first())),
  ],
  ['My Products', headed('/user/products', 'My Products')],
  [
    'Add Product',
    async (page) => {
      await headed('/user/products', 'My Products')(page);
      await page.getByRole('button', { name: 'Add Product' }).click();
      await opened(page.getByRole('dialog', { name: 'Add Product' }));
    },
  ],
  [
    'Edit Product',
    async (page) => {
      await headed('/user/products', 'My Products')(page);
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await opened(page.getByRole('dialog', { name: /^Edit / }));
    },
  ],
  [
    'their own car',
    at(
      async () => `/car/${(await demoSellersCar())._id}`,
      (p) => see(p.getByText('Your car', { exact: true }).first()),
    ),
  ],
  ['My Bookings (seller)', headed('/user/bookings', 'My Bookings')],
  ...memberScreens,
];

/** The member screens whose content depends on the role: the rest are the seller's above. */
const buyersOwn = new Set(['Dashboard', 'Notifications']);

const buyerScreens: Screen[] = [
  ['My Orders', headed('/user/orders', 'My Bookings')],
  ['Book Now', bookingDialog],
  ...memberScreens.filter(([name]) => buyersOwn.has(name)),
];

const adminScreens: Screen[] = [
  ['All Categories', headed('/user/categories', 'All Categories')],
  ['All Users', headed('/user/allusers', 'All Users')],
  ['Reports', headed('/user/reports', 'Reports')],
  ['Audit Log', headed('/user/audit', 'Audit Log')],
  ['Operations', headed('/user/operations', 'Operations')],
  ['API keys', headed('/user/api-keys', 'API keys')],
  ['Webhooks', headed('/user/webhooks', 'Webhooks')],
];

const visits: [who: string, account: Account | undefined, screens: Screen[]][] = [
  ['a visitor', undefined, visitorScreens],
  ['a seller', demoAccounts.seller, sellerScreens],
  ['a buyer', demoAccounts.buyer, buyerScreens],
  ['an admin', demoAccounts.admin, adminScreens],
];

/** Every role's screens on one screen size, a test each. */
export function describeAxeOn(size: (typeof screenSizes)[number]['size']) {
  const { viewport } = screenSizes.find(
    (each) => each.size === size,
  ) as (typeof screenSizes)[number];
  const browser = useBrowser();
  describe(`Accessibility in the browser (axe-core) on a ${size}`, () => {
    test.each(visits)(
      'no serious or critical violation on the screens of %s',
      async (who, account, screens) => {
        const { page } = browser;
        await page.setViewportSize(viewport);
        if (account !== undefined) await logIn(page, account);
        const found: Record<string, string[]> = {};
        for (const [name, open] of screens) {
          await open(page);
          found[name] = await violationsOf(page);
        }
        console.info(`axe on a ${size} as ${who}: visited ${Object.keys(found).join(', ')}`);
        for (const [name, violations] of Object.entries(found)) {
          for (const violation of violations) console.error(`axe on ${name}: ${violation}`);
        }
        expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, []])));
      },
    );

    test('form controls have edges, and everything the keyboard reaches a focus ring, at 3:1 or more', async () => {
      const { page } = browser;
      await page.setViewportSize(viewport);
      await page.goto('/register');
      await see(page.getByRole('button', { name: 'Sign Up' }));
      expect(await nonTextContrasts(page, 12)).toEqual([]);
      // A refused sign-in: its error in the form, and the fields' edges red.
      await page.goto('/login');
      await page.getByLabel('Email').fill(demoAccounts.buyer.email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await see(page.locator('form').getByRole('alert'));
      expect(await violationsOf(page)).toEqual([]);
      expect(await nonTextContrasts(page, 8)).toEqual([]);
    });
  });
}
