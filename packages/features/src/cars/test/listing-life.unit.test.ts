import { describe, expect, it } from 'vitest';
import {
  actor,
  bookingParties,
  bookingRequested,
  carDeleted,
  carListed,
  categoryCreated,
  registered,
  suv,
  userDeleted,
} from '../../../test/fixtures.ts';
import { addedTo, flatten, given, on, run } from '../../../test/given.ts';
import type { Actor, CarChanges, Command, DomainEvent } from '../../index.ts';

const market = [
  registered('ada', 'Admin'),
  registered('bob', 'Buyer'),
  registered('sam', 'Seller'),
  registered('sue', 'Seller'),
  categoryCreated(suv.categoryId, suv.name),
  carListed('car-1', 'sam'),
];

const edit = (by: Actor, changes: CarChanges): Command => ({
  type: 'EditCar',
  actor: by,
  data: { carId: 'car-1', changes },
});
const sell = (by: Actor): Command => ({ type: 'MarkCarSold', actor: by, data: { carId: 'car-1' } });

const sold = {
  type: 'CarSold',
  data: { carId: 'car-1', sellerId: 'sam', categoryId: suv.categoryId },
} as const;

describe('EditCar', () => {
  it('records a new price with the old one, and the other changes apart', async () => {
    await given(market)
      .when(
        edit(actor('sam', 'Seller'), { price: 11000, mileage: 81000, description: ' New tyres ' }),
      )
      .then(
        on(
          'car-car-1',
          {
            type: 'CarDetailsChanged',
            data: { carId: 'car-1', mileage: 81000, description: 'New tyres' },
          },
          { type: 'CarPriceChanged', data: { carId: 'car-1', oldPrice: 12500, price: 11000 } },
        ),
      );
  });

  it('appends nothing when nothing changes', async () => {
    await given(market)
      .when(edit(actor('sam', 'Seller'), { price: 12500, name: 'Car car-1', make: '  ' }))
      .thenNothing();
  });

  it('clears a detail given as null', async () => {
    await given(market, {
      type: 'CarDetailsChanged',
      data: { carId: 'car-1', make: 'Toyota' },
    })
      .when(edit(actor('sam', 'Seller'), { make: null }))
      .then(on('car-car-1', { type: 'CarDetailsChanged', data: { carId: 'car-1', make: null } }));
  });

  it('compares with the listing as edited so far', async () => {
    await given(market, {
      type: 'CarPriceChanged',
      data: { carId: 'car-1', oldPrice: 12500, price: 11000 },
    })
      .when(edit(actor('ada', 'Admin'), { price: 10000 }))
      .then(
        on('car-car-1', {
          type: 'CarPriceChanged',
          data: { carId: 'car-1', oldPrice: 11000, price: 10000 },
        }),
      );
  });

  it('lets an admin edit, and nobody else', async () => {
    await given(market)
      .when(edit(actor('ada', 'Admin'), { location: 'Chittagong' }))
      .then(
        on('car-car-1', {
          type: 'CarDetailsChanged',
          data: { carId: 'car-1', location: 'Chittagong' },
        }),
      );
    for (const someone of [actor('sue', 'Seller'), actor('bob')]) {
      await given(market)
        .when(edit(someone, { price: 1 }))
        .thenThrows('forbidden', 'not-car-owner-or-admin');
    }
  });

  it('checks each field as a listing does', async () => {
    await given(market)
      .when(edit(actor('sam', 'Seller'), { name: '  ' }))
      .thenThrows('invalid', 'field-required');
    await given(market)
      .when(edit(actor('sam', 'Seller'), { price: -1 }))
      .thenThrows('invalid', 'field-out-of-range');
    await given(market)
      .when(edit(actor('sam', 'Seller'), { year: 2001.5 }))
      .thenThrows('invalid', 'field-out-of-range');
  });

  it('refuses a sold or deleted car, and a deleted seller', async () => {
    await given(market, sold)
      .when(edit(actor('sam', 'Seller'), { price: 1 }))
      .thenThrows('conflict', 'car-sold');
    await given(market, carDeleted('car-1', 'sam'))
      .when(edit(actor('sam', 'Seller'), { price: 1 }))
      .thenThrows('not_found', 'car-deleted');
    await given(market, userDeleted('sam'))
      .when(edit(actor('sam', 'Seller'), { price: 1 }))
      .thenThrows('forbidden', 'actor-deleted');
  });
});

