import { describe, it } from 'vitest';
import {
  actor,
  bookingParties,
  bookingRequested,
  carListed,
  categoryCreated,
  registered,
  suv,
  userDeleted,
} from '../../../test/fixtures.ts';
import { given, on } from '../../../test/given.ts';
import type { Actor, Command, DomainEvent } from '../../index.ts';

const market = [
  registered('ada', 'Admin'),
  registered('bob', 'Buyer'),
  registered('sam', 'Seller'),
  registered('sue', 'Seller'),
  categoryCreated(suv.categoryId, suv.name),
  carListed('car-1', 'sam'),
];
const requested = bookingRequested('car-1', 'sam', 'bob');
const parties = bookingParties('car-1', 'sam', 'bob');

const command = (
  type: 'AcceptBooking' | 'DeclineBooking' | 'CancelBooking',
  by: Actor,
  bookingId = parties.bookingId,
): Command => ({ type, actor: by, data: { bookingId } });

const onCar = (event: DomainEvent) => on('car-car-1', event);
const accepted: DomainEvent = { type: 'BookingAccepted', data: parties };
const declined: DomainEvent = { type: 'BookingDeclined', data: parties };
const cancelledBy = (by: 'buyer' | 'seller'): DomainEvent => ({
  type: 'BookingCancelled',
  data: { ...parties, by },
});

describe('AcceptBooking and DeclineBooking', () => {
  it('lets the seller accept or decline a requested booking', async () => {
    await given(market, requested)
      .when(command('AcceptBooking', actor('sam', 'Seller')))
      .then(onCar(accepted));
    await given(market, requested)
      .when(command('DeclineBooking', actor('sam', 'Seller')))
      .then(onCar(declined));
  });

  it('refuses anyone but the seller, the buyer and an admin included', async () => {
    for (const someone of [actor('bob'), actor('ada', 'Admin'), actor('sue', 'Seller')]) {
      await given(market, requested)
        .when(command('AcceptBooking', someone))
        .thenThrows('forbidden', 'not-booking-seller');
      await given(market, requested)
        .when(command('DeclineBooking', someone))
        .thenThrows('forbidden', 'not-booking-seller');
    }
  });

  it('answers a booking only while it is requested', async () => {
    for (const after of [accepted, declined, cancelledBy('buyer')]) {
      await given(market, requested, after)
        .when(command('AcceptBooking', actor('sam', 'Seller')))
        .thenThrows('conflict', 'booking-not-requested');
      await given(market, requested, after)
        .when(command('DeclineBooking', actor('sam', 'Seller')))
        .thenThrows('conflict', 'booking-not-requested');
    }
  });

  it('does not find a booking that does not exist', async () => {
    await given(market, requested)
      .when(command('AcceptBooking', actor('sam', 'Seller'), 'booking-none'))
      .thenThrows('not_found', 'booking-not-found');
  });

  it('refuses a deleted seller', async () => {
    await given(market, requested, userDeleted('sam'))
      .when(command('AcceptBooking', actor('sam', 'Seller')))
      .thenThrows('forbidden', 'actor-deleted');
  });
});

describe('CancelBooking', () => {
  it('lets the buyer cancel a requested or an accepted booking', async () => {
    await given(market, requested)
      .when(command('CancelBooking', actor('bob')))
      .then(onCar(cancelledBy('buyer')));
    await given(market, requested, accepted)
      .when(command('CancelBooking', actor('bob')))
      .then(onCar(cancelledBy('buyer')));
  });

  it('lets the seller cancel an accepted booking, and decline a requested one instead', async () => {
    await given(market, requested, accepted)
      .when(command('CancelBooking', actor('sam', 'Seller')))
      .then(onCar(cancelledBy('seller')));
    await given(market, requested)
      .when(command('CancelBooking', actor('sam', 'Seller')))
      .thenThrows('conflict', 'booking-not-cancellable', /Decline/);
  });

  it('refuses a booking that is over', async () => {
    for (const over of [declined, cancelledBy('buyer')]) {
      await given(market, requested, over)
        .when(command('CancelBooking', actor('bob')))
        .thenThrows('conflict', 'booking-not-cancellable');
    }
  });

  it('refuses someone who is not a party, an admin included', async () => {
    for (const someone of [actor('sue', 'Seller'), actor('ada', 'Admin')]) {
      await given(market, requested)
        .when(command('CancelBooking', someone))
        .thenThrows('forbidden', 'not-booking-party');
    }
  });
});

describe('a booking that is over frees the car', () => {
  const book = (by: Actor, bookingId: string): Command => ({
    type: 'BookCar',
    actor: by,
    data: {
      carId: 'car-1',
      bookingId,
      buyerPhone: '+1 555 0100',
      meetup: 'Main Street',
      proposedTime: '2026-12-01T15:00:00.000Z',
    },
  });

  it('is booked while requested or accepted', async () => {
    await given(market, requested)
      .when(book(actor('sue', 'Seller'), 'booking-2'))
      .thenThrows('conflict', 'car-already-booked');
    await given(market, requested, accepted)
      .when(book(actor('sue', 'Seller'), 'booking-2'))
      .thenThrows('conflict', 'car-already-booked');
  });

  it('can be booked by another buyer once declined or cancelled, with a proposed time', async () => {
    for (const over of [declined, cancelledBy('buyer')]) {
      await given(market, requested, over)
        .when(book(actor('sue', 'Seller'), 'booking-2'))
        .then(
          on('car-car-1', {
            type: 'CarBooked',
            data: {
              carId: 'car-1',
              bookingId: 'booking-2',
              carName: 'Car car-1',
              price: 12500,
              sellerId: 'sam',
              sellerName: 'Sam Seller',
              sellerEmail: 'sam@example.com',
              buyerId: 'sue',
              buyerName: 'Sue Seller',
              buyerEmail: 'sue@example.com',
              buyerPhone: '+1 555 0100',
              meetup: 'Main Street',
              proposedTime: '2026-12-01T15:00:00.000Z',
            },
          }),
          on('booking-booking-2', {
            type: 'BookingIdClaimed',
            data: { bookingId: 'booking-2', carId: 'car-1' },
          }),
        );
    }
  });

  it('never reuses a booking id', async () => {
    await given(market, requested, declined)
      .when(book(actor('sue', 'Seller'), parties.bookingId))
      .thenThrows('conflict', 'booking-exists');
  });
});
