import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { webBuilt } from '@second-gear/all-in-one';
import { chromiumPath } from '@second-gear/e2e/chromium';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type LighthousePage, type LighthouseSample, summarizeRuns } from './lighthouse-runs.ts';
import { measurePageLoads, PAGE_LOAD, type PageLoadRun } from './page-loads.ts';
import { spawnServer } from './spawn-server.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface InitialJs {
  page: string;
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

export interface WebResult {
  /** The Content-Encoding the all-in-one app answers for its entry chunk to `Accept-Encoding: gzip, br`. */
  servedEncoding: string;
  lighthouseVersion: string;
  /** The browser's user agent, as Lighthouse reports it. */
  chromium: string;
  /** Which Chromium drove the runs: Debian's, `@sparticuz/chromium`'s, or the one at CHROME_PATH. */
  chromiumSource: ChromiumSource;
  initialJs: InitialJs[];
  /** How many times each page ran in each form factor. */
  lighthouseRuns: number;
  lighthouse: LighthousePage[];
  /** Pages and kept answers under load, on the all-in-one and the distributed gateway. */
  pageLoads?: PageLoadRun[];
}

export type ChromiumSource = 'debian' | 'sparticuz' | 'CHROME_PATH';

const PAGES = [
  { page: 'Home', route: 'src/pages/home.tsx' },
  { page: 'Search', route: 'src/pages/all-cars.tsx' },
  { page: 'Car detail', route: 'src/pages/car/car-page.tsx' },
] as const;

/** How many times Lighthouse measures each page in each form factor; the report gives medians. */
export const LIGHTHOUSE_RUNS = 5;

/**
 * The search Lighthouse measures: a make of the demo data in the words, sorted by price, so the
 * page is a search (booked cars left out, the cursor's pages) rather than the plain list.
 */
export const SEARCH_PATH = '/products?q=toyota&sort=price_asc';

/**
 * The JavaScript a first visit to a page loads before it can render: the entry chunk, the
 * page's own lazy chunk (the router loads it at once for that URL), and every chunk they import
 * statically, from Vite's manifest; gzip at level 9. Dynamic imports are not counted.
 */
export const initialJs = (dist: string): InitialJs[] => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entry === undefined) throw new Error('No entry chunk in the manifest');
  return PAGES.map(({ page, route }) => {
    if (!manifest[route]) throw new Error(`No chunk for ${route} in the manifest`);
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) visit(next);
    };
    visit(entry);
    visit(route);
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const key of seen) {
      const bytes = readFileSync(join(dist, manifest[key]?.file ?? ''));
      rawBytes += bytes.length;
      gzipBytes += gzipSync(bytes, { level: 9 }).length;
    }
    return { page, route, files: seen.size, rawBytes, gzipBytes };
  });
};

type Audit = {
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number }[] };
};

