import { advertiseCar } from './cars/advertise-car.ts';
import { bookCar } from './cars/book-car.ts';
import type { CarState } from './cars/car.ts';
import { deleteCar } from './cars/delete-car.ts';
import { listCar } from './cars/list-car.ts';
import { type CategoryState, initialCategoryState } from './categories/category.ts';
import { initialCategoryNameReservationState } from './categories/category-name-reservation.ts';
import { createCategory } from './categories/create-category.ts';
import { deleteCategory } from './categories/delete-category.ts';
import type { Command } from './commands.ts';
import type { Decision } from './decision.ts';
import { streams } from './events.ts';
import {
  type LoadedStreams,
  loadedState,
  type StreamKind,
  type StreamStateOf,
} from './streams-for.ts';
import { applyForSeller } from './users/apply-for-seller.ts';
import { deleteUser } from './users/delete-user.ts';
import { initialEmailReservationState } from './users/email-reservation.ts';
import { promoteToAdmin } from './users/promote-to-admin.ts';
import { registerUser } from './users/register-user.ts';
import { initialUserState } from './users/user.ts';

const state = <K extends StreamKind>(
  loaded: LoadedStreams,
  kind: K,
  stream: string,
): StreamStateOf[K] => {
  const found = loadedState(loaded, kind, stream);
  if (found === undefined)
    throw new Error(
      `Stream ${stream} is not loaded: load what streamsFor names until it names none`,
    );
  return found;
};

/**
 * Runs the command's decision on the streams `streamsFor` named. For a generic command
 * service; the named decisions (`bookCar`, ...) are the same rules with the states passed by
 * name. Throws `DomainError` when a rule rejects the command.
 */
export const decide = (command: Command, loaded: LoadedStreams): Decision => {
  const actorUser = () => state(loaded, 'user', streams.user(command.actor.uid));
  switch (command.type) {
    case 'RegisterUser':
      return registerUser({
        command,
        user: state(loaded, 'user', streams.user(command.data.userId)),
        email: state(loaded, 'email', streams.email(command.data.email)),
      });
    case 'ApplyForSeller':
      return applyForSeller({ command, actorUser: actorUser() });
    case 'PromoteToAdmin':
      return promoteToAdmin({
        command,
        actorUser: actorUser(),
        user: state(loaded, 'user', streams.user(command.data.userId)),
      });
    case 'DeleteUser': {
      const user = state(loaded, 'user', streams.user(command.data.userId));
      const cars: Record<string, CarState> = {};
      const categories: Record<string, CategoryState> = {};
      if (user.status === 'active')
        for (const carId of user.carIds) {
          const car = state(loaded, 'car', streams.car(carId));
          cars[carId] = car;
          if (car.status !== 'none') {
            const { categoryId } = car.car;
            categories[categoryId] = state(loaded, 'category', streams.category(categoryId));
          }
        }
      return deleteUser({
        command,
        actorUser: actorUser(),
        user,
        email:
          user.status === 'active'
            ? state(loaded, 'email', streams.email(user.email))
            : initialEmailReservationState(),
        cars,
        categories,
      });
    }
    case 'CreateCategory':
      return createCategory({
        command,
        actorUser: actorUser(),
        category: state(loaded, 'category', streams.category(command.data.categoryId)),
        categoryName: state(loaded, 'categoryName', streams.categoryName(command.data.name)),
      });
    case 'DeleteCategory': {
      const category = state(loaded, 'category', streams.category(command.data.categoryId));
      return deleteCategory({
        command,
        actorUser: actorUser(),
        category,
        categoryName:
          category.status === 'none'
            ? initialCategoryNameReservationState()
            : state(loaded, 'categoryName', streams.categoryName(category.name)),
      });
    }
    case 'ListCar': {
      const categoryName = state(
        loaded,
        'categoryName',
        streams.categoryName(command.data.categoryName),
      );
      return listCar({
        command,
        actorUser: actorUser(),
        car: state(loaded, 'car', streams.car(command.data.carId)),
        categoryName,
        category:
          categoryName.status === 'claimed'
            ? state(loaded, 'category', streams.category(categoryName.categoryId))
            : initialCategoryState(),
      });
    }
    case 'AdvertiseCar':
      return advertiseCar({
        command,
        actorUser: actorUser(),
        car: state(loaded, 'car', streams.car(command.data.carId)),
      });
    case 'BookCar':
      return bookCar({
        command,
        actorUser: actorUser(),
        car: state(loaded, 'car', streams.car(command.data.carId)),
      });
    case 'DeleteCar': {
      const car = state(loaded, 'car', streams.car(command.data.carId));
      return deleteCar({
        command,
        actorUser: actorUser(),
        car,
        category:
          car.status === 'none'
            ? initialCategoryState()
            : state(loaded, 'category', streams.category(car.car.categoryId)),
        seller:
          car.status === 'none'
            ? initialUserState()
            : state(loaded, 'user', streams.user(car.car.sellerId)),
      });
    }
    default: {
      const unknown: never = command;
      throw new Error(`No decision for ${JSON.stringify(unknown)}`);
    }
  }
};
