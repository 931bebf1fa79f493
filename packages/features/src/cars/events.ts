import { z } from 'zod';
import { id, mileage, modelYear, money, yearsOfUse } from '../platform/event-fields.ts';
import {
  ERASED_CONTACT,
  ERASED_NAME,
  type PersonalValues,
  personalField,
} from '../platform/personal-data.ts';
import { fuels, transmissions } from '../platform/rules.ts';

// ---- cars: stream `car-<id>`; a booking is decided on its car's stream

/** CarListed version 1: the listing as the marketplace first took it. */
export const CarListedV1 = z.object({
  carId: id,
  name: z.string(),
  sellerId: id,
  sellerName: z.string(),
  sellerEmail: z.string(),
  categoryId: id,
  categoryName: z.string(),
  image: z.string(),
  originalPrice: money,
  price: money,
  location: z.string(),
  yearsOfUse,
});
/** CarListed version 2: with the details buyers search by, each null when not given. */
export const CarListed = CarListedV1.extend({
  make: z.string().nullable(),
  model: z.string().nullable(),
  /** Model year. */
  year: modelYear.nullable(),
  /** Kilometres. */
  mileage: mileage.nullable(),
  fuel: z.enum(fuels).nullable(),
  transmission: z.enum(transmissions).nullable(),
  /** Plain text. */
  description: z.string().nullable(),
});
export const CarAdvertised = z.object({ carId: id });
/** Its seller lowered or raised the price. */
export const CarPriceChanged = z.object({ carId: id, oldPrice: money, price: money });
/**
 * Its seller (or an admin) changed the listing: only the fields that changed are present; a
 * detail set to null was cleared.
 */
export const CarDetailsChanged = z.object({
  carId: id,
  name: z.string().optional(),
  originalPrice: money.optional(),
  location: z.string().optional(),
  yearsOfUse: yearsOfUse.optional(),
  make: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  year: modelYear.nullable().optional(),
  mileage: mileage.nullable().optional(),
  fuel: z.enum(fuels).nullable().optional(),
  transmission: z.enum(transmissions).nullable().optional(),
  description: z.string().nullable().optional(),
});
/** How many pictures a car may have. */
export const MAX_CAR_PHOTOS = 10;
/**
 * Its seller (or an admin) set the car's pictures, in order: the first is the cover, which the
 * listing's `image` then names. A car listed with one picture has that one until this event.
 */
export const CarPhotosChanged = z.object({
  carId: id,
  images: z.array(z.string()).min(1).max(MAX_CAR_PHOTOS),
});
/** Its seller sold it: it leaves search and its category's live cars, and stays readable. */
export const CarSold = z.object({ carId: id, sellerId: id, categoryId: id });
export const CarDeleted = z.object({
  carId: id,
  sellerId: id,
  categoryId: id,
  /** Why it went: its seller or an admin deleted it, or it was withdrawn with its seller's account. */
  reason: z.enum(['deleted', 'seller-deleted']),
});

/** The details of a car listed before they existed, or listed without any. */
export const noCarDetails = {
  make: null,
  model: null,
  year: null,
  mileage: null,
  fuel: null,
  transmission: null,
  description: null,
} as const;

/** The events of this feature, by type: the registry lists them with every other feature's. */
export const carEvents = {
  CarListed,
  CarAdvertised,
  CarPriceChanged,
  CarDetailsChanged,
  CarPhotosChanged,
  CarSold,
  CarDeleted,
} as const;

/** The personal values of this feature's events: the seller's name and email on a listing. */
export const carPersonalValues: PersonalValues = {
  CarListed: [
    personalField('sellerName', 'sellerId', ERASED_NAME),
    personalField('sellerEmail', 'sellerId', ERASED_CONTACT),
  ],
};
