import { dealRatings } from '@second-gear/features/rules';
import { describe, expect, it } from 'vitest';
import { dealExplanation, dealLabels } from '../src/components/deal-rating.tsx';

const market = { value: 13_700, low: 12_100, high: 14_900, comparables: 23 };

describe('a car’s deal rating in words', () => {
  it('says how far the price is from the market value, and from how many cars', () => {
    expect(dealExplanation({ price: 12_500, market })).toBe(
      '$1,200 below the market value of $13,700, from 23 similar cars. Fair range $12,100 – $14,900.',
    );
    expect(dealExplanation({ price: 14_500, market })).toBe(
      '$800 above the market value of $13,700, from 23 similar cars. Fair range $12,100 – $14,900.',
    );
    expect(dealExplanation({ price: 13_700, market })).toBe(
      'At the market value of $13,700, from 23 similar cars. Fair range $12,100 – $14,900.',
    );
  });

  it('says nothing of a car without a rating', () => {
    expect(dealExplanation({ price: 12_500 })).toBeUndefined();
  });

  it('names every rating the API answers', () => {
    expect(Object.keys(dealLabels).sort()).toEqual([...dealRatings].sort());
    expect(new Set(Object.values(dealLabels).map((d) => d.label)).size).toBe(dealRatings.length);
  });
});
