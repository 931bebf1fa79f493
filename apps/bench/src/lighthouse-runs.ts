/** Lighthouse runs of one page and form factor, and their medians. */
import { median } from './stats.ts';

/** What one Lighthouse run measured. */
export interface LighthouseSample {
  /** Category scores, 0 to 100. */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** First and Largest Contentful Paint, Total Blocking Time (ms), as Lighthouse reports them. */
  fcpMs: number | undefined;
  lcpMs: number | undefined;
  tbtMs: number | undefined;
  /** Cumulative Layout Shift, unitless. */
  cls: number | undefined;
  /** JavaScript the browser fetched during the run, as served (bytes on the wire). */
  scriptBytes: number;
  scripts: number;
  /**
   * The audits that cost accessibility, best practices or SEO points (scored below 1 with a
   * weight), by id. Of a median: those that failed in at least half of the runs.
   */
  failing: string[];
}

export interface LighthousePage {
  page: string;
  /** Lighthouse's default (mobile: slow 4G, 4x CPU slowdown, simulated) or its desktop preset. */
  formFactor: 'mobile' | 'desktop';
  /** Path and query of the page, on the app under test. */
  url: string;
  /** Every run, in the order they ran. */
  runs: LighthouseSample[];
  /** Which of the runs has the median performance score (the earlier one on a tie). */
  medianRun: number;
  /** Each figure's median over the runs (a score rounded to a whole number). */
  median: LighthouseSample;
}

const medianOf = (values: readonly (number | null | undefined)[]): number | undefined => {
  const known = values.filter((value): value is number => typeof value === 'number');
  return known.length === 0 ? undefined : median(known);
};

const scoreOf = (values: readonly (number | null)[]): number | null => {
  const value = medianOf(values);
  return value === undefined ? null : Math.round(value);
};

/**
 * The index of the run whose performance score is the median: the runs sorted by score (a run
 * without one first), the middle one; of an even count, the lower of the two middle ones.
 */
export const medianRunIndex = (runs: readonly LighthouseSample[]): number => {
  if (runs.length === 0) throw new RangeError('No Lighthouse run to take the median of');
  const order = runs
    .map((run, index) => ({ score: run.performance ?? -1, index }))
    .sort((a, b) => a.score - b.score || a.index - b.index);
  return order[Math.floor((order.length - 1) / 2)]?.index ?? 0;
};

/** Each figure's median over the runs. */
export const medianSample = (runs: readonly LighthouseSample[]): LighthouseSample => ({
  performance: scoreOf(runs.map((run) => run.performance)),
  accessibility: scoreOf(runs.map((run) => run.accessibility)),
  bestPractices: scoreOf(runs.map((run) => run.bestPractices)),
  seo: scoreOf(runs.map((run) => run.seo)),
  fcpMs: medianOf(runs.map((run) => run.fcpMs)),
  lcpMs: medianOf(runs.map((run) => run.lcpMs)),
  tbtMs: medianOf(runs.map((run) => run.tbtMs)),
  cls: medianOf(runs.map((run) => run.cls)),
  scriptBytes: medianOf(runs.map((run) => run.scriptBytes)) ?? 0,
  scripts: medianOf(runs.map((run) => run.scripts)) ?? 0,
  failing: [...new Set(runs.flatMap((run) => run.failing))]
    .filter((id) => runs.filter((run) => run.failing.includes(id)).length * 2 >= runs.length)
    .sort(),
});

/** One page and form factor: its runs, the median run and the medians. */
export const summarizeRuns = (
  target: Pick<LighthousePage, 'page' | 'formFactor' | 'url'>,
  runs: readonly LighthouseSample[],
): LighthousePage => ({
  ...target,
  runs: [...runs],
  medianRun: medianRunIndex(runs),
  median: medianSample(runs),
});
