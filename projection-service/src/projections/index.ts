import type { Projection } from '@second-gear/features/platform/projection.ts';
import { auditProjection } from './audit.ts';
import { bookingsProjection } from './bookings.ts';
import { carsProjection } from './cars.ts';
import { categoriesProjection } from './categories.ts';
import { integrationsProjection } from './integrations.ts';
import { membersProjection } from './members.ts';
import { usersProjection } from './users.ts';

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

export {
  auditProjection,
  bookingsProjection,
  carsProjection,
  categoriesProjection,
  integrationsProjection,
  membersProjection,
  usersProjection,
};
