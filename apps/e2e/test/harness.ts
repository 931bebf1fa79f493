import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { signUpWithPassword } from '@second-gear/identity';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { chromiumPath } from '../src/chromium.ts';
import { PATIENCE_MS } from './patience.ts';
import { marketplaceReady } from './ready.ts';

/** This worker's own marketplace: the global setup starts one for each worker. */
const readyFile = inject('readyFiles')[Number(process.env.VITEST_POOL_ID ?? '1') - 1];
if (readyFile === undefined) {
  throw new Error(`No marketplace for the browser tests' worker ${process.env.VITEST_POOL_ID}`);
}
export const { baseUrl, authEmulatorHost } = await marketplaceReady(readyFile);
export const projectId = 'demo-second-gear';

const repositoryRoot = resolve(import.meta.dirname, '../../..');
/** Where a failing test leaves a full-page screenshot of every page it had open. */
export const screenshotDir = join(repositoryRoot, 'test-results', 'e2e');

/** Whether the app's root is React's: from then on a click is React's, even mid-hydration. */
const reactHasRoot = () => {
  const root = document.getElementById('root');
  return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer'));
};

/**
 * A page whose `goto` and `reload` return once React has the app's root. A page rendered by the
 * server shows its buttons before its scripts have run, and a click then does nothing, as for
 * any visitor; a user waits for the page, and so do the tests.
 */
const withTakeOver = (page: Page): Page => {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const takenOver = async <T>(navigation: T): Promise<T> => {
    await page.waitForFunction(reactHasRoot);
    return navigation;
  };
  page.goto = async (...args) => takenOver(await goto(...args));
  page.reload = async (...args) => takenOver(await reload(...args));
  return page;
};

/** The hosts the browser may reach; every other name is unknown to it. */
const reachable = ['127.0.0.1', 'localhost', 'apis.google.com', '*.gstatic.com'];

export interface BrowserHarness {
  /** The test's page, in a fresh context (no cookies, storage or sign-in from other tests). */
  readonly page: Page;
  /** Another fresh context and page in the same test, for a second user. */
  newPage(): Promise<Page>;
}

/**
 * One Chromium per test file; a fresh context per test, closed after it. A failed test leaves a
 * full-page screenshot of each of its pages in test-results/e2e/.
 */
export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let current: Page | undefined;
  // What the pages' Content-Security-Policy refused: the policy must fit the app it guards.
  let refused: string[] = [];

  const openPage = async (): Promise<Page> => {
    if (!browser) throw new Error('The browser is not running');
    const context = await browser.newContext({
      baseURL: baseUrl,
      colorScheme: 'light',
      // A user who asked for less motion, as the app honours it: menus and dialogs open at once,
      // and a colour is measured once it has settled, not mid-transition.
      reducedMotion: 'reduce',
      viewport: { width: 1280, height: 900 },
    });
    contexts.push(context);
    context.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        refused.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
      }
    });
    context.setDefaultTimeout(PATIENCE_MS);
    context.setDefaultNavigationTimeout(PATIENCE_MS);
    return withTakeOver(await context.newPage());
  };

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: await chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        // Only the marketplace, its Auth Emulator and Google's sign-in library (apis.google.com
        // and its static files) have an address: anything else (the web fonts and styles of
        // the emulator's sign-in page) fails at once. The browser decides this itself, so no
        // request waits on this process to be let through.
        `--host-resolver-rules=${['MAP * ~NOTFOUND', ...reachable.map((host) => `EXCLUDE ${host}`)].join(', ')}`,
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    current = await openPage();
  });

  afterEach(async (ctx) => {
    const open = contexts;
    const violations = refused;
    contexts = [];
    refused = [];
    current = undefined;
    try {
      if (ctx.task.result?.state === 'fail') {
        await mkdir(screenshotDir, { recursive: true });
        const base = fileNameOf([ctx.task.suite?.name, ctx.task.name]);
        const pages = open.flatMap((context) => context.pages());
        for (const [index, page] of pages.entries()) {
          const file = join(screenshotDir, `${base}${index === 0 ? '' : `-${index + 1}`}.png`);
          await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).then(
            () => console.error(`Screenshot of the failing page (${page.url()}): ${file}`),
            (error: unknown) => console.error(`No screenshot of ${page.url()}: ${String(error)}`),
          );
        }
      }
    } finally {
      await Promise.all(open.map((context) => context.close()));
    }
    if (violations.length > 0) {
      throw new Error(`The Content-Security-Policy refused:\n${violations.join('\n')}`);
    }
  });

  return {
    get page() {
      if (!current) throw new Error('No page outside a test');
      return current;
    },
    newPage: openPage,
  };
}

