// npm run screenshots [-- <directory>]
// Screenshots of the main pages, at a desktop's size and a phone's, from the all-in-one app with
// its demo data in a fresh data directory: docs/screenshots/<page>-<size>.png.
import { cp, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { demoAccounts, startMarketplace, webBuilt } from '@second-gear/all-in-one';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumPath } from '../src/chromium.ts';

const repositoryRoot = resolve(import.meta.dirname, '../../..');
const outDir = resolve(process.argv[2] ?? join(repositoryRoot, 'docs', 'screenshots'));
const say = (line: string) => process.stdout.write(`${line}\n`);

/** The sizes of the screenshots: a laptop's screen and a phone's (the browser tests' sizes). */
const SIZES = {
  desktop: { viewport: { width: 1440, height: 900 }, isMobile: false },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true },
} as const;

/** The search shown: the demo cars within 50 km of Boulder, CO, nearest first, with their distances. */
const SEARCH_PATH = '/products?near=Boulder%2C+CO&radiusKm=50&sort=distance';

interface Shot {
  name: string;
  /** Where it is, once the demo data is known. */
  path: string;
  /** Signed in as the demo seller. */
  seller?: boolean;
  /** The whole page rather than the screen. */
  fullPage?: boolean;
  /** What a user does there first, once it shows (opens a link of it). */
  open?: (page: Page) => Promise<void>;
  /** Waits for what the page is about to be on screen. */
  shows: (page: Page) => Promise<void>;
}

/** How long a page may take to show its content. */
const patience = 60_000;

/**
 * What is still loading: skeletons, anything `aria-busy`, a "Loading" or "Checking your sign-in"
 * status, the fonts, and each picture not yet loaded within the screen (within the page, when
 * `whole`).
 */
const stillLoading = (whole: boolean): string[] => {
  const waiting: string[] = [];
  if (document.querySelector('.chakra-skeleton')) waiting.push('a skeleton');
  for (const busy of Array.from(document.querySelectorAll('[aria-busy="true"]'))) {
    waiting.push(`aria-busy ${busy.tagName.toLowerCase()}`);
  }
  for (const status of Array.from(document.querySelectorAll('[role="status"]'))) {
    const text = status.textContent?.trim() ?? '';
    if (/^(Loading|Checking your sign-in)/.test(text)) waiting.push(`"${text}"`);
  }
  if (document.fonts.status !== 'loaded') waiting.push('the fonts');
  for (const image of Array.from(document.images)) {
    const box = image.getBoundingClientRect();
    const shown =
      box.width > 0 &&
      box.height > 0 &&
      (whole ||
        (box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth));
    if (shown && !(image.complete && image.naturalWidth > 0)) waiting.push(`picture ${image.src}`);
  }
  return waiting;
};

/**
 * Whether the page stays still for `ms`: no element added, removed or changed, after the
 * pictures on it are decoded (each given a second at most) and two frames painted.
 */
