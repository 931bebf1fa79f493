import type { Projection } from '../projection.ts';

export const bookingsProjection: Projection = {
  name: 'bookings',
  async apply(tables, event) {
    if (event.type !== 'CarBooked') return;
    const b = event.data;
    await tables
      .insertInto('bookings')
      .values({
        id: b.bookingId,
        product_id: b.carId,
        product_name: b.carName,
        price: b.price,
        seller_id: b.sellerId,
        seller: b.sellerName,
        seller_email: b.sellerEmail,
        buyer_id: b.buyerId,
        buyer: b.buyerName,
        buyer_email: b.buyerEmail,
        buyer_phone: b.buyerPhone,
        meetup: b.meetup,
        booked_at: event.metadata.occurredAt,
        position: event.position,
      })
      .onConflict((c) => c.column('id').doNothing())
      .execute();
  },
};
