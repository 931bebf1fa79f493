// Stored events keep the version they were written in; every reader gets the current shape.
import { describe, expect, it } from 'vitest';
import { parseDomainEvent, schemaVersionOf, schemaVersions } from '../src/index.ts';

const listedV1 = {
  carId: 'car-1',
  name: 'Honda Vezel',
  sellerId: 'sam',
  sellerName: 'Sam Seller',
  sellerEmail: 'sam@example.com',
  categoryId: 'cat-suv',
  categoryName: 'SUV',
  image: '/images/0123456789abcdef.webp',
  originalPrice: 20000,
  price: 15000,
  location: 'Dhaka',
  yearsOfUse: 3,
};
const details = {
  make: 'Honda',
  model: 'Vezel',
  year: 2018,
  mileage: 61000,
  fuel: 'hybrid',
  transmission: 'automatic',
  description: 'One owner.',
};

describe('event versions', () => {
  it('writes CarListed and CarBooked as version 2 and every other event as version 1', () => {
    expect(schemaVersions.CarListed).toBe(2);
    expect(schemaVersions.CarBooked).toBe(2);
    const others = Object.entries(schemaVersions).filter(
      ([type]) => type !== 'CarListed' && type !== 'CarBooked',
    );
    expect(others.every(([, version]) => version === 1)).toBe(true);
  });

  it('upcasts a stored version 1 CarBooked: a request with no proposed time', () => {
    const bookedV1 = {
      carId: 'car-1',
      bookingId: 'booking-1',
      carName: 'Corolla',
      price: 9000,
      sellerId: 'sam',
      sellerName: 'Sam',
      sellerEmail: 'sam@example.com',
      buyerId: 'bob',
      buyerName: 'Bob',
      buyerEmail: 'bob@example.com',
      buyerPhone: '+1 555 0100',
      meetup: 'Main Street',
    };
    expect(
      parseDomainEvent({ type: 'CarBooked', data: bookedV1, metadata: { schemaVersion: 1 } }),
    ).toEqual({ type: 'CarBooked', data: { ...bookedV1, proposedTime: null } });
  });

  it('upcasts a stored version 1 CarListed: a car without details', () => {
    const event = parseDomainEvent({
      type: 'CarListed',
      data: listedV1,
      metadata: { schemaVersion: 1 },
    });
    expect(event).toEqual({
      type: 'CarListed',
      data: {
        ...listedV1,
        make: null,
        model: null,
        year: null,
        mileage: null,
        fuel: null,
        transmission: null,
        description: null,
      },
    });
  });

  it('reads version 2 as written, and refuses a version 2 without its details', () => {
    const data = { ...listedV1, ...details };
    expect(
      parseDomainEvent({ type: 'CarListed', data, metadata: { schemaVersion: 2 } }).data,
    ).toEqual(data);
    expect(() =>
      parseDomainEvent({ type: 'CarListed', data: listedV1, metadata: { schemaVersion: 2 } }),
    ).toThrow();
  });

  it('checks an old version against its own schema before upcasting it', () => {
    expect(() =>
      parseDomainEvent({
        type: 'CarListed',
        data: { ...listedV1, price: 'cheap' },
        metadata: { schemaVersion: 1 },
      }),
    ).toThrow();
  });

  it('refuses a version newer than this code knows, and an unknown type', () => {
    expect(() =>
      parseDomainEvent({ type: 'CarListed', data: listedV1, metadata: { schemaVersion: 3 } }),
    ).toThrow('CarListed version 3 is newer than the version this code reads (2)');
    expect(() => parseDomainEvent({ type: 'CarPainted', data: {} })).toThrow(
      'Unknown event type CarPainted',
    );
  });

  it('takes version 1 when the metadata names none', () => {
    expect(schemaVersionOf(undefined)).toBe(1);
    expect(schemaVersionOf({ schemaVersion: 'two' })).toBe(1);
    expect(schemaVersionOf({ schemaVersion: 2 })).toBe(2);
    expect(parseDomainEvent({ type: 'CarListed', data: listedV1 }).data).toMatchObject({
      make: null,
    });
  });
});
