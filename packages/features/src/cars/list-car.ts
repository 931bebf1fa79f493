import type { CategoryNameReservationState } from '../categories/index.ts';
import {
  type CategoryState,
  initialCategoryState,
  requireNamedCategory,
} from '../categories/index.ts';
import { appendsOf, type Decision } from '../platform/decision.ts';
import { FIRST_MODEL_YEAR, MILEAGE, PRICE, within, YEARS_OF_USE } from '../platform/rules.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { inBound, required } from '../platform/validation.ts';
import { type EventDataOf, streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import type { CarState } from './car.ts';
import { carPhotos } from './photos.ts';
import { reject } from './rules.ts';

/**
 * The API's CreateProduct. The category is given by its name (the command service turns a
 * category id the client sent into that category's name); the seller is the actor.
 */
export type ListCar = CommandOf<
  'ListCar',
  {
    carId: string;
    name: string;
    categoryName: string;
    image: string;
    originalPrice: number;
    price: number;
    location: string;
    yearsOfUse: number;
    /** The gallery, cover first; without it, `image` alone. */
    images?: readonly string[];
  } & Partial<CarListingDetails>
>;

/** The details buyers search by; each may be left out. */
export type CarListingDetails = Pick<
  EventDataOf<'CarListed'>,
  'make' | 'model' | 'year' | 'mileage' | 'fuel' | 'transmission' | 'description'
>;

/** Blank text counts as not given; words are trimmed and single-spaced. */
const optionalWords = (value: string | null | undefined): string | null => {
  const text = value?.trim().replaceAll(/\s+/g, ' ') ?? '';
  return text === '' ? null : text;
};

/** The details as a car keeps them: checked, trimmed, and null where not given. */
export const listingDetails = (data: Partial<CarListingDetails>): CarListingDetails => {
  const { year, mileage } = data;
  if (year != null && (!Number.isInteger(year) || year < FIRST_MODEL_YEAR)) {
    reject('field-out-of-range', `Must be a whole number, ${FIRST_MODEL_YEAR} or later`, 'year');
  }
  if (mileage != null && (!Number.isInteger(mileage) || !within(MILEAGE, mileage))) {
    reject(
      'field-out-of-range',
      `Must be a whole number from ${MILEAGE.min} to ${MILEAGE.max.toLocaleString('en-US')}`,
      'mileage',
    );
  }
  const description = data.description?.trim() ?? '';
  return {
    make: optionalWords(data.make),
    model: optionalWords(data.model),
    year: year ?? null,
    mileage: mileage ?? null,
    fuel: data.fuel ?? null,
    transmission: data.transmission ?? null,
    description: description === '' ? null : description,
  };
};

/**
 * A seller lists a car in a live category (CreateProduct). Admins may too: an admin holds
 * every seller right. The seller's name and email come from their user stream.
 */
export const listCar = ({
  command,
  actorUser,
  car,
  categoryName,
  category,
}: {
  command: ListCar;
  /** `user-<actor.uid>`: the seller */
  actorUser: UserState;
  /** `car-<data.carId>` (new) */
  car: CarState;
  /** `category-name-<data.categoryName>` */
  categoryName: CategoryNameReservationState;
  /** `category-<id claimed by that name>` (none when the name is free) */
  category: CategoryState;
}): Decision => {
  const { data } = command;
  const seller = requireActiveActor(actorUser);
  if (seller.role === 'Buyer')
    reject('seller-role-required', 'Only a seller can list a car; apply for seller first.');
  const listing = {
    name: required(data.name, 'name'),
    image: required(data.image, 'image'),
    originalPrice: inBound(PRICE, data.originalPrice, 'originalPrice'),
    price: inBound(PRICE, data.price, 'price'),
    location: required(data.location, 'location'),
    yearsOfUse: inBound(YEARS_OF_USE, data.yearsOfUse, 'yearsOfUse'),
    ...listingDetails(data),
  };
  const wanted = required(data.categoryName, 'categoryName');
  const listedIn = requireNamedCategory(wanted, 'categoryName', categoryName, category);
  if (car.status !== 'none') reject('car-exists', `Car ${data.carId} already exists.`);

  const { carId } = data;
  const { categoryId } = listedIn;
  const sellerId = seller.userId;
  // The cover is `image`; the other pictures follow it in the order given.
  const images = carPhotos([listing.image, ...(data.images ?? [])]);
  return appendsOf([
    [
      streams.car(carId),
      {
        type: 'CarListed',
        data: {
          carId,
          name: listing.name,
          sellerId,
          sellerName: seller.name,
          sellerEmail: seller.email,
          categoryId,
          categoryName: listedIn.name,
          image: listing.image,
          originalPrice: listing.originalPrice,
          price: listing.price,
          location: listing.location,
          yearsOfUse: listing.yearsOfUse,
          make: listing.make,
          model: listing.model,
          year: listing.year,
          mileage: listing.mileage,
          fuel: listing.fuel,
          transmission: listing.transmission,
          description: listing.description,
        },
      },
    ],
    ...(images.length > 1
      ? [[streams.car(carId), { type: 'CarPhotosChanged', data: { carId, images } }] as const]
      : []),
    // Joins its category's cars without reading them: listings in one category never wait on
    // each other. The category's own stream, read and not written, is checked instead, so a
    // deletion of the category in the meantime refuses this listing.
    [
      streams.categoryCars(categoryId),
      { type: 'CategoryCarAdded', data: { categoryId, carId } },
      'any',
    ],
    // Joins the seller's cars the same way: the seller's own stream, read and not written, is
    // checked instead, so deleting the seller in the meantime refuses this listing.
    [
      streams.sellerCars(sellerId),
      { type: 'SellerCarAdded', data: { userId: sellerId, carId } },
      'any',
    ],
  ]);
};

/** The category is known from the reservation of its name. */
export const listCarSlice = commandSlice({
  reads: (command: ListCar, read) => {
    const actorUser = read.user(command.actor.uid);
    const car = read.car(command.data.carId);
    const categoryName = read.categoryName(command.data.categoryName);
    const category =
      categoryName.status === 'claimed'
        ? read.category(categoryName.categoryId)
        : initialCategoryState();
    return { actorUser, car, categoryName, category };
  },
  decide: listCar,
});
