// How a car's details read on screen. Only types come from the contract: cards are part of the
// first page, and its download carries no schema library.
import type { CarRecord, Fuel, Transmission } from '@second-gear/features/contract';
import { fuelLabels, transmissionLabels } from '@second-gear/features/contract/car-labels';
import { DAY_MS } from '@second-gear/features/rules';
import type { CarSort } from '../api/endpoints.ts';

export { fuelLabels, transmissionLabels };

/**
 * Every sort the API's document lists, as the sort menu names it; the first is the default.
 * `distance` needs a place to measure from (`near`).
 */
export const sortLabels = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  year_desc: 'Year: newest first',
  mileage_asc: 'Mileage: lowest first',
  distance: 'Distance: nearest first',
  deal: 'Deal: best first',
} as const satisfies Record<CarSort, string>;

export const isFuel = (value: string): value is Fuel => Object.hasOwn(fuelLabels, value);
export const isTransmission = (value: string): value is Transmission =>
  Object.hasOwn(transmissionLabels, value);
export const isSort = (value: string): value is CarSort => Object.hasOwn(sortLabels, value);

/** 85000 → "85,000". */
export const formatNumber = (value: number) => value.toLocaleString('en-US');

/** 85000 → "85,000 km". */
export const formatMileage = (km: number) => `${formatNumber(km)} km`;

/** How far a car is from the place searched near: "23 km away", "Less than 1 km away". */
export const formatDistance = (km: number) =>
  km < 1 ? 'Less than 1 km away' : `${formatNumber(Math.round(km))} km away`;

/** 15000 → "$15,000": every price on screen reads this way. */
export const formatMoney = (value: number) => `$${formatNumber(value)}`;

/** 1 → "1 year", any other number → "3 years", "0 years", "1.5 years". */
export const formatYearsOfUse = (use: number) => `${use} ${use === 1 ? 'year' : 'years'}`;

/** How much a buyer saves on the original price, when the sale price is below it. */
export const savingOf = ({
  price,
  original_price,
}: Pick<CarRecord, 'price' | 'original_price'>): number | undefined =>
  original_price > price ? original_price - price : undefined;

/** Year, mileage and fuel of a car, as far as it gives them: ["2017", "85,000 km", "Petrol"]. */
export function keyFacts(car: Pick<CarRecord, 'year' | 'mileage' | 'fuel'>): string[] {
  const facts: string[] = [];
  if (car.year !== undefined) facts.push(String(car.year));
  if (car.mileage !== undefined) facts.push(formatMileage(car.mileage));
  if (car.fuel !== undefined) facts.push(fuelLabels[car.fuel]);
  return facts;
}

/** How long ago a car's current term began, in whole days: "Listed today", "Listed 12 days ago". */
export const listedAgo = (listedAt: string, now = Date.now()): string => {
  const days = Math.max(0, Math.floor((now - Date.parse(listedAt)) / DAY_MS));
  if (days === 0) return 'Listed today';
  if (days === 1) return 'Listed yesterday';
  return `Listed ${days} days ago`;
};
