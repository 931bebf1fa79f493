// Cumulative Layout Shift of the pages a visitor lands on, measured by Chromium itself (the
// `layout-shift` entries of PerformanceObserver) on a slow connection: every API answer arrives
// late and every picture later still, so whatever waits for them has had to keep their place;
// and once they have come, no picture on the page is broken.
import { demoAccounts } from '@second-gear/all-in-one';
import type { CDPSession, Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, logIn, see, useBrowser } from './harness.ts';

const browser = useBrowser();

/** The most a page may shift: "good" is 0.1 by the Web Vitals' measure; we hold to half. */
const MOST = 0.05;
/** How late the API answers, and the pictures (ms). */
const API_DELAY = 900;
const PICTURE_DELAY = 1_800;

const screens = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

interface Shift {
  value: number;
  startTime: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/** Records every layout shift not caused by input, from the page's first moment. */
function recordShifts() {
  window.__shifts = [];
  const describe = (node: Node | null | undefined) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 40) ?? '';
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${label}"`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: {
        node?: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const box = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}x${height}`;
      window.__shifts?.push({
        value: entry.value,
        startTime: entry.startTime,
        sources: (entry.sources ?? []).map(
          (source) =>
            `${describe(source.node)} from ${box(source.previousRect)} to ${box(source.currentRect)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * CLS as the Web Vitals define it: shifts grouped in windows (a gap under 1 s, at most 5 s
 * long), and the largest window's sum.
 */
function cumulativeLayoutShift(shifts: Shift[]): number {
  let largest = 0;
  let current = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (current > 0 && shift.startTime - last < 1_000 && shift.startTime - first < 5_000) {
      current += shift.value;
    } else {
      current = shift.value;
      first = shift.startTime;
    }
    last = shift.startTime;
    largest = Math.max(largest, current);
  }
  return largest;
}

/** The requests held back by `slowDown` and not yet let through. */
let held = 0;
/** The page's requests under way, but for its event streams, which never end. */
const inFlight = new Set<Request>();

/** What the page reported as errors: a shift with one of them is explained by it. */
const complaints: string[] = [];

/** A slow phone connection for the page, with the API and the pictures later still. */
async function slowDown(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (4 * 1024 * 1024) / 8,
    uploadThroughput: (1024 * 1024) / 8,
  });
  const late = (ms: number) => async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    held++;
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue().catch(() => undefined); // the page may have moved on
    } finally {
      held--;
    }
  };
  inFlight.clear();
  page.on('request', (request) => {
    if (!request.url().includes('/stream')) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  await page.route(`${baseUrl}/api/**`, late(API_DELAY));
  await page.route(`${baseUrl}/images/**`, late(PICTURE_DELAY));
  await page.addInitScript(recordShifts);
  complaints.length = 0;
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(String(error)));
  return cdp;
}

/** Opens the page, waits until it shows `ready` and its pictures have come, and measures. */
async function shiftOf(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('load');
  // Every late answer and picture let through and arrived whole, and the page painted with them.
  await expect
    .poll(() => ({ held, inFlight: [...inFlight].map((request) => request.url()) }))
    .toEqual({ held: 0, inFlight: [] });
  await page.evaluate(
    () =>
      new Promise((settled) => {
        const pictures = Array.from(document.images).filter(
          (image) => !image.complete && image.loading !== 'lazy',
        );
        Promise.all(pictures.map((image) => image.decode().catch(() => undefined))).then(() =>
          requestAnimationFrame(() => requestAnimationFrame(settled)),
        );
      }),
  );
  const shifts = await page.evaluate(() => window.__shifts ?? []);
  // A picture the browser gave up on; one still waiting to near the screen is not broken.
  const broken = await page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.complete && image.naturalWidth === 0)
      .map((image) => image.currentSrc || image.src),
  );
  return { cls: cumulativeLayoutShift(shifts), shifts, broken };
}

const pages = [
  {
    name: 'Home',
    path: async () => '/',
    ready: (page: Page) =>
      see(
        page.getByRole('region', { name: 'Recommended Cars' }).getByRole('heading', { level: 3 }),
      ),
  },
  {
    name: 'All Cars',
    path: async () => '/products',
    ready: (page: Page) => see(page.getByRole('link', { name: /^See Details of / })),
  },
  {
    name: 'a category',
    path: async () => '/category/Sedan',
    signedIn: true,
    ready: (page: Page) => see(page.getByRole('link', { name: /^See Details of / })),
  },
  {
    name: 'a car',
    path: async () => {
      const cars = (await (await fetch(`${baseUrl}/api/products`)).json()) as { _id: string }[];
      return `/car/${cars[0]?._id}`;
    },
    ready: (page: Page) => see(page.getByRole('link', { name: 'See Others Cars' })),
  },
];

describe('Layout shift and broken pictures on a slow connection', () => {
  for (const [screen, viewport] of Object.entries(screens)) {
    for (const { name, path, ready, signedIn } of pages) {
      test(`${name} on a ${screen} shifts at most ${MOST}`, async () => {
        const { page } = browser;
        await page.setViewportSize(viewport);
        // As most visitors see the page: with its motion.
        await page.emulateMedia({ reducedMotion: 'no-preference' });
        // A returning member: signed in before, the session restored as the page opens.
        if (signedIn) await logIn(page, demoAccounts.buyer);
        await slowDown(page);
        const { cls, shifts, broken } = await shiftOf(page, await path(), ready);
        console.info(`Layout shift of ${name} on a ${screen}: ${cls.toFixed(4)}`);
        expect(
          cls,
          `CLS ${cls.toFixed(3)}; shifts: ${JSON.stringify(shifts, null, 1)}; errors: ${JSON.stringify(complaints, null, 1)}`,
        ).toBeLessThanOrEqual(MOST);
        expect(broken, 'pictures that did not load').toEqual([]);
      });
    }
  }
});
