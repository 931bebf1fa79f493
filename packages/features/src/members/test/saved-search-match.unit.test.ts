import { describe, expect, it } from 'vitest';
import { carMatchesSearch, type MatchedCar, savedSearchQuery } from '../../contract/index.ts';
import { kmBetween } from '../../places/index.ts';

const car: MatchedCar = {
  name: 'Honda CR-V 2018',
  categoryName: 'SUV',
  price: 18_900,
  location: 'Denver, CO',
  make: 'Honda',
  model: 'CR-V',
  year: 2018,
  mileage: 71_500,
  fuel: 'petrol',
  transmission: 'automatic',
  description: null,
};

/** Whether a saved search (as a buyer saved it from the search page) tells of the car. */
const tells = (query: string, listed: MatchedCar = car) =>
  carMatchesSearch(listed, savedSearchQuery.parse(query), (near) =>
    kmBetween(listed.location, near),
  );

describe('a saved search near a place', () => {
  it('keeps near and its radius, as the search page wrote them', () => {
    expect(savedSearchQuery.parse('?near=Boulder, CO&radiusKm=25&sort=distance')).toBe(
      'near=Boulder%2C+CO&radiusKm=25&sort=distance',
    );
  });

  it('tells of a car within its radius, 50 km when not said', () => {
    // Denver is 39 km from Boulder.
    expect(tells('near=Boulder, CO')).toBe(true);
    expect(tells('near=Boulder, CO&radiusKm=40&make=honda')).toBe(true);
    expect(tells('near=Boulder, CO&radiusKm=30')).toBe(false);
    expect(tells('near=Austin, TX&radiusKm=500')).toBe(false);
  });

  it('tells of no car whose place is unknown', () => {
    expect(tells('near=Boulder, CO', { ...car, location: 'Behind the old mill' })).toBe(false);
    expect(tells('make=honda', { ...car, location: 'Behind the old mill' })).toBe(true);
  });
});
