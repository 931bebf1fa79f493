import { createEventStore } from '@second-gear/event-store';
import { parseDomainEvent } from '@second-gear/features';
import { describe, expect, it } from 'vitest';
import { EVENTS_PER_CAR, marketplaceGenerator } from '../src/dataset.ts';

describe('the generated marketplace', () => {
  // A generated event the domain cannot read would be parked by every projection's rebuild and
  // applied one by one: the benchmark would measure the parking, not the projections.
  it('is made of events the domain reads as they are, every type of them', async () => {
    const store = await createEventStore({ kind: 'pglite' });
    try {
      const generator = marketplaceGenerator(store, { batchBlocks: 1 });
      await generator.growTo(40);
      const events = await store.readAll({ limit: 10_000 });
      expect(events.length).toBe(generator.events());
      expect(generator.cars()).toBe(40);
      expect(events.length).toBeGreaterThanOrEqual(40 * EVENTS_PER_CAR);
      const unreadable = events.flatMap((event) => {
        try {
          parseDomainEvent(event);
          return [];
        } catch (error) {
          return [`${event.type}: ${String(error).slice(0, 200)}`];
        }
      });
      expect(unreadable).toEqual([]);
      expect(new Set(events.map((event) => event.type))).toEqual(
        new Set([
          'UserRegistered',
          'UserPromotedToAdmin',
          'EmailClaimed',
          'CategoryCreated',
          'CategoryNameClaimed',
          'CarListed',
          'SellerCarAdded',
          'CategoryCarAdded',
          'CarAdvertised',
          'CarBooked',
        ]),
      );
    } finally {
      await store.close();
    }
  }, 60_000);

  it('puts every car in the one category it is given', async () => {
    const store = await createEventStore({ kind: 'pglite' });
    try {
      await marketplaceGenerator(store, { batchBlocks: 1, categories: ['Full'] }).growTo(40);
      const events = await store.readAll({ limit: 10_000 });
      const created = events.filter((event) => event.type === 'CategoryCreated');
      expect(created.map((event) => event.data.name)).toEqual(['Full']);
      const listedIn = events
        .filter((event) => event.type === 'CarListed')
        .map((event) => event.data.categoryName);
      expect(listedIn).toHaveLength(40);
      expect(new Set(listedIn)).toEqual(new Set(['Full']));
    } finally {
      await store.close();
    }
  }, 60_000);
});
