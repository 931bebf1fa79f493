import type { Actor, DomainEvent, EventDataOf, Role } from '../src/index.ts';

/** The people of the tests: uid -> name. Emails are `<uid>@example.com`. */
export const people = {
  ada: 'Ada Admin',
  bob: 'Bob Buyer',
  sam: 'Sam Seller',
  sue: 'Sue Seller',
} as const;
export type Person = keyof typeof people;

export const emailOf = (uid: string) => `${uid}@example.com`;

/** The actor of a request; its role is only a claim, decisions read the user stream. */
export const actor = (uid: string, role: Actor['role'] = 'Buyer'): Actor => ({
  uid,
  email: emailOf(uid),
  role,
});
export const system: Actor = { uid: 'system', email: 'system@second-gear.local', role: 'System' };

/** A registered user; an Admin registers as a Buyer and is then promoted. */
export const registered = (uid: Person, role: Role): DomainEvent[] => [
  {
    type: 'UserRegistered',
    data: {
      userId: uid,
      name: people[uid],
      email: emailOf(uid),
      role: role === 'Seller' ? 'Seller' : 'Buyer',
      photoURL: null,
    },
  },
  { type: 'EmailClaimed', data: { email: emailOf(uid), userId: uid } },
  ...(role === 'Admin'
    ? [{ type: 'UserPromotedToAdmin', data: { userId: uid } } satisfies DomainEvent]
    : []),
];

export const userDeleted = (uid: Person): DomainEvent[] => [
  { type: 'UserDeleted', data: { userId: uid, email: emailOf(uid) } },
  { type: 'EmailReleased', data: { email: emailOf(uid), userId: uid } },
];

export const categoryCreated = (categoryId: string, name: string): DomainEvent[] => [
  { type: 'CategoryCreated', data: { categoryId, name } },
  { type: 'CategoryNameClaimed', data: { name, categoryId } },
];

export const categoryDeleted = (categoryId: string, name: string): DomainEvent[] => [
  { type: 'CategoryDeleted', data: { categoryId, name } },
  { type: 'CategoryNameReleased', data: { name, categoryId } },
];

export const suv = { categoryId: 'cat-suv', name: 'SUV' } as const;
export const sedan = { categoryId: 'cat-sedan', name: 'Sedan' } as const;

export const carDetails = (
  carId: string,
  seller: Person,
  category: { categoryId: string; name: string } = suv,
): EventDataOf<'CarListed'> => ({
  carId,
  name: `Car ${carId}`,
  sellerId: seller,
  sellerName: people[seller],
  sellerEmail: emailOf(seller),
  categoryId: category.categoryId,
  categoryName: category.name,
  image: `https://images.example.com/${carId}.jpg`,
  originalPrice: 20000,
  price: 12500,
  location: 'Dhaka',
  yearsOfUse: 4,
  make: null,
  model: null,
  year: null,
  mileage: null,
  fuel: null,
  transmission: null,
  description: null,
});

/** A car listed by `seller`, as the three streams record it. */
export const carListed = (
  carId: string,
  seller: Person,
  category: { categoryId: string; name: string } = suv,
): DomainEvent[] => [
  { type: 'CarListed', data: carDetails(carId, seller, category) },
  { type: 'CategoryCarAdded', data: { categoryId: category.categoryId, carId } },
  { type: 'SellerCarAdded', data: { userId: seller, carId } },
];

export const carAdvertised = (carId: string): DomainEvent => ({
  type: 'CarAdvertised',
  data: { carId },
});

export const carBooked = (
  carId: string,
  seller: Person,
  buyer: Person,
  bookingId = `booking-${carId}`,
): DomainEvent => ({
  type: 'CarBooked',
  data: {
    carId,
    bookingId,
    carName: `Car ${carId}`,
    price: 12500,
    sellerId: seller,
    sellerName: people[seller],
    sellerEmail: emailOf(seller),
    buyerId: buyer,
    buyerName: people[buyer],
    buyerEmail: emailOf(buyer),
    buyerPhone: '+880 1700 000000',
    meetup: 'Gulshan 2',
    proposedTime: null,
  },
});

/** A booking requested by `buyer`, as the car's stream and the booking id's record it. */
export const bookingRequested = (
  carId: string,
  seller: Person,
  buyer: Person,
  bookingId = `booking-${carId}`,
): DomainEvent[] => [
  carBooked(carId, seller, buyer, bookingId),
  { type: 'BookingIdClaimed', data: { bookingId, carId } },
];

/** A booking event of car `carId` sold by `seller`. */
export const bookingParties = (
  carId: string,
  seller: Person,
  buyer: Person,
  bookingId = `booking-${carId}`,
) => ({ carId, bookingId, sellerId: seller, buyerId: buyer });

/** A car deleted by its seller or an admin, as the three streams record it. */
export const carDeleted = (
  carId: string,
  seller: Person,
  category: { categoryId: string } = suv,
): DomainEvent[] => [
  {
    type: 'CarDeleted',
    data: { carId, sellerId: seller, categoryId: category.categoryId, reason: 'deleted' },
  },
  { type: 'CategoryCarRemoved', data: { categoryId: category.categoryId, carId } },
  { type: 'SellerCarRemoved', data: { userId: seller, carId } },
];
