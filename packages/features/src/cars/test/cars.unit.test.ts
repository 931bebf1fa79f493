import { describe, expect, it } from 'vitest';
import {
  actor,
  bookingParties,
  carAdvertised,
  carBooked,
  carDeleted,
  carListed,
  categoryCreated,
  categoryDeleted,
  registered,
  suv,
  system,
  userDeleted,
} from '../../../test/fixtures.ts';
import { addedTo, given, on } from '../../../test/given.ts';
import {
  type Actor,
  FIRST_MODEL_YEAR,
  type ListCar,
  MILEAGE,
  PRICE,
  YEARS_OF_USE,
} from '../../index.ts';

const market = [
  registered('ada', 'Admin'),
  registered('bob', 'Buyer'),
  registered('sam', 'Seller'),
  registered('sue', 'Seller'),
  categoryCreated(suv.categoryId, suv.name),
];

const list = (by: Actor, overrides: Partial<ListCar['data']> = {}): ListCar => ({
  type: 'ListCar',
  actor: by,
  data: {
    carId: 'car-1',
    name: 'Toyota RAV4 2019',
    categoryName: 'SUV',
    image: 'https://images.example.com/rav4.jpg',
    originalPrice: 30000,
    price: 21000,
    location: 'Chattogram',
    yearsOfUse: 5,
    ...overrides,
  },
});