/** Which Chromium `chromiumPath()` chose. */
const sourceOf = (path: string): ChromiumSource =>
  process.env.CHROME_PATH ? 'CHROME_PATH' : path === '/usr/bin/chromium' ? 'debian' : 'sparticuz';

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One Lighthouse run's scores, timings, scripts and failing audits. */
const sampleOf = (lhr: LighthouseResult): LighthouseSample => {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === undefined || value === null ? null : Math.round(value * 100);
  };
  const audit = (id: string) => lhr.audits[id] as Audit | undefined;
  const scripts = (audit('network-requests')?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: audit('first-contentful-paint')?.numericValue,
    lcpMs: audit('largest-contentful-paint')?.numericValue,
    tbtMs: audit('total-blocking-time')?.numericValue,
    cls: audit('cumulative-layout-shift')?.numericValue,
    scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scripts: scripts.length,
    failing: ['accessibility', 'best-practices', 'seo']
      .flatMap((id) => lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
};

/**
 * Part 5: initial JavaScript from the build, and Lighthouse of Home, a search and a car page
 * against the all-in-one app with its demo data, on mobile (Lighthouse's default: simulated
 * throttling) and desktop (its preset), each LIGHTHOUSE_RUNS times. The rounds go over every
 * page in turn, so a busy moment of the machine falls on different pages rather than on all the
 * runs of one.
 */
export const benchWeb = async (options: {
  say: (line: string) => void;
  runs?: number;
  /** How long each page-load row lasts (PAGE_LOAD's 5 s). */
  loadSeconds?: number;
}): Promise<WebResult> => {
  const rounds = options.runs ?? LIGHTHOUSE_RUNS;
  const dist = await webBuilt();
  const sizes = initialJs(dist);
  for (const size of sizes) {
    options.say(`  ${size.page}: ${(size.gzipBytes / 1024).toFixed(1)} kB gzip initial JS`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'second-gear-bench-web-'));
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    server = await spawnServer('marketplace', {
      BENCH_DATA_DIR: dataDir,
      BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
    });
    const chromePath = await chromiumPath();
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const port = chrome.port;
    const url = server.info.url ?? '';
    const cars = (await (await fetch(`${url}/api/products`)).json()) as { _id: string }[];
    const carId = cars[0]?._id;
    if (carId === undefined) throw new Error('The demo marketplace has no car');
    const found = (await (await fetch(`${url}/api${SEARCH_PATH}`)).json()) as unknown[];
    if (found.length === 0) throw new Error(`The search ${SEARCH_PATH} finds no demo car`);
    const html = await (await fetch(`${url}/`)).text();
    const entry = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    const asset = entry
      ? await fetch(new URL(entry, url), { headers: { 'accept-encoding': 'gzip, br' } })
      : undefined;
    await asset?.arrayBuffer();
    const servedEncoding = asset?.headers.get('content-encoding') ?? 'identity';
    let lighthouseVersion = '';
    let chromium = '';
    const targets = (['mobile', 'desktop'] as const).flatMap((formFactor) =>
      (
        [
          ['Home', '/'],
          ['Search', SEARCH_PATH],
          ['Car detail', `/car/${carId}`],
        ] as const
      ).map(([page, path]) => ({ page, formFactor, url: path, runs: [] as LighthouseSample[] })),
    );
    for (let round = 1; round <= rounds; round++)
      for (const target of targets) {
        const pageUrl = `${url}${target.url}`;
        const result = await lighthouse(
          pageUrl,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
          target.formFactor === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${pageUrl}`);
        const { lhr } = result;
        lighthouseVersion = lhr.lighthouseVersion;
        chromium = lhr.environment.hostUserAgent;
        const run = sampleOf(lhr);
        target.runs.push(run);
        options.say(
          `  Lighthouse ${target.page} (${target.formFactor}), run ${round} of ${rounds}: performance ${run.performance}, accessibility ${run.accessibility}, best practices ${run.bestPractices}, SEO ${run.seo}, LCP ${Math.round(run.lcpMs ?? Number.NaN)} ms, TBT ${Math.round(run.tbtMs ?? Number.NaN)} ms, CLS ${run.cls?.toFixed(3)}${run.failing.length > 0 ? `; failed ${run.failing.join(', ')}` : ''}`,
        );
      }
    const lighthousePages = targets.map((target) => summarizeRuns(target, target.runs));
    for (const { page, formFactor, median } of lighthousePages) {
      options.say(
        `  Lighthouse ${page} (${formFactor}), medians of ${rounds}: performance ${median.performance}, accessibility ${median.accessibility}, best practices ${median.bestPractices}, SEO ${median.seo}`,
      );
    }
    // The browser goes before the loads start; the page loads measure the same all-in-one
    // kept, then stop it before starting any other server: one at a time.
    chrome.kill();
    chrome = undefined;
    const pageLoads = await measurePageLoads({
      durationSeconds: options.loadSeconds ?? PAGE_LOAD.durationSeconds,
      say: options.say,
      allInOneUrl: url,
      stopAllInOne: async () => {
        await server?.stop();
        server = undefined;
      },
    });
    return {
      pageLoads,
      servedEncoding,
      lighthouseVersion,
      chromium,
      chromiumSource: sourceOf(chromePath),
      initialJs: sizes,
      lighthouseRuns: rounds,
      lighthouse: lighthousePages,
    };
  } finally {
    chrome?.kill();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};