const fileNameOf = (parts: (string | undefined)[]) =>
  parts
    .filter(Boolean)
    .join(' - ')
    .replace(/[^\w .,'-]+/g, '_')
    .slice(0, 180);

/** An email nobody has used yet. */
export const uniqueEmail = (who: string) =>
  `${who}-${Date.now().toString(36)}-${randomUUID().slice(0, 6)}@e2e.test`;

/** A short unique suffix for names (cars, categories). */
export const unique = () => randomUUID().slice(0, 8);

/** The two screens a walk is tried on: a laptop's and a phone's. */
export const screenSizes = [
  { size: 'desktop', viewport: { width: 1440, height: 900 } },
  { size: 'phone', viewport: { width: 390, height: 844 } },
] as const;

export interface Account {
  name: string;
  email: string;
  password: string;
}

export const newAccount = (who: string, name: string): Account => ({
  name,
  email: uniqueEmail(who),
  password: `pw-${randomUUID()}`,
});

/**
 * The entry of a dashboard list that mentions `text`: a table's row, or the card that stands for
 * it where the table would not fit its space (a phone, or a wide table on a laptop).
 */
export const entryOf = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: text });

/** Waits until the locator is visible, as a user waits for something to show. */
export const see = async (locator: Locator): Promise<Locator> => {
  await locator.first().waitFor({ state: 'visible' });
  return locator;
};

/**
 * Waits until a menu or dialog is visible and done opening: clicks while its opening animation
 * runs are sometimes lost, and a user would not click before it has settled either.
 */
export const opened = async (locator: Locator): Promise<Locator> => {
  await see(locator);
  await locator.first().evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return locator;
};

/** A toast with this message. */
/** What a new listing must say the car is, filled into Add Product's `dialog`. */
export async function fillCarIdentity(
  dialog: Locator,
  car: { make: string; model: string; year: string; mileage: string },
): Promise<void> {
  await dialog.getByLabel(/^Make/).fill(car.make);
  await dialog.getByLabel(/^Model/).fill(car.model);
  await dialog.getByLabel(/^Year\b/).fill(car.year);
  await dialog.getByLabel(/^Mileage/).fill(car.mileage);
}

/** One fact of a car page's specs grid ("Year", "Mileage", "Location"...), its label and value. */
export const spec = (page: Page, label: string): Locator =>
  page
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) });

export const toast = (page: Page, message: string) =>
  see(page.getByRole('status').filter({ hasText: message }));

/** Signs in through the Login page and waits for the welcome toast. */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  if (!new URL(page.url(), baseUrl).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await toast(page, 'User Login Successfully');
}

/** Signs up through the Register page and waits for the toast. */
export async function registerThroughUi(
  page: Page,
  account: Account,
  options: { seller?: boolean } = {},
) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  if (options.seller) await page.getByText('Sign up as a Seller').click();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await toast(page, 'User Created Successfully');
}

/** Signs out through the avatar menu. */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await (await opened(page.getByRole('menu'))).getByRole('menuitem', { name: 'Logout' }).click();
  await see(page.getByRole('banner').getByRole('link', { name: 'Login' }));
}

/** Opens a dashboard screen through the drawer, as a user does. */
export async function openDashboard(page: Page, link: string) {
  await page.goto('/user');
  await see(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
  // On a phone the dashboard's links lead the top bar's one menu (a drawer).
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  const within = (await menu.isVisible())
    ? await menu.click().then(() => opened(page.getByRole('dialog', { name: 'Menu' })))
    : page;
  await within
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: link })
    .click();
}

// ---- data made outside the browser, for flows that need someone else to exist

interface ApiSession {
  account: Account;
  uid: string;
  accessToken: string;
}

/**
 * The furthest position the writes made here were answered with: reads made here wait for it
 * (`X-Min-Position`), as the web client's reads wait for its own writes.
 */
let written: bigint | undefined;

