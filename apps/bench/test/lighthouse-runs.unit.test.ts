import { describe, expect, it } from 'vitest';
import {
  type LighthouseSample,
  medianRunIndex,
  medianSample,
  summarizeRuns,
} from '../src/lighthouse-runs.ts';

const sample = (overrides: Partial<LighthouseSample>): LighthouseSample => ({
  performance: 50,
  accessibility: 100,
  bestPractices: 96,
  seo: 100,
  fcpMs: 1_000,
  lcpMs: 2_000,
  tbtMs: 300,
  cls: 0,
  scriptBytes: 200_000,
  scripts: 20,
  failing: [],
  ...overrides,
});

describe('medianRunIndex', () => {
  it('picks the run of median performance, whatever order the runs came in', () => {
    expect(
      medianRunIndex([
        sample({ performance: 80 }),
        sample({ performance: 40 }),
        sample({ performance: 60 }),
      ]),
    ).toBe(2);
    expect(
      medianRunIndex([
        sample({ performance: 60 }),
        sample({ performance: 80 }),
        sample({ performance: 40 }),
      ]),
    ).toBe(0);
  });

  it('takes the lower middle of an even count, the earlier run on a tie, and a missing score as lowest', () => {
    expect(medianRunIndex([sample({ performance: 90 }), sample({ performance: 10 })])).toBe(1);
    expect(
      medianRunIndex([
        sample({ performance: 70 }),
        sample({ performance: 70 }),
        sample({ performance: 70 }),
      ]),
    ).toBe(1);
    expect(
      medianRunIndex([
        sample({ performance: null }),
        sample({ performance: 30 }),
        sample({ performance: 20 }),
      ]),
    ).toBe(2);
  });

  it('refuses no runs', () => {
    expect(() => medianRunIndex([])).toThrow(RangeError);
  });
});

describe('medianSample', () => {
  it('takes each figure its own median, not the median run whole', () => {
    const median = medianSample([
      sample({ performance: 40, fcpMs: 900, lcpMs: 5_000, tbtMs: 100, cls: 0.2, scripts: 20 }),
      sample({ performance: 60, fcpMs: 1_100, lcpMs: 3_000, tbtMs: 900, cls: 0, scripts: 22 }),
      sample({ performance: 50, fcpMs: 1_300, lcpMs: 4_000, tbtMs: 500, cls: 0.01, scripts: 21 }),
    ]);
    expect(median).toEqual({
      performance: 50,
      accessibility: 100,
      bestPractices: 96,
      seo: 100,
      fcpMs: 1_100,
      lcpMs: 4_000,
      tbtMs: 500,
      cls: 0.01,
      scriptBytes: 200_000,
      scripts: 21,
      failing: [],
    });
  });

  it('leaves out what a run did not measure, and rounds a score', () => {
    const median = medianSample([
      sample({ seo: null, lcpMs: undefined, accessibility: 91 }),
      sample({ seo: 100, lcpMs: undefined, accessibility: 92 }),
    ]);
    expect(median.seo).toBe(100);
    expect(median.lcpMs).toBeUndefined();
    expect(median.accessibility).toBe(92);
  });
});

describe('the failing audits of a median', () => {
  it('are those that failed in at least half of the runs', () => {
    const median = medianSample([
      sample({ failing: ['label', 'inspector-issues'] }),
      sample({ failing: ['inspector-issues'] }),
      sample({ failing: ['color-contrast', 'inspector-issues'] }),
      sample({ failing: ['color-contrast'] }),
    ]);
    expect(median.failing).toEqual(['color-contrast', 'inspector-issues']);
  });
});

describe('summarizeRuns', () => {
  it('keeps every run with the medians', () => {
    const runs = [sample({ performance: 30 }), sample({ performance: 45 })];
    const page = summarizeRuns({ page: 'Home', formFactor: 'mobile', url: '/' }, runs);
    expect(page.runs).toEqual(runs);
    expect(page.runs).not.toBe(runs);
    expect(page.medianRun).toBe(0);
    expect(page.median.performance).toBe(38);
  });
});
