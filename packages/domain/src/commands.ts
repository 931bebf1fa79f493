import type { Actor, Role } from './events.ts';

/**
 * A command: what someone asks for, who asks (`actor`), and every id the command service
 * generated for it. The actor's role here is informational: decisions authorize from the
 * actor's own user stream, never from this field.
 */
type CommandOf<T extends string, D> = { type: T; data: D; actor: Actor };

/** `userId` is the Firebase uid; `role` may not be Admin (rejected, not silently changed). */
export type RegisterUser = CommandOf<
  'RegisterUser',
  { userId: string; name: string; email: string; role: Role; photoURL: string | null }
>;
/** The actor applies for themself. */
export type ApplyForSeller = CommandOf<'ApplyForSeller', Record<string, never>>;
export type PromoteToAdmin = CommandOf<'PromoteToAdmin', { userId: string }>;
export type DeleteUser = CommandOf<'DeleteUser', { userId: string }>;

export type CreateCategory = CommandOf<'CreateCategory', { categoryId: string; name: string }>;
export type DeleteCategory = CommandOf<'DeleteCategory', { categoryId: string }>;

/** CreateProduct. The category is named as the spec's client names it; the seller is the actor. */
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
  }
>;
export type AdvertiseCar = CommandOf<'AdvertiseCar', { carId: string }>;
/** The buyer is the actor; their name and email come from their user stream. */
export type BookCar = CommandOf<
  'BookCar',
  { carId: string; bookingId: string; buyerPhone: string; meetup: string }
>;
export type DeleteCar = CommandOf<'DeleteCar', { carId: string }>;

export type Command =
  | RegisterUser
  | ApplyForSeller
  | PromoteToAdmin
  | DeleteUser
  | CreateCategory
  | DeleteCategory
  | ListCar
  | AdvertiseCar
  | BookCar
  | DeleteCar;

export type CommandType = Command['type'];