describe('MarkCarSold', () => {
  const leaves = [
    addedTo('categorycars-cat-suv', {
      type: 'CategoryCarRemoved',
      data: { categoryId: suv.categoryId, carId: 'car-1' },
    }),
    addedTo('sellercars-sam', {
      type: 'SellerCarRemoved',
      data: { userId: 'sam', carId: 'car-1' },
    }),
  ];

  it('lets the seller mark their car sold; it leaves its category and their live cars', async () => {
    await given(market)
      .when(sell(actor('sam', 'Seller')))
      .then(on('car-car-1', sold), ...leaves);
  });

  it('ends the open booking', async () => {
    await given(market, bookingRequested('car-1', 'sam', 'bob'))
      .when(sell(actor('sam', 'Seller')))
      .then(
        on('car-car-1', sold, {
          type: 'BookingEnded',
          data: { ...bookingParties('car-1', 'sam', 'bob'), reason: 'car-sold' },
        }),
        ...leaves,
      );
  });

  it('refuses anyone but the seller, and a car sold already', async () => {
    for (const someone of [actor('ada', 'Admin'), actor('sue', 'Seller'), actor('bob')]) {
      await given(market).when(sell(someone)).thenThrows('forbidden', 'not-car-owner');
    }
    await given(market, sold)
      .when(sell(actor('sam', 'Seller')))
      .thenThrows('conflict', 'car-sold');
  });

  it('takes a sold car out of booking and advertising', async () => {
    await given(market, sold)
      .when({
        type: 'BookCar',
        actor: actor('bob'),
        data: { carId: 'car-1', bookingId: 'b-9', buyerPhone: '+1 555 0100', meetup: 'Here' },
      })
      .thenThrows('conflict', 'car-sold');
    await given(market, sold)
      .when({ type: 'AdvertiseCar', actor: actor('sam', 'Seller'), data: { carId: 'car-1' } })
      .thenThrows('conflict', 'car-sold');
  });

  it('still lets its seller delete a sold car, which has left its category already', async () => {
    const saleLeft = leaves.flatMap((append) => append.events);
    await given(market, sold, saleLeft)
      .when({ type: 'DeleteCar', actor: actor('sam', 'Seller'), data: { carId: 'car-1' } })
      .then(
        on('car-car-1', {
          type: 'CarDeleted',
          data: { carId: 'car-1', sellerId: 'sam', categoryId: suv.categoryId, reason: 'deleted' },
        }),
      );
  });
});

describe('photos', () => {
  const image = (n: number) => `https://images.example.com/car-1-${n}.jpg`;
  const cover = 'https://images.example.com/car-1.jpg';

  it('lists a car with a gallery, its cover first, each picture once', async () => {
    const command: Command = {
      type: 'ListCar',
      actor: actor('sam', 'Seller'),
      data: {
        carId: 'car-2',
        name: 'Car car-2',
        categoryName: suv.name,
        image: cover,
        originalPrice: 20000,
        price: 12500,
        location: 'Dhaka',
        yearsOfUse: 4,
        images: [image(1), cover, image(2), image(1)],
      },
    };
    const decision = await run(flatten(market), command);
    expect(decision.appends[0]?.events.map((e) => e.type)).toEqual([
      'CarListed',
      'CarPhotosChanged',
    ]);
    expect(decision.appends[0]?.events[1]?.data).toEqual({
      carId: 'car-2',
      images: [cover, image(1), image(2)],
    });
  });

  it('reorders, adds and removes pictures; the first becomes the cover', async () => {
    await given(market)
      .when(edit(actor('sam', 'Seller'), { images: [image(1), cover] }))
      .then(
        on('car-car-1', {
          type: 'CarPhotosChanged',
          data: { carId: 'car-1', images: [image(1), cover] },
        }),
      );
    const photos: DomainEvent = {
      type: 'CarPhotosChanged',
      data: { carId: 'car-1', images: [image(1), cover] },
    };
    await given(market, photos)
      .when(edit(actor('sam', 'Seller'), { images: [image(1), cover] }))
      .thenNothing();
  });

  it('keeps between one and ten pictures', async () => {
    await given(market)
      .when(edit(actor('sam', 'Seller'), { images: [] }))
      .thenThrows('invalid', 'field-required');
    await given(market)
      .when(
        edit(actor('sam', 'Seller'), { images: Array.from({ length: 11 }, (_, n) => image(n)) }),
      )
      .thenThrows('invalid', 'field-out-of-range');
  });
});
