import { describe, expect, it } from 'vitest';
import { median, percentile, perSecond, summarize } from '../src/stats.ts';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 .. 1, unsorted
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile(samples, 0)).toBe(1);
  });

  it('handles few samples and none', () => {
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2], 50)).toBe(1);
    expect(percentile([1, 2], 51)).toBe(2);
    expect(percentile([], 50)).toBeUndefined();
  });

  it('refuses a percentile out of range', () => {
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });

  it('does not reorder the samples it was given', () => {
    const samples = [3, 1, 2];
    percentile(samples, 50);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('summarize and perSecond', () => {
  it('summarizes', () => {
    expect(summarize([4, 1, 3, 2])).toEqual({ count: 4, p50: 2, p95: 4, p99: 4, max: 4 });
    expect(perSecond(500, 250)).toBe(2000);
    expect(perSecond(5, 0)).toBe(0);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
