// The public view of a car event: what the integrator feed streams and what a webhook delivers,
// made by this one function so that both carry the same JSON for the same event.

import { bookingFeedEventOf } from '../bookings/contract.ts';
import { presentDetails } from '../cars/contract.ts';
import type { DomainEvent } from '../registry/events.ts';
import { type CarFeedEvent, carFeedEventTypes } from './contract.ts';

const carEvents: ReadonlySet<string> = new Set(carFeedEventTypes);

/** Whether integrators see events of this type (the feed, webhooks). */
export const isCarFeedEventType = (type: string): type is CarFeedEvent['type'] =>
  carEvents.has(type);

/**
 * A car event as integrators see it, at its position in the store and the time its command was
 * accepted; undefined for every other event. Public facts only: nothing about a buyer (not their
 * name, id, phone or email), and not the seller's email.
 */
export const carFeedEventOf = (
  event: DomainEvent,
  at: { position: bigint | string; occurredAt: string },
): CarFeedEvent | undefined => {
  const base = { position: at.position.toString(), occurredAt: at.occurredAt };
  switch (event.type) {
    case 'CarListed': {
      const car = event.data;
      return {
        type: 'CarListed',
        ...base,
        carId: car.carId,
        car: {
          name: car.name,
          sellerId: car.sellerId,
          sellerName: car.sellerName,
          categoryId: car.categoryId,
          category: car.categoryName,
          image: car.image,
          originalPrice: car.originalPrice,
          price: car.price,
          location: car.location,
          yearsOfUse: car.yearsOfUse,
          ...presentDetails(car),
        },
      };
    }
    case 'CarAdvertised':
      return { type: 'CarAdvertised', ...base, carId: event.data.carId };
    case 'CarPriceChanged':
      return {
        type: 'CarPriceChanged',
        ...base,
        carId: event.data.carId,
        oldPrice: event.data.oldPrice,
        price: event.data.price,
      };
    case 'CarDetailsChanged': {
      const { carId, ...changes } = event.data;
      return { type: 'CarDetailsChanged', ...base, carId, changes };
    }
    case 'CarPhotosChanged':
      return {
        type: 'CarPhotosChanged',
        ...base,
        carId: event.data.carId,
        images: event.data.images,
      };
    case 'CarSold':
      return { type: 'CarSold', ...base, carId: event.data.carId };
    case 'CarDeleted':
      return { type: 'CarDeleted', ...base, carId: event.data.carId, reason: event.data.reason };
    default:
      return bookingFeedEventOf(event, base);
  }
};
