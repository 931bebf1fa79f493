import { ERASED_CONTACT, ERASED_NAME } from '../platform/personal-data.ts';
import {
  insertRows,
  insertsFirst,
  type ProjectedEvent,
  type Projection,
  type ReadTables,
} from '../platform/projection.ts';
import type { BookingStatus } from '../platform/rules.ts';

const request = (event: ProjectedEvent) => {
  if (event.type !== 'CarBooked') return undefined;
  const b = event.data;
  return {
    key: b.bookingId,
    row: {
      id: b.bookingId,
      car_id: b.carId,
      car_name: b.carName,
      price: b.price,
      seller_id: b.sellerId,
      seller_name: b.sellerName,
      seller_email: b.sellerEmail,
      buyer_id: b.buyerId,
      buyer_name: b.buyerName,
      buyer_email: b.buyerEmail,
      buyer_phone: b.buyerPhone,
      meetup: b.meetup,
      proposed_time: b.proposedTime,
      booked_at: event.metadata.occurredAt,
      position: event.position,
      version: event.position,
    },
  };
};

type BookingInsert = NonNullable<ReturnType<typeof request>>['row'];

/** The state each event of a booking's life leaves it in. */
const statusAfter = (event: ProjectedEvent): BookingStatus | undefined => {
  switch (event.type) {
    case 'BookingAccepted':
      return 'accepted';
    case 'BookingDeclined':
      return 'declined';
    case 'BookingCancelled':
      return 'cancelled';
    case 'BookingEnded':
      return 'ended';
    default:
      return undefined;
  }
};

/** A deleted user's name, email and phone leave every booking they were a party to. */
const eraseParty = async (tables: ReadTables, userId: string) => {
  await tables
    .updateTable('bookings')
    .set({ buyer_name: ERASED_NAME, buyer_email: ERASED_CONTACT, buyer_phone: ERASED_CONTACT })
    .where('buyer_id', '=', userId)
    .execute();
  await tables
    .updateTable('bookings')
    .set({ seller_name: ERASED_NAME, seller_email: ERASED_CONTACT })
    .where('seller_id', '=', userId)
    .execute();
};

/** bookings: one row per booking, requested, then as its life goes on. */
export const bookingsProjection: Projection = {
  name: 'bookings',
  applyAll: insertsFirst({
    created: request,
    insert: (tables, rows: BookingInsert[]) => insertRows(tables, 'bookings', rows),
  }),
  async apply(tables, event) {
    if (event.type === 'CarBooked') {
      await this.applyAll!(tables, [event]);
      return;
    }
    if (event.type === 'UserDeleted') {
      await eraseParty(tables, event.data.userId);
      return;
    }
    const status = statusAfter(event);
    if (!status || !('bookingId' in event.data)) return;
    await tables
      .updateTable('bookings')
      .set({
        status,
        status_changed_at: event.metadata.occurredAt,
        ...(status === 'accepted' && { accepted_at: event.metadata.occurredAt }),
        version: event.position,
      })
      .where('id', '=', event.data.bookingId)
      .where('version', '<', event.position)
      .execute();
  },
};
