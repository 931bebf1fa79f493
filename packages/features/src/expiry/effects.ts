import type { Describe } from '../audit/index.ts';
import type { CarChangeOf } from '../cars/index.ts';
import type { Notices } from '../members/index.ts';

// What a listing's term changes in other features' tables: the car's place on the market, what
// its seller hears, and the audit log.

/** An expired car leaves the market; a renewed one comes back, its term begun then. */
export const expiryFlagOf: CarChangeOf = (event) => {
  switch (event.type) {
    case 'CarExpired':
      return { carId: event.data.carId, values: { expired_at: event.metadata.occurredAt } };
    case 'CarRenewed':
      return {
        carId: event.data.carId,
        values: { expired_at: null, renewed_at: event.metadata.occurredAt },
      };
    default:
      return undefined;
  }
};

/** The seller hears a week ahead, and when it happens. */
export const expiryNotices: Notices = {
  types: ['CarExpiryNear', 'CarExpired'],
  of: (event) => {
    switch (event.type) {
      case 'CarExpiryNear': {
        const { carId, sellerId, expiresAt } = event.data;
        return [{ userId: sellerId, kind: 'listing-expiring', carId, details: { expiresAt } }];
      }
      case 'CarExpired': {
        const { carId, sellerId } = event.data;
        return [{ userId: sellerId, kind: 'listing-expired', carId, details: {} }];
      }
      default:
        return [];
    }
  },
};

export const describeExpiry: Describe = (event) => {
  switch (event.type) {
    case 'CarExpired':
      return { action: 'expired', subjectType: 'car', subjectId: event.data.carId };
    case 'CarRenewed':
      return {
        action: 'renewed',
        subjectType: 'car',
        subjectId: event.data.carId,
        details: { term: event.data.term },
      };
    default:
      return undefined;
  }
};
