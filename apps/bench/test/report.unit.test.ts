import { describe, expect, it } from 'vitest';
import { type LighthouseSample, summarizeRuns } from '../src/lighthouse-runs.ts';
import { renderReport } from '../src/report.ts';
import type { PartResult } from '../src/results.ts';
import type { WebResult } from '../src/web-bench.ts';
import type { WriteRun } from '../src/writes-bench.ts';

const sample = (overrides: Partial<LighthouseSample>): LighthouseSample => ({
  performance: 50,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 1_000,
  lcpMs: 2_000,
  tbtMs: 300,
  cls: 0,
  scriptBytes: 204_800,
  scripts: 25,
  failing: [],
  ...overrides,
});

const web: WebResult = {
  servedEncoding: 'br',
  lighthouseVersion: '13.5.0',
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/153.0.8010.0 Safari/537.36',
  chromiumSource: 'sparticuz',
  initialJs: [
    { page: 'Home', route: 'src/pages/home.tsx', files: 25, rawBytes: 598_016, gzipBytes: 190_157 },
    {
      page: 'Search',
      route: 'src/pages/all-cars.tsx',
      files: 30,
      rawBytes: 650_240,
      gzipBytes: 204_800,
    },
  ],
  lighthouseRuns: 3,
  lighthouse: [
    summarizeRuns({ page: 'Home', formFactor: 'mobile', url: '/' }, [
      sample({ performance: 37, fcpMs: 4_100, lcpMs: 4_900, tbtMs: 6_400, cls: 0.0002 }),
      sample({ performance: 52, fcpMs: 3_000, lcpMs: 3_600, tbtMs: 1_200, cls: 0 }),
      sample({ performance: 44, fcpMs: 3_500, lcpMs: 5_200, tbtMs: 2_000, cls: 0.031 }),
    ]),
    summarizeRuns(
      { page: 'Search', formFactor: 'desktop', url: '/products?q=toyota&sort=price_asc' },
      [
        sample({ performance: 91, bestPractices: 96, seo: null, failing: ['inspector-issues'] }),
        sample({
          performance: 88,
          bestPractices: 96,
          seo: null,
          cls: 0.12,
          failing: ['inspector-issues', 'color-contrast'],
        }),
        sample({ performance: 95, bestPractices: 100, seo: null, cls: 0.05 }),
      ],
    ),
  ],
};

const result: PartResult<'web'> = {
  part: 'web',
  date: '2026-11-25T10:00:00.000Z',
  durationMs: 420_000,
  quick: false,
  machine: {
    cpu: 'AMD EPYC',
    cores: 2,
    ramGiB: 24,
    node: 'v24.21.0',
    postgres: '15.20',
    os: 'linux x64',
  },
  load: { before: 1.1, after: 1.4 },
  data: web,
};

const section = (report: string) => {
  const start = report.indexOf('## 5. Web');
  expect(start).toBeGreaterThan(-1);
  return report.slice(start);
};

describe('the web section of the report', () => {
  const report = renderReport({ web: result }, { fullRun: undefined, quick: false });

  it('says the figures are medians of the runs, and which Chromium ran them', () => {
    const text = section(report);
    expect(text).toContain('**Medians of 3 runs.**');
    expect(text).toContain('`@sparticuz/chromium`');
    expect(text).toContain('`HeadlessChrome/153.0.8010.0`');
    expect(text).toContain('(`/products?q=toyota&sort=price_asc`) and a car page');
  });

  it('has a row per page and form factor with each figure its median and every run’s score', () => {
    const text = section(report);
    expect(text).toMatch(
      /\| Page \| Form factor \| Performance \(runs\) \| Accessibility \| Best practices \| SEO \| FCP \| LCP \| TBT \| CLS \| JS fetched \|/,
    );
    expect(text).toContain(
      '| Home | mobile | 44 (37, 52, 44) | 100 | 100 | 100 | 3,500 | 4,900 | 2,000 | 0.000 | 200.0 kB in 25 files |',
    );
    expect(text).toContain(
      '| Search | desktop | 91 (91, 88, 95) | 100 | 96 | n/a | 1,000 | 2,000 | 300 | 0.050 | 200.0 kB in 25 files |',
    );
  });

  it('names the audits that cost points in most runs, not those that failed once', () => {
    const text = section(report);
    expect(text).toContain('- `inspector-issues` on Search (desktop).');
    expect(text).not.toContain('color-contrast');
  });

  it('keeps the initial JavaScript table, the search page included', () => {
    const text = section(report);
    expect(text).toContain('**Initial JavaScript**');
    expect(text).toContain('| Search | `src/pages/all-cars.tsx` | 30 | 635.0 kB | **200.0 kB** |');
  });

  it('puts the medians in the summary', () => {
    expect(report).toContain(
      '| Lighthouse, Home (mobile) | performance 44, accessibility 100, best practices 100, SEO 100 (medians of 3 runs) |',
    );
  });
});

