import {
  insertRows,
  insertsFirst,
  type ProjectedEvent,
  type Projection,
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
    const status = statusAfter(event);
    if (!status || !('bookingId' in event.data)) return;
    await tables
      .updateTable('bookings')
      .set({ status, status_changed_at: event.metadata.occurredAt, version: event.position })
      .where('id', '=', event.data.bookingId)
      .where('version', '<', event.position)
      .execute();
  },
};