describe('ListCar', () => {
  it('lists a car for its seller, in its category', async () => {
    await given(market)
      .when(list(actor('sam', 'Seller'), { categoryName: ' suv ' }))
      .then(
        on('car-car-1', {
          type: 'CarListed',
          data: {
            carId: 'car-1',
            name: 'Toyota RAV4 2019',
            sellerId: 'sam',
            sellerName: 'Sam Seller',
            sellerEmail: 'sam@example.com',
            categoryId: suv.categoryId,
            categoryName: 'SUV',
            image: 'https://images.example.com/rav4.jpg',
            originalPrice: 30000,
            price: 21000,
            location: 'Chattogram',
            yearsOfUse: 5,
            make: null,
            model: null,
            year: null,
            mileage: null,
            fuel: null,
            transmission: null,
            description: null,
          },
        }),
        addedTo('categorycars-cat-suv', {
          type: 'CategoryCarAdded',
          data: { categoryId: suv.categoryId, carId: 'car-1' },
        }),
        addedTo('sellercars-sam', {
          type: 'SellerCarAdded',
          data: { userId: 'sam', carId: 'car-1' },
        }),
      );
  });

  it('lets an admin list a car', async () => {
    await given(market)
      .when(list(actor('ada', 'Admin'), { carId: 'car-9' }))
      .then(
        on('car-car-9', {
          type: 'CarListed',
          data: {
            carId: 'car-9',
            name: 'Toyota RAV4 2019',
            sellerId: 'ada',
            sellerName: 'Ada Admin',
            sellerEmail: 'ada@example.com',
            categoryId: suv.categoryId,
            categoryName: 'SUV',
            image: 'https://images.example.com/rav4.jpg',
            originalPrice: 30000,
            price: 21000,
            location: 'Chattogram',
            yearsOfUse: 5,
            make: null,
            model: null,
            year: null,
            mileage: null,
            fuel: null,
            transmission: null,
            description: null,
          },
        }),
        addedTo('categorycars-cat-suv', {
          type: 'CategoryCarAdded',
          data: { categoryId: suv.categoryId, carId: 'car-9' },
        }),
        addedTo('sellercars-ada', {
          type: 'SellerCarAdded',
          data: { userId: 'ada', carId: 'car-9' },
        }),
      );
  });

  it('keeps the details a seller gives, single-spaced, and leaves blank ones out', async () => {
    const command = list(actor('sam', 'Seller'), {
      make: '  Toyota ',
      model: 'RAV4   Hybrid',
      year: 2019,
      mileage: 84_000,
      fuel: 'hybrid',
      transmission: 'automatic',
      description: '  ',
    });
    await given(market)
      .when(command)
      .then(
        on('car-car-1', {
          type: 'CarListed',
          data: {
            carId: 'car-1',
            name: 'Toyota RAV4 2019',
            sellerId: 'sam',
            sellerName: 'Sam Seller',
            sellerEmail: 'sam@example.com',
            categoryId: suv.categoryId,
            categoryName: 'SUV',
            image: 'https://images.example.com/rav4.jpg',
            originalPrice: 30000,
            price: 21000,
            location: 'Chattogram',
            yearsOfUse: 5,
            make: 'Toyota',
            model: 'RAV4 Hybrid',
            year: 2019,
            mileage: 84_000,
            fuel: 'hybrid',
            transmission: 'automatic',
            description: null,
          },
        }),
        addedTo('categorycars-cat-suv', {
          type: 'CategoryCarAdded',
          data: { categoryId: suv.categoryId, carId: 'car-1' },
        }),
        addedTo('sellercars-sam', {
          type: 'SellerCarAdded',
          data: { userId: 'sam', carId: 'car-1' },
        }),
      );
  });

  it('rejects a year or a mileage that is not a whole number', async () => {
    const error = await given(market)
      .when(list(actor('sam', 'Seller'), { year: 2019.5 }))
      .thenThrows('invalid', 'field-out-of-range');
    expect(error.field).toBe('year');
    const negative = await given(market)
      .when(list(actor('sam', 'Seller'), { mileage: -1 }))
      .thenThrows('invalid', 'field-out-of-range');
    expect(negative.field).toBe('mileage');
  });

  it('rejects a price, years of use, a model year or a mileage outside its rule', async () => {
    const cases = [
      [{ price: PRICE.min - 0.01 }, 'price'],
      [{ price: PRICE.max + 1 }, 'price'],
      [{ originalPrice: 0 }, 'originalPrice'],
      [{ yearsOfUse: YEARS_OF_USE.max + 1 }, 'yearsOfUse'],
      [{ year: FIRST_MODEL_YEAR - 1 }, 'year'],
      [{ mileage: MILEAGE.max + 1 }, 'mileage'],
    ] as const;
    for (const [data, field] of cases) {
      const error = await given(market)
        .when(list(actor('sam', 'Seller'), data))
        .thenThrows('invalid', 'field-out-of-range');
      expect(error.field).toBe(field);
    }
  });

  it('rejects a Buyer, even one who claims to be a Seller', async () => {
    await given(market)
      .when(list(actor('bob', 'Seller')))
      .thenThrows('forbidden', 'seller-role-required');
  });

  it('rejects someone not registered or deleted', async () => {
    await given(market)
      .when(list(actor('eve', 'Seller')))
      .thenThrows('forbidden', 'actor-not-registered');
    await given(market, userDeleted('sam'))
      .when(list(actor('sam', 'Seller')))
      .thenThrows('forbidden', 'actor-deleted');
  });

  it('rejects an unknown or deleted category', async () => {
    await given(market)
      .when(list(actor('sam', 'Seller'), { categoryName: 'Hovercraft' }))
      .thenThrows('not_found', 'category-not-found', /Hovercraft/);
    await given(market, categoryCreated('cat-van', 'Van'), categoryDeleted('cat-van', 'Van'))
      .when(list(actor('sam', 'Seller'), { categoryName: 'Van' }))
      .thenThrows('not_found', 'category-not-found');
  });

  it('rejects a car id that already exists', async () => {
    await given(market, carListed('car-1', 'sue'))
      .when(list(actor('sam', 'Seller')))
      .thenThrows('conflict', 'car-exists');
  });

  it('requires every field, and prices and years of zero or more', async () => {
    const sam = actor('sam', 'Seller');
    for (const field of ['name', 'image', 'location', 'categoryName'] as const) {
      const error = await given(market)
        .when(list(sam, { [field]: ' ' }))
        .thenThrows('invalid', 'field-required');
      expect(error.field).toBe(field);
    }
    for (const field of ['originalPrice', 'price', 'yearsOfUse'] as const) {
      const error = await given(market)
        .when(list(sam, { [field]: -1 }))
        .thenThrows('invalid', 'field-out-of-range');
      expect(error.field).toBe(field);
    }
    await given(market)
      .when(list(sam, { price: Number.NaN }))
      .thenThrows('invalid', 'field-out-of-range');
  });
});

