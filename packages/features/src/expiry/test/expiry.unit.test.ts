import { describe, expect, it } from 'vitest';
import {
  actor,
  carBooked,
  carListed,
  categoryCreated,
  registered,
  suv,
  system,
} from '../../../test/fixtures.ts';
import { given, on } from '../../../test/given.ts';
import { type Command, type DomainEvent, LISTING_DAYS, streams, termEnd } from '../../index.ts';

const market = [
  registered('bob', 'Buyer'),
  registered('sam', 'Seller'),
  registered('sue', 'Seller'),
  categoryCreated(suv.categoryId, suv.name),
  carListed('car-1', 'sam'),
];
const expiresAt = '2027-01-26T10:00:00.000Z';
const warn = (term = 0, by = system): Command => ({
  type: 'WarnCarExpiry',
  actor: by,
  data: { carId: 'car-1', term, expiresAt },
});
const expire = (term = 0, by = system): Command => ({
  type: 'ExpireCar',
  actor: by,
  data: { carId: 'car-1', term },
});
const renew = (by = actor('sam', 'Seller')): Command => ({
  type: 'RenewCar',
  actor: by,
  data: { carId: 'car-1' },
});
const near = (term = 0): DomainEvent => ({
  type: 'CarExpiryNear',
  data: { carId: 'car-1', sellerId: 'sam', term, expiresAt },
});
const expired = (term = 0): DomainEvent => ({
  type: 'CarExpired',
  data: { carId: 'car-1', sellerId: 'sam', term },
});
const renewed = (term: number): DomainEvent => ({
  type: 'CarRenewed',
  data: { carId: 'car-1', sellerId: 'sam', term },
});

describe('a listing’s term', () => {
  it(`ends ${LISTING_DAYS} days after it began`, () => {
    expect(termEnd(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
  });

  it('warns its seller once, and ends once', async () => {
    await given(market)
      .when(warn())
      .then(on(streams.car('car-1'), near()));
    await given(market, near()).when(warn()).thenNothing();
    await given(market, near())
      .when(expire())
      .then(on(streams.car('car-1'), expired()));
    await given(market, near(), expired()).when(expire()).thenNothing();
  });

  it('changes nothing for a term renewed since, a car sold, or one with an open booking', async () => {
    await given(market, renewed(1)).when(expire(0)).thenNothing();
    await given(market, renewed(1)).when(warn(0)).thenNothing();
    await given(market, renewed(1))
      .when(expire(1))
      .then(on(streams.car('car-1'), expired(1)));
    const sold: DomainEvent = {
      type: 'CarSold',
      data: { carId: 'car-1', sellerId: 'sam', categoryId: suv.categoryId },
    };
    await given(market, sold).when(expire()).thenNothing();
    await given(market, carBooked('car-1', 'sam', 'bob'))
      .when(expire())
      .thenNothing();
  });

  it('is warned and ended by the System alone', async () => {
    await given(market)
      .when(expire(0, actor('sam', 'Seller')))
      .thenThrows('forbidden', 'system-required');
    await given(market)
      .when(warn(0, actor('bob')))
      .thenThrows('forbidden', 'system-required');
  });

  it('is renewed by its seller alone, expired or not, as a new term', async () => {
    await given(market, near(), expired())
      .when(renew())
      .then(on(streams.car('car-1'), renewed(1)));
    await given(market, renewed(1))
      .when(renew())
      .then(on(streams.car('car-1'), renewed(2)));
    await given(market)
      .when(renew(actor('sue', 'Seller')))
      .thenThrows('forbidden', 'not-car-owner');
    const sold: DomainEvent = {
      type: 'CarSold',
      data: { carId: 'car-1', sellerId: 'sam', categoryId: suv.categoryId },
    };
    await given(market, sold).when(renew()).thenThrows('conflict', 'car-sold');
  });
});
