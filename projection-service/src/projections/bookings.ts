import type { ProjectedEvent, Projection } from '../projection.ts';

const CHUNK = 500;

const toRow = (event: Extract<ProjectedEvent, { type: 'CarBooked' }>) => {
  const b = event.data;
  return {
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
    booked_at: event.metadata.occurredAt,
    position: event.position,
  };
};

/** bookings: one row per booking, never changed after. */
export const bookingsProjection: Projection = {
  name: 'bookings',
  apply(tables, event) {
    return this.applyAll!(tables, [event]);
  },
  async applyAll(tables, events) {
    const rows = new Map<string, ReturnType<typeof toRow>>();
    for (const event of events) {
      if (event.type === 'CarBooked' && !rows.has(event.data.bookingId)) {
        rows.set(event.data.bookingId, toRow(event));
      }
    }
    const all = [...rows.values()];
    for (let i = 0; i < all.length; i += CHUNK) {
      await tables
        .insertInto('bookings')
        .values(all.slice(i, i + CHUNK))
        .onConflict((c) => c.column('id').doNothing())
        .execute();
    }
  },
};