describe('AdvertiseCar', () => {
  const advertise = (by: Actor, carId = 'car-1') =>
    ({ type: 'AdvertiseCar', actor: by, data: { carId } }) as const;

  it("advertises the seller's own car", async () => {
    await given(market, carListed('car-1', 'sam'))
      .when(advertise(actor('sam', 'Seller')))
      .then(on('car-car-1', { type: 'CarAdvertised', data: { carId: 'car-1' } }));
  });

  it('rejects advertising twice: "Already in Advertisement"', async () => {
    await given(market, carListed('car-1', 'sam'), carAdvertised('car-1'))
      .when(advertise(actor('sam', 'Seller')))
      .thenThrows('conflict', 'already-advertised', 'Already in Advertisement');
  });

  it("rejects advertising someone else's car, an admin's attempt too", async () => {
    await given(market, carListed('car-1', 'sam'))
      .when(advertise(actor('sue', 'Seller')))
      .thenThrows('forbidden', 'not-car-owner');
    await given(market, carListed('car-1', 'sam'))
      .when(advertise(actor('ada', 'Admin')))
      .thenThrows('forbidden', 'not-car-owner');
  });

  it('rejects advertising a booked car', async () => {
    await given(market, carListed('car-1', 'sam'), carBooked('car-1', 'sam', 'bob'))
      .when(advertise(actor('sam', 'Seller')))
      .thenThrows('conflict', 'car-booked');
  });

  it('rejects an unknown or deleted car', async () => {
    await given(market)
      .when(advertise(actor('sam', 'Seller')))
      .thenThrows('not_found', 'car-not-found');
    await given(market, carListed('car-1', 'sam'), carDeleted('car-1', 'sam'))
      .when(advertise(actor('sam', 'Seller')))
      .thenThrows('not_found', 'car-deleted');
  });

  it('rejects a seller whose account was deleted', async () => {
    await given(market, carListed('car-1', 'sam'), userDeleted('sam'))
      .when(advertise(actor('sam', 'Seller')))
      .thenThrows('forbidden', 'actor-deleted');
  });
});

describe('BookCar', () => {
  const book = (by: Actor, overrides: { buyerPhone?: string; meetup?: string } = {}) =>
    ({
      type: 'BookCar',
      actor: by,
      data: {
        carId: 'car-1',
        bookingId: 'booking-7',
        buyerPhone: '+880 1711 111111',
        meetup: 'Banani 11',
        ...overrides,
      },
    }) as const;

  const booked = (buyer: 'ada' | 'bob' | 'sue', name: string) => [
    on('car-car-1', {
      type: 'CarBooked',
      data: {
        carId: 'car-1',
        bookingId: 'booking-7',
        carName: 'Car car-1',
        price: 12500,
        sellerId: 'sam',
        sellerName: 'Sam Seller',
        sellerEmail: 'sam@example.com',
        buyerId: buyer,
        buyerName: name,
        buyerEmail: `${buyer}@example.com`,
        buyerPhone: '+880 1711 111111',
        meetup: 'Banani 11',
        proposedTime: null,
      },
    }),
    on('booking-booking-7', {
      type: 'BookingIdClaimed',
      data: { bookingId: 'booking-7', carId: 'car-1' },
    }),
  ];

  it('books a car for a Buyer, with the name and email of their account', async () => {
    await given(market, carListed('car-1', 'sam'))
      .when(book({ uid: 'bob', email: 'spoofed@example.com', role: 'Buyer' }))
      .then(...booked('bob', 'Bob Buyer'));
  });

  it('lets a Seller or an admin book a car that is not theirs', async () => {
    await given(market, carListed('car-1', 'sam'))
      .when(book(actor('sue', 'Seller')))
      .then(...booked('sue', 'Sue Seller'));
    await given(market, carListed('car-1', 'sam'))
      .when(book(actor('ada', 'Admin')))
      .then(...booked('ada', 'Ada Admin'));
  });

  it('books an advertised car', async () => {
    await given(market, carListed('car-1', 'sam'), carAdvertised('car-1'))
      .when(book(actor('bob')))
      .then(...booked('bob', 'Bob Buyer'));
  });

  it('rejects a second booking of a car', async () => {
    await given(market, carListed('car-1', 'sam'), carBooked('car-1', 'sam', 'sue'))
      .when(book(actor('bob')))
      .thenThrows('conflict', 'car-already-booked', 'Already Booked');
  });

  it('rejects booking your own car', async () => {
    await given(market, carListed('car-1', 'sam'))
      .when(book(actor('sam', 'Seller')))
      .thenThrows('forbidden', 'own-car');
  });

  it('rejects booking a deleted car or one that never existed', async () => {
    await given(market, carListed('car-1', 'sam'), carDeleted('car-1', 'sam'))
      .when(book(actor('bob')))
      .thenThrows('not_found', 'car-deleted');
    await given(market)
      .when(book(actor('bob')))
      .thenThrows('not_found', 'car-not-found');
  });

  it('rejects someone not registered, a deleted user and the System actor', async () => {
    await given(market, carListed('car-1', 'sam'))
      .when(book(actor('eve')))
      .thenThrows('forbidden', 'actor-not-registered');
    await given(market, carListed('car-1', 'sam'), userDeleted('bob'))
      .when(book(actor('bob')))
      .thenThrows('forbidden', 'actor-deleted');
    await given(market, carListed('car-1', 'sam'))
      .when(book(system))
      .thenThrows('forbidden', 'actor-not-registered');
  });

  it('requires a phone and a meetup location', async () => {
    const phone = await given(market, carListed('car-1', 'sam'))
      .when(book(actor('bob'), { buyerPhone: '' }))
      .thenThrows('invalid', 'field-required', 'This field is required');
    expect(phone.field).toBe('buyerPhone');
    const meetup = await given(market, carListed('car-1', 'sam'))
      .when(book(actor('bob'), { meetup: '  ' }))
      .thenThrows('invalid', 'field-required');
    expect(meetup.field).toBe('meetup');
  });
});

