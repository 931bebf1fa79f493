import { requireActiveActor } from '../authorization.ts';
import type { CategoryState } from '../categories/category.ts';
import type { CategoryNameReservationState } from '../categories/category-name-reservation.ts';
import type { ListCar } from '../commands.ts';
import { appendsOf, type Decision } from '../decision.ts';
import { reject } from '../domain-error.ts';
import { streams } from '../events.ts';
import type { UserState } from '../users/user.ts';
import { nonNegative, required } from '../validation.ts';
import type { CarState } from './car.ts';

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
    originalPrice: nonNegative(data.originalPrice, 'originalPrice'),
    price: nonNegative(data.price, 'price'),
    location: required(data.location, 'location'),
    yearsOfUse: nonNegative(data.yearsOfUse, 'yearsOfUse'),
  };
  const wanted = required(data.categoryName, 'categoryName');
  if (categoryName.status !== 'claimed' || category.status !== 'active')
    reject('category-not-found', `There is no category named ${wanted}.`, 'categoryName');
  if (category.categoryId !== categoryName.categoryId)
    throw new Error('listCar: the category given is not the one its name claims');
  if (car.status !== 'none') reject('car-exists', `Car ${data.carId} already exists.`);

  const { carId } = data;
  const { categoryId } = category;
  const sellerId = seller.userId;
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
          categoryName: category.name,
          image: listing.image,
          originalPrice: listing.originalPrice,
          price: listing.price,
          location: listing.location,
          yearsOfUse: listing.yearsOfUse,
        },
      },
    ],
    [streams.category(categoryId), { type: 'CategoryCarAdded', data: { categoryId, carId } }],
    [streams.user(sellerId), { type: 'SellerCarAdded', data: { userId: sellerId, carId } }],
  ]);
};
