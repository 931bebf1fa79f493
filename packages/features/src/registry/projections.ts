import { auditProjectionOf } from '../audit/index.ts';
import {
  bookedFlagOf,
  bookingNotices,
  bookingsProjection,
  describeBooking,
} from '../bookings/index.ts';
import { carsProjectionOf, describeCar } from '../cars/index.ts';
import { categoriesProjection, describeCategory } from '../categories/index.ts';
import { describeExpiry, expiryFlagOf, expiryNotices } from '../expiry/index.ts';
import { describeApiKey, describeWebhook, integrationsProjection } from '../integrations/index.ts';
import { membersProjectionOf } from '../members/index.ts';
import { describeConversation, messageNotices, messagesProjection } from '../messages/index.ts';
import {
  describeModeration,
  hiddenFlagOf,
  moderationNotices,
  moderationProjection,
  sellerSuspensionOf,
} from '../moderation/index.ts';
import type { Projection } from '../platform/projection.ts';
import {
  describeReview,
  reviewNotices,
  reviewsProjection,
  sellerRatingOf,
} from '../reviews/index.ts';
import { describeUser, usersProjection } from '../users/index.ts';

export const carsProjection = carsProjectionOf(
  [bookedFlagOf, hiddenFlagOf, expiryFlagOf],
  [sellerSuspensionOf, sellerRatingOf],
);
export const auditProjection = auditProjectionOf([
  describeUser,
  describeCategory,
  describeCar,
  describeBooking,
  describeApiKey,
  describeWebhook,
  describeConversation,
  describeModeration,
  describeExpiry,
  describeReview,
]);
export const membersProjection = membersProjectionOf([
  bookingNotices,
  messageNotices,
  moderationNotices,
  expiryNotices,
  reviewNotices,
]);
export {
  bookingsProjection,
  categoriesProjection,
  integrationsProjection,
  messagesProjection,
  moderationProjection,
  reviewsProjection,
  usersProjection,
};

/** Every projection of the read model, each with its own checkpoint. */
export const allProjections: readonly Projection[] = [
  usersProjection,
  categoriesProjection,
  carsProjection,
  bookingsProjection,
  auditProjection,
  membersProjection,
  integrationsProjection,
  messagesProjection,
  moderationProjection,
  reviewsProjection,
];
