import {
  type BookingIdState,
  evolveBookingId,
  initialBookingIdState,
} from '../bookings/booking-id.ts';
import { type CarState, evolveCar, initialCarState } from '../cars/car.ts';
import {
  type CategoryState,
  evolveCategory,
  initialCategoryState,
} from '../categories/category.ts';
import {
  type CategoryCarsState,
  evolveCategoryCars,
  initialCategoryCarsState,
} from '../categories/category-cars.ts';
import {
  type CategoryNameReservationState,
  evolveCategoryNameReservation,
  initialCategoryNameReservationState,
} from '../categories/category-name-reservation.ts';
import { type ApiKeyState, evolveApiKey, initialApiKeyState } from '../integrations/api-key.ts';
import { evolveWebhook, initialWebhookState, type WebhookState } from '../integrations/webhook.ts';
import { evolveMember, initialMemberState, type MemberState } from '../members/member.ts';
import {
  type BlocksState,
  type ConversationState,
  evolveBlocks,
  evolveConversation,
  initialBlocksState,
  initialConversationState,
} from '../messages/conversation.ts';
import { evolveReports, initialReportsState, type ReportsState } from '../moderation/reports.ts';
import { evolveReview, initialReviewState, type ReviewState } from '../reviews/review.ts';
import {
  type EmailReservationState,
  evolveEmailReservation,
  initialEmailReservationState,
} from '../users/email-reservation.ts';
import {
  evolveSellerCars,
  initialSellerCarsState,
  type SellerCarsState,
} from '../users/seller-cars.ts';
import { evolveUser, initialUserState, type UserState } from '../users/user.ts';
import type { DomainEvent, streams } from './events.ts';

/** The kinds of stream, named as in `streams` (events.ts). */
export type StreamKind = keyof typeof streams;

export type StreamStateOf = {
  user: UserState;
  email: EmailReservationState;
  category: CategoryState;
  categoryName: CategoryNameReservationState;
  categoryCars: CategoryCarsState;
  sellerCars: SellerCarsState;
  car: CarState;
  booking: BookingIdState;
  member: MemberState;
  apiKey: ApiKeyState;
  webhook: WebhookState;
  conversation: ConversationState;
  blocks: BlocksState;
  reports: ReportsState;
  review: ReviewState;
};

/** How each kind of stream folds into its state. */
export const streamKinds: {
  [K in StreamKind]: {
    initialState: () => StreamStateOf[K];
    evolve: (state: StreamStateOf[K], event: DomainEvent) => StreamStateOf[K];
  };
} = {
  user: { initialState: initialUserState, evolve: evolveUser },
  email: { initialState: initialEmailReservationState, evolve: evolveEmailReservation },
  category: { initialState: initialCategoryState, evolve: evolveCategory },
  categoryName: {
    initialState: initialCategoryNameReservationState,
    evolve: evolveCategoryNameReservation,
  },
  categoryCars: { initialState: initialCategoryCarsState, evolve: evolveCategoryCars },
  sellerCars: { initialState: initialSellerCarsState, evolve: evolveSellerCars },
  car: { initialState: initialCarState, evolve: evolveCar },
  booking: { initialState: initialBookingIdState, evolve: evolveBookingId },
  member: { initialState: initialMemberState, evolve: evolveMember },
  apiKey: { initialState: initialApiKeyState, evolve: evolveApiKey },
  webhook: { initialState: initialWebhookState, evolve: evolveWebhook },
  conversation: { initialState: initialConversationState, evolve: evolveConversation },
  blocks: { initialState: initialBlocksState, evolve: evolveBlocks },
  reports: { initialState: initialReportsState, evolve: evolveReports },
  review: { initialState: initialReviewState, evolve: evolveReview },
};

export const foldStream = <K extends StreamKind>(
  kind: K,
  events: Iterable<DomainEvent>,
): StreamStateOf[K] => {
  const { initialState, evolve } = streamKinds[kind];
  let state = initialState();
  for (const event of events) state = evolve(state, event);
  return state;
};

/** A stream a command reads, and how to fold it. */
export type StreamRef = { stream: string; kind: StreamKind };

export type LoadedStream = { [K in StreamKind]: { kind: K; state: StreamStateOf[K] } }[StreamKind];

/** The streams loaded so far for one command, by stream name. */
export type LoadedStreams = Readonly<Record<string, LoadedStream>>;

/** Folds a stream's events (empty when it does not exist) into an entry of `LoadedStreams`. */
export const loadStream = (ref: StreamRef, events: Iterable<DomainEvent>): LoadedStream =>
  ({ kind: ref.kind, state: foldStream(ref.kind, events) }) as LoadedStream;

/** The state of a loaded stream, or undefined when it is not loaded yet. */
export const loadedState = <K extends StreamKind>(
  loaded: LoadedStreams,
  kind: K,
  stream: string,
): StreamStateOf[K] | undefined => {
  const entry = loaded[stream];
  if (!entry) return undefined;
  if (entry.kind !== kind)
    throw new Error(`Stream ${stream} was loaded as ${entry.kind}, not ${kind}`);
  return entry.state as StreamStateOf[K];
};

/**
 * How a slice reads the state of a stream its decision needs: by the id or name in the stream's
 * name, as `streams` (events.ts) builds it, so `read.car(carId)` is the state of `car-<carId>`.
 */
export type StreamReads = { readonly [K in StreamKind]: (key: string) => StreamStateOf[K] };
