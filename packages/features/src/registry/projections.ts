import { auditProjectionOf } from '../audit/index.ts';
import {
  bookedFlagOf,
  bookingNotices,
  bookingsProjection,
  describeBooking,
} from '../bookings/index.ts';
import { carsProjectionOf } from '../cars/index.ts';
import { categoriesProjection } from '../categories/projection.ts';
import { integrationsProjection } from '../integrations/projection.ts';
import { membersProjectionOf } from '../members/index.ts';
import type { Projection } from '../platform/projection.ts';
import { usersProjection } from '../users/projection.ts';

export const carsProjection = carsProjectionOf([bookedFlagOf]);
export const auditProjection = auditProjectionOf([describeBooking]);
export const membersProjection = membersProjectionOf([bookingNotices]);
export { bookingsProjection, categoriesProjection, integrationsProjection, usersProjection };

/** Every projection of the read model, each with its own checkpoint. */
export const allProjections: readonly Projection[] = [
  usersProjection,
  categoriesProjection,
  carsProjection,
  bookingsProjection,
  auditProjection,
  membersProjection,
  integrationsProjection,
];