const listingRun = (clients: number, categoryCars: number, p99: number): WriteRun => ({
  backend: 'postgres',
  command: 'list a car',
  clients,
  commands: 500,
  failed: 0,
  elapsedMs: 10_000,
  commandsPerSecond: 50,
  latency: { count: 500, p50: p99 / 4, p95: p99 / 2, p99, max: p99 * 2 },
  visible: { count: 200, p50: 15, p95: 30, p99: 40, max: 80 },
  notVisible: 0,
  ranOut: false,
  categoryCars,
});

describe('the listings into a full category', () => {
  const writes: PartResult<'writes'> = {
    ...result,
    part: 'writes',
    data: {
      durationSeconds: 10,
      pglite: [],
      postgres: [{ ...listingRun(8, 0, 40), behindAtEnd: 37 }],
      byCategorySize: {
        cars: 100_000,
        runs: [
          listingRun(8, 0, 40),
          listingRun(8, 100_120, 50),
          listingRun(8, 310, 60),
          listingRun(8, 100_930, 70),
        ],
      },
    },
  };
  const report = renderReport({ writes }, { fullRun: undefined, quick: false });

  it('says how far the projections were behind when a row ended', () => {
    expect(report).toContain('| Visible p99 | Behind | Note |');
    expect(report).toMatch(/\| PostgreSQL \| list a car \| 8 .*\| 37 +\| +\|/);
  });

  it('has a row per run, with the cars its category held', () => {
    expect(report).toContain('### Listing into a full category (100,000 cars)');
    expect(report).toMatch(/\| 8 +\| 100,120 +\| 50 +\| 13 +\| 50 +\| 15 +\| 40 +\|/);
  });

  it('compares the means of the p99s, full against empty, in the text and the summary', () => {
    expect(report).toContain(
      '- 8 clients: answer p99 60 ms into the full category against 50 ms into empty ones (means of the two rows each), 1.20 times; the target is at most 1.5.',
    );
    expect(report).toContain(
      '| Writes, PostgreSQL, list into a category of 100,000 cars, 8 clients | answer p99 60 ms; into an empty one 50 ms; ratio 1.20 |',
    );
  });
});

describe('notes written by hand', () => {
  const notes = {
    writes: '### Why the writes look so\n\nBecause of the cores.\n',
    reads: 'The searches queue.',
  };
  const report = renderReport({}, { fullRun: undefined, quick: false, notes });

  it("sets each part's notes in its own section", () => {
    const writes = report.indexOf('## 1. Writes');
    const store = report.indexOf('## 2. Event store');
    const reads = report.indexOf('## 3. Reads');
    expect(report.indexOf('### Why the writes look so')).toBeGreaterThan(writes);
    expect(report.indexOf('### Why the writes look so')).toBeLessThan(store);
    expect(report.indexOf('The searches queue.')).toBeGreaterThan(reads);
  });

  it('leaves a part without notes as it was', () => {
    expect(renderReport({}, { fullRun: undefined, quick: false })).toBe(
      renderReport({}, { fullRun: undefined, quick: false, notes: {} }),
    );
  });
});