const stillFor = async (ms: number): Promise<boolean> => {
  await Promise.all(
    Array.from(document.images)
      .filter((image) => image.complete && image.naturalWidth > 0)
      .map((image) =>
        Promise.race([
          image.decode().catch(() => {}),
          new Promise((done) => setTimeout(done, 1_000)),
        ]),
      ),
  );
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  let changes = 0;
  const observer = new MutationObserver((records) => {
    changes += records.length;
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  await new Promise((done) => setTimeout(done, ms));
  observer.disconnect();
  return changes === 0;
};

/** Waits until nothing is loading and the page has stayed still for half a second. */
const settled = async (page: Page, whole: boolean) => {
  const deadline = Date.now() + patience;
  for (;;) {
    const waiting = await page.evaluate(stillLoading, whole);
    if (
      waiting.length === 0 &&
      (await page.evaluate(stillFor, 500)) &&
      (await page.evaluate(stillLoading, whole)).length === 0
    ) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${page.url()} was still loading after ${patience / 1000} s: ${waiting.join(', ') || 'it kept changing'}`,
      );
    }
    await page.waitForTimeout(200);
  }
};

/** Scrolls down the page and back, so that every lazy picture on it starts loading. */
const scrollThrough = async (page: Page) => {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 100));
    }
    scrollTo(0, 0);
  });
};

const signIn = async (context: BrowserContext, baseUrl: string) => {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(demoAccounts.seller.email);
  await page.getByLabel('Password').fill(demoAccounts.seller.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'User Login Successfully' }).first().waitFor();
  await page.close();
};

/** The demo car the screenshots show, and its seller. */
type DemoCar = { id: string; name: string; sellerId: string };

const shots = (car: DemoCar): Shot[] => [
  {
    name: 'home',
    path: '/',
    fullPage: true,
    shows: (page) => page.getByRole('heading', { name: 'Recommended Cars' }).waitFor(),
  },
  {
    name: 'search',
    path: SEARCH_PATH,
    shows: (page) =>
      page
        .getByText(/^\d+ cars?$/)
        .first()
        .waitFor(),
  },
  {
    name: 'car',
    path: `/car/${car.id}`,
    shows: (page) => page.getByRole('heading', { level: 1, name: car.name }).waitFor(),
  },
  {
    // The demo seller's profile, with the demo buyer's review and its answer.
    name: 'seller-profile',
    path: `/seller/${car.sellerId}`,
    shows: (page) => page.getByText(/upfront about the scratches/).waitFor(),
  },
  {
    name: 'my-products',
    path: '/user/products',
    seller: true,
    shows: (page) => page.getByText(car.name).first().waitFor(),
  },
  {
    // The listing form, opened from My Products.
    name: 'add-product',
    path: '/user/products',
    seller: true,
    open: (page) => page.getByRole('button', { name: 'Add Product' }).click(),
    shows: (page) => page.getByRole('dialog', { name: 'Add Product' }).waitFor(),
  },
  {
    name: 'seller-bookings',
    path: '/user/bookings',
    seller: true,
    shows: (page) => page.getByText(demoAccounts.buyer.name).first().waitFor(),
  },
  {
    name: 'messages',
    path: '/user/messages',
    seller: true,
    shows: (page) => page.getByText(demoAccounts.buyer.name).first().waitFor(),
  },
  {
    // The demo buyer's question and the seller's answer, opened from the inbox.
    name: 'conversation',
    path: '/user/messages',
    seller: true,
    open: (page) =>
      page.getByRole('link').filter({ hasText: demoAccounts.buyer.name }).first().click(),
    shows: (page) =>
      page
        .getByRole('log', { name: 'Messages' })
        .getByText(/winter tyres/)
        .waitFor(),
  },
];

const takeAll = async (browser: Browser, baseUrl: string, car: DemoCar) => {
  const written: string[] = [];
  for (const [size, { viewport, isMobile }] of Object.entries(SIZES)) {
    for (const seller of [false, true]) {
      const context = await browser.newContext({
        viewport,
        isMobile,
        hasTouch: isMobile,
        deviceScaleFactor: 1,
        colorScheme: 'light',
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(patience);
      // Nothing but the marketplace: no font or style from elsewhere holds a page up.
      await context.route(
        (url) => !/^(127\.0\.0\.1|localhost)$/.test(url.hostname),
        (route) => route.abort(),
      );
      try {
        if (seller) await signIn(context, baseUrl);
        for (const shot of shots(car).filter((each) => Boolean(each.seller) === seller)) {
          const page = await context.newPage();
          await page.goto(`${baseUrl}${shot.path}`);
          await shot.open?.(page);
          await shot.shows(page);
          const whole = shot.fullPage ?? false;
          if (whole) await scrollThrough(page);
          await settled(page, whole);
          const file = join(outDir, `${shot.name}-${size}.png`);
          await page.screenshot({
            path: file,
            fullPage: whole,
            animations: 'disabled',
            caret: 'hide',
          });
          await page.close();
          written.push(file);
          say(
            `  ${relative(repositoryRoot, file)} (${((await stat(file)).size / 1024).toFixed(0)} kB)`,
          );
        }
      } finally {
        // A browser that went away has closed its contexts: the error that matters came before.
        await context.close().catch(() => {});
      }
    }
  }
  return written;
};

const main = async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'second-gear-screenshots-'));
  let marketplace: Awaited<ReturnType<typeof startMarketplace>> | undefined;
  let browser: Browser | undefined;
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      await browser?.close().catch(() => {});
      await marketplace?.stop();
      await rm(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };
  // Interrupted, it still stops the marketplace and its emulator and removes the data.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      say(`\n${signal}: stopping`);
      void stop().finally(() => process.exit(130));
    });
  }
  try {
    // A copy of the built app, so a rebuild of web/dist meanwhile cannot pull chunks away.
    const webDist = join(dataDir, 'web');
    await cp(await webBuilt(undefined, say), webDist, { recursive: true });
    say('starting the marketplace with its demo data');
    marketplace = await startMarketplace({
      dataDir,
      webDist,
      port: 0,
      authEmulatorPort: 0,
      seed: true,
      rateLimits: false,
      logLevel: 'warn',
    });
    const baseUrl = marketplace.url;
    // The advertised car: the first of the demo data, on Home's Recommended Cars.
    const found = (await (await fetch(`${baseUrl}/api/products?q=corolla`)).json()) as {
      _id: string;
      name: string;
      seller_id: string;
    }[];
    const car = found[0];
    if (!car) throw new Error('The demo data has no Corolla');
    browser = await chromium.launch({
      executablePath: await chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--hide-scrollbars',
        // Otherwise a large picture drawn small (My Products' thumbnails) may be left out of the
        // frame, its decoding put off and never finished, though the picture has loaded.
        '--disable-checker-imaging',
      ],
    });
    await mkdir(outDir, { recursive: true });
    say(`writing to ${relative(repositoryRoot, outDir) || outDir}`);
    const written = await takeAll(browser, baseUrl, {
      id: car._id,
      name: car.name,
      sellerId: car.seller_id,
    });
    say(`${written.length} screenshots`);
  } finally {
    await stop();
  }
};

await main();
