import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuilt } from '@second-gear/all-in-one';
import { chromiumPath } from '@second-gear/e2e/chromium';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
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

export interface LighthouseRun {
  page: string;
  /** Lighthouse's default (mobile: slow 4G, 4x CPU slowdown, simulated) or its desktop preset. */
  formFactor: 'mobile' | 'desktop';
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** First and Largest Contentful Paint, Total Blocking Time (ms), as Lighthouse reports them. */
  fcpMs: number | undefined;
  lcpMs: number | undefined;
  tbtMs: number | undefined;
  /** JavaScript the browser fetched during the run, as served (bytes on the wire). */
  scriptBytes: number;
  scripts: number;
}

export interface WebResult {
  /** The Content-Encoding the all-in-one app answers for its entry chunk to `Accept-Encoding: gzip, br`. */
  servedEncoding: string;
  lighthouseVersion: string;
  chromium: string;
  initialJs: InitialJs[];
  lighthouse: LighthouseRun[];
}

const PAGES = [
  { page: 'Home', route: 'src/pages/home.tsx' },
  { page: 'Car detail', route: 'src/pages/car-detail.tsx' },
] as const;

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

/**
 * Part 5: initial JavaScript from the build, and Lighthouse (its default settings: mobile,
 * simulated throttling) of Home and Car detail against the all-in-one app with its demo data,
 * in Debian's Chromium.
 */
export const benchWeb = async (options: { say: (line: string) => void }): Promise<WebResult> => {
  const dist = ensureWebBuilt();
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
    chrome = await chromeLauncher.launch({
      chromePath: await chromiumPath(),
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const port = chrome.port;
    const url = server.info.url ?? '';
    const cars = (await (await fetch(`${url}/api/products`)).json()) as { _id: string }[];
    const carId = cars[0]?._id;
    if (carId === undefined) throw new Error('The demo marketplace has no car');
    const html = await (await fetch(`${url}/`)).text();
    const entry = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    const asset = entry
      ? await fetch(new URL(entry, url), { headers: { 'accept-encoding': 'gzip, br' } })
      : undefined;
    await asset?.arrayBuffer();
    const servedEncoding = asset?.headers.get('content-encoding') ?? 'identity';
    const runs: LighthouseRun[] = [];
    let lighthouseVersion = '';
    let chromium = '';
    const pages = [
      ['Home', `${url}/`],
      ['Car detail', `${url}/car/${carId}`],
    ] as const;
    for (const formFactor of ['mobile', 'desktop'] as const)
      for (const [page, pageUrl] of pages) {
        const result = await lighthouse(
          pageUrl,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${pageUrl}`);
        const { lhr } = result;
        lighthouseVersion = lhr.lighthouseVersion;
        chromium = lhr.environment.hostUserAgent;
        const score = (id: string) => {
          const value = lhr.categories[id]?.score;
          return value === undefined || value === null ? null : Math.round(value * 100);
        };
        const audit = (id: string) => lhr.audits[id] as Audit | undefined;
        const scripts = (audit('network-requests')?.details?.items ?? []).filter(
          (item) => item.resourceType === 'Script',
        );
        const run: LighthouseRun = {
          page,
          formFactor,
          url: pageUrl.replace(url, ''),
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: audit('first-contentful-paint')?.numericValue,
          lcpMs: audit('largest-contentful-paint')?.numericValue,
          tbtMs: audit('total-blocking-time')?.numericValue,
          scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
          scripts: scripts.length,
        };
        runs.push(run);
        options.say(
          `  Lighthouse ${page} (${formFactor}): performance ${run.performance}, accessibility ${run.accessibility}, best practices ${run.bestPractices}, SEO ${run.seo}`,
        );
      }
    return { servedEncoding, lighthouseVersion, chromium, initialJs: sizes, lighthouse: runs };
  } finally {
    chrome?.kill();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};