const wrote = (position: unknown) => {
  if (typeof position !== 'string' && typeof position !== 'number') return;
  const at = BigInt(position);
  if (written === undefined || at > written) written = at;
};

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const method = init.method ?? 'GET';
  if (method === 'GET' && written !== undefined) headers.set('x-min-position', String(written));
  const response = await fetch(`${baseUrl}/api${path}`, { ...init, headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path}: ${response.status} ${text}`);
  const body = (text ? JSON.parse(text) : undefined) as T;
  if (method !== 'GET') {
    wrote(response.headers.get('x-event-position') ?? undefined);
    if (body && typeof body === 'object' && 'position' in body) wrote(body.position);
  }
  return body;
}

/**
 * Waits until the cars the writes made here touched are readable, so that a page the browser
 * opens next shows them (the browser knows nothing of writes made outside it).
 */
async function carsCaughtUp(): Promise<void> {
  for (let tries = 0; tries < 20; tries++) {
    const response = await fetch(`${baseUrl}/api/products?limit=1`, {
      headers: written === undefined ? {} : { 'x-min-position': String(written) },
    });
    await response.arrayBuffer();
    if (response.headers.get('x-position-reached') !== 'false') return;
  }
  throw new Error(`The cars were not caught up with position ${written} after 20 reads`);
}

/** An account registered the way the web client registers one, without a browser. */
export async function createAccount(
  who: string,
  name: string,
  type: 'Buyer' | 'Seller',
): Promise<ApiSession> {
  const account = newAccount(who, name);
  const signedUp = await signUpWithPassword(authEmulatorHost, {
    email: account.email,
    password: account.password,
    displayName: name,
  });
  await api('/user', {
    method: 'POST',
    headers: { authorization: `Bearer ${signedUp.idToken}` },
    body: JSON.stringify({ name, email: account.email, type }),
  });
  const { accessToken } = await api<{ accessToken: string }>(
    `/jwt?email=${encodeURIComponent(account.email)}`,
    { headers: { authorization: `Bearer ${signedUp.idToken}` } },
  );
  return { account, uid: signedUp.uid, accessToken };
}

export interface CarInput {
  name: string;
  category: string;
  original_price: string;
  price: string;
  location: string;
  use: string;
  /** The details buyers search by, all optional. */
  make?: string;
  model?: string;
  year?: string;
  mileage?: string;
  fuel?: string;
  transmission?: string;
  description?: string;
}

/** A picture uploaded by the seller, for the cars they list. */
async function uploadPicture(seller: ApiSession): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(carPicture())], { type: 'image/png' }), 'car.png');
  const uploaded = await api<{ data: { url: string } }>('/images', {
    method: 'POST',
    body: form,
    token: seller.accessToken,
  });
  return uploaded.data.url;
}

async function postCar(seller: ApiSession, car: CarInput, image: string): Promise<{ id: string }> {
  const answer = await api<{ _id?: string; id?: string; insertedId?: string }>('/product', {
    method: 'POST',
    token: seller.accessToken,
    body: JSON.stringify({
      ...car,
      image,
      seller_name: seller.account.name,
      email: seller.account.email,
    }),
  });
  const id = answer.insertedId ?? answer._id ?? answer.id;
  if (!id) throw new Error(`POST /api/product answered no id: ${JSON.stringify(answer)}`);
  await carsCaughtUp();
  return { id };
}

/** A car listed by the seller through the API (picture upload, then the listing). */
export async function listCar(seller: ApiSession, car: CarInput): Promise<{ id: string }> {
  return postCar(seller, car, await uploadPicture(seller));
}

/** Cars listed by the seller through the API, one after another, with one picture. */
export async function listCars(seller: ApiSession, cars: CarInput[]): Promise<{ id: string }[]> {
  const image = await uploadPicture(seller);
  const listed: { id: string }[] = [];
  for (const car of cars) listed.push(await postCar(seller, car, image));
  return listed;
}

/** Deletes the seller's car through the API. */
export async function deleteCar(seller: ApiSession, id: string): Promise<void> {
  await api(`/product/${encodeURIComponent(id)}`, { method: 'DELETE', token: seller.accessToken });
  await carsCaughtUp();
}

/**
 * A meetup the seller accepted, through the API: the buyer books the car proposing `at` (an
 * ISO-8601 time), the seller accepts. Answers the booking's id.
 */
export async function acceptedMeetup(
  buyer: ApiSession,
  seller: ApiSession,
  carId: string,
  at: string,
): Promise<string> {
  const booked = await api<{ insertedId: string }>('/booking', {
    method: 'POST',
    token: buyer.accessToken,
    body: JSON.stringify({
      product_id: carId,
      buyer_phone: '+1 512 555 0199',
      meetup: 'The station car park',
      proposed_time: at,
    }),
  });
  await api(`/booking/${encodeURIComponent(booked.insertedId)}/accept`, {
    method: 'POST',
    token: seller.accessToken,
  });
  await carsCaughtUp();
  return booked.insertedId;
}

/** The buyer lets a booking go through the API: the car is for sale to others again. */
export async function cancelBooking(buyer: ApiSession, bookingId: string): Promise<void> {
  await api(`/booking/${encodeURIComponent(bookingId)}/cancel`, {
    method: 'POST',
    token: buyer.accessToken,
  });
  await carsCaughtUp();
}

// ---- a real picture

/** A 96x64 PNG: a car-coloured body (red unless told) on a sky-blue gradient. */
export function carPicture(body: readonly [number, number, number] = [200, 40, 40]): Buffer {
  const width = 96;
  const height = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const inBody = y > 28 && y < 52 && x > 12 && x < 84;
      const wheel = y >= 48 && y < 60 && ((x > 20 && x < 32) || (x > 64 && x < 76));
      const [r, g, b] = wheel ? [30, 30, 30] : inBody ? body : [120, 170, 220 - y];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
