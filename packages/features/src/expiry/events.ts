import { z } from 'zod';
import { id } from '../platform/event-fields.ts';

// ---- on the car's stream: a listing's term, which ends `LISTING_DAYS` after it began

/** Its seller is told the listing's term ends soon (`expiresAt`), so they can renew it. */
export const CarExpiryNear = z.object({
  carId: id,
  sellerId: id,
  term: z.number().int().nonnegative(),
  expiresAt: z.iso.datetime(),
});
/** The term ended: the car left the market, and stays visible to its seller, who may renew it. */
export const CarExpired = z.object({
  carId: id,
  sellerId: id,
  term: z.number().int().nonnegative(),
});
/** Its seller renewed the listing: a new term (`term`, one more) begins, back on the market. */
export const CarRenewed = z.object({
  carId: id,
  sellerId: id,
  term: z.number().int().positive(),
});

/** The events of this feature, by type: the registry lists them with every other feature's. */
export const expiryEvents = { CarExpiryNear, CarExpired, CarRenewed } as const;
