import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore } from '@second-gear/event-store';
import { marketsSettled } from '@second-gear/features';
import { dealRatingOf } from '@second-gear/features/rules';
import { startProjections } from '@second-gear/projection-service';
import { LIVE_SCHEMA, type ReadModelDb, waitForPosition } from '@second-gear/read-model';
import type { MarketplaceGenerator } from './dataset.ts';

/** How well the market values a size's cars, and how soon a burst of listings is valued. */
export interface MarketRun {
  cars: number;
  /** Cars for sale whose noise-free price the generator kept. */
  measured: number;
  /** Of those, the cars with a market value (enough comparables). */
  rated: number;
  /** The median of |market value − noise-free price| / noise-free price, in %. */
  medianErrorPercent: number;
  /** The share of rated cars whose rating is the one their asking price has against the noise-free price, in %. */
  labelsRightPercent: number;
  /** Listings appended at once to the live projections, and the time until all are valued. */
  burst?: { listings: number; ms: number };
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length === 0
    ? 0
    : Number.isInteger(middle)
      ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
      : (sorted[Math.floor(middle)] ?? 0);
};

/** The market values of the generated cars for sale against the generator's own truth. */
export const measureMarketAccuracy = async (
  db: ReadModelDb,
  generator: MarketplaceGenerator,
): Promise<MarketRun> => {
  const truth = generator.fairPrices();
  const rows = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('cars')
    .select(['id', 'market_value', 'deal'])
    .where('deleted_at', 'is', null)
    .where('sold_at', 'is', null)
    .execute();
  const errors: number[] = [];
  let measured = 0;
  let right = 0;
  for (const row of rows) {
    const known = truth.get(row.id);
    if (known === undefined) continue;
    measured += 1;
    if (row.market_value === null) continue;
    errors.push(Math.abs(Number(row.market_value) - known.fair) / known.fair);
    if (row.deal === dealRatingOf(known.asked / known.fair)) right += 1;
  }
  return {
    cars: generator.cars(),
    measured,
    rated: errors.length,
    medianErrorPercent: Math.round(median(errors) * 1000) / 10,
    labelsRightPercent: errors.length === 0 ? 0 : Math.round((right / errors.length) * 1000) / 10,
  };
};

/**
 * Appends `listings` generated cars at once while the projections run live, and times until
 * they have applied them and valued their makes and models again.
 */
export const measureBurst = async (
  store: EventStore,
  db: ReadModelDb,
  generator: MarketplaceGenerator,
  listings = 1_000,
): Promise<{ listings: number; ms: number }> => {
  const projections = await startProjections({ store, db });
  try {
    const caughtUp = async () => {
      const head = await store.headPosition();
      if (head === undefined) return;
      const { reached } = await waitForPosition(db, head, 600_000);
      if (!reached) throw new Error('The projections did not reach the burst within 10 minutes');
      const deadline = Date.now() + 600_000;
      while (!(await marketsSettled(db.withSchema(LIVE_SCHEMA)))) {
        if (Date.now() > deadline) throw new Error('The burst was not valued within 10 minutes');
        await sleep(20);
      }
    };
    await caughtUp();
    const started = performance.now();
    await generator.growTo(generator.cars() + listings);
    await caughtUp();
    return { listings, ms: Math.round(performance.now() - started) };
  } finally {
    await projections.stop();
  }
};