describe('DeleteCar', () => {
  const remove = (by: Actor, carId = 'car-1') =>
    ({ type: 'DeleteCar', actor: by, data: { carId } }) as const;

  const deleted = [
    on('car-car-1', {
      type: 'CarDeleted',
      data: { carId: 'car-1', sellerId: 'sam', categoryId: suv.categoryId, reason: 'deleted' },
    }),
    addedTo('categorycars-cat-suv', {
      type: 'CategoryCarRemoved',
      data: { categoryId: suv.categoryId, carId: 'car-1' },
    }),
    addedTo('sellercars-sam', {
      type: 'SellerCarRemoved',
      data: { userId: 'sam', carId: 'car-1' },
    }),
  ];

  it('lets the seller delete their car, taking it out of its category', async () => {
    await given(market, carListed('car-1', 'sam'), carListed('car-2', 'sam'))
      .when(remove(actor('sam', 'Seller')))
      .then(...deleted);
  });

  it("lets an admin delete anyone's car", async () => {
    await given(market, carListed('car-1', 'sam'))
      .when(remove(actor('ada', 'Admin')))
      .then(...deleted);
    await given(market, carListed('car-1', 'sam'))
      .when(remove(system))
      .then(...deleted);
  });

  it('deletes a booked car, ending its booking', async () => {
    const [car, ...others] = deleted;
    await given(market, carListed('car-1', 'sam'), carBooked('car-1', 'sam', 'bob'))
      .when(remove(actor('sam', 'Seller')))
      .then(
        {
          ...car!,
          events: [
            ...car!.events,
            {
              type: 'BookingEnded',
              data: { ...bookingParties('car-1', 'sam', 'bob'), reason: 'car-deleted' },
            },
          ],
        },
        ...others,
      );
  });

  it("rejects another Seller or a Buyer deleting someone else's car", async () => {
    await given(market, carListed('car-1', 'sam'))
      .when(remove(actor('sue', 'Seller')))
      .thenThrows('forbidden', 'not-car-owner-or-admin');
    await given(market, carListed('car-1', 'sam'))
      .when(remove(actor('bob', 'Admin')))
      .thenThrows('forbidden', 'not-car-owner-or-admin');
  });

  it('rejects a deleted or unknown car', async () => {
    await given(market, carListed('car-1', 'sam'), carDeleted('car-1', 'sam'))
      .when(remove(actor('sam', 'Seller')))
      .thenThrows('not_found', 'car-deleted');
    await given(market)
      .when(remove(actor('ada', 'Admin')))
      .thenThrows('not_found', 'car-not-found');
  });

  it('rejects a deleted seller', async () => {
    await given(market, carListed('car-1', 'sam'), userDeleted('sam'))
      .when(remove(actor('sam', 'Seller')))
      .thenThrows('forbidden', 'actor-deleted');
  });
});
