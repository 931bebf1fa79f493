import { appendsOf, type Decision } from '../platform/decision.ts';
import { PRICE, YEARS_OF_USE } from '../platform/rules.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { inBound, required } from '../platform/validation.ts';
import { type DomainEvent, type EventDataOf, streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import type { CarState } from './car.ts';
import { requireListedCar } from './find-car.ts';
import { type CarListingDetails, listingDetails } from './list-car.ts';
import { carPhotos, samePhotos } from './photos.ts';
import { reject } from './rules.ts';

/** What a seller may change in a listing; a detail given as null is cleared. */
export type CarChanges = Partial<
  {
    name: string;
    originalPrice: number;
    price: number;
    location: string;
    yearsOfUse: number;
    /** The pictures in their new order, cover first. */
    images: readonly string[];
  } & { [K in keyof CarListingDetails]: CarListingDetails[K] | null }
>;

/** A field left out is unchanged. */
export type EditCar = CommandOf<'EditCar', { carId: string; changes: CarChanges }>;

type DetailsChange = Omit<EventDataOf<'CarDetailsChanged'>, 'carId'>;

/**
 * The car's seller, or an admin, changes a listing that is still for sale. A new price is an
 * event of its own with the old one, so the price history and the "price dropped" mark come
 * from the log; new pictures (or a new order) are one event, and the other fields that changed
 * one more. Nothing changed, nothing appended.
 */
export const editCar = ({
  command,
  actorUser,
  car,
}: {
  command: EditCar;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `car-<data.carId>` */
  car: CarState;
}): Decision => {
  const user = requireActiveActor(actorUser);
  const listed = requireListedCar(car);
  const current = listed.car;
  if (current.sellerId !== user.userId && user.role !== 'Admin')
    reject('not-car-owner-or-admin', 'Only the seller of this car or an admin can edit it.');

  const { changes } = command.data;
  const wanted = {
    name: changes.name === undefined ? current.name : required(changes.name, 'name'),
    originalPrice:
      changes.originalPrice === undefined
        ? current.originalPrice
        : inBound(PRICE, changes.originalPrice, 'originalPrice'),
    location:
      changes.location === undefined ? current.location : required(changes.location, 'location'),
    yearsOfUse:
      changes.yearsOfUse === undefined
        ? current.yearsOfUse
        : inBound(YEARS_OF_USE, changes.yearsOfUse, 'yearsOfUse'),
    ...listingDetails({
      make: changes.make === undefined ? current.make : changes.make,
      model: changes.model === undefined ? current.model : changes.model,
      year: changes.year === undefined ? current.year : changes.year,
      mileage: changes.mileage === undefined ? current.mileage : changes.mileage,
      fuel: changes.fuel === undefined ? current.fuel : changes.fuel,
      transmission:
        changes.transmission === undefined ? current.transmission : changes.transmission,
      description: changes.description === undefined ? current.description : changes.description,
    }),
  };
  const price =
    changes.price === undefined ? current.price : inBound(PRICE, changes.price, 'price');
  const images = changes.images === undefined ? [...listed.images] : carPhotos(changes.images);

  const changed: DetailsChange = {};
  for (const key of Object.keys(wanted) as (keyof typeof wanted)[]) {
    if (wanted[key] !== current[key]) Object.assign(changed, { [key]: wanted[key] });
  }
  const { carId } = current;
  const pairs: [string, DomainEvent][] = [];
  if (Object.keys(changed).length > 0)
    pairs.push([streams.car(carId), { type: 'CarDetailsChanged', data: { carId, ...changed } }]);
  if (!samePhotos(images, listed.images))
    pairs.push([streams.car(carId), { type: 'CarPhotosChanged', data: { carId, images } }]);
  if (price !== current.price)
    pairs.push([
      streams.car(carId),
      { type: 'CarPriceChanged', data: { carId, oldPrice: current.price, price } },
    ]);
  return appendsOf(pairs);
};

export const editCarSlice = commandSlice({
  reads: (command: EditCar, read) => ({
    actorUser: read.user(command.actor.uid),
    car: read.car(command.data.carId),
  }),
  decide: editCar,
});
