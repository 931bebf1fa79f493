import {
  createProtectedEventStore,
  type EventStoreConfig,
  type PersonalDataConfig,
  type PersonalDataPolicy,
  type PersonalValue,
  type ProtectedEventStore,
} from '@second-gear/event-store';
import { bookingPersonalValues } from '../bookings/events.ts';
import { carPersonalValues } from '../cars/events.ts';
import { messagePersonalValues } from '../messages/events.ts';
import { moderationPersonalValues } from '../moderation/events.ts';
import { ANSWER_EVENT_TYPE } from '../platform/commands/idempotency.ts';
import { ERASED_CONTACT } from '../platform/personal-data.ts';
import { roles } from '../platform/rules.ts';
import { reviewPersonalValues } from '../reviews/events.ts';
import { userPersonalValues } from '../users/events.ts';

const people: ReadonlySet<string> = new Set(roles);

/** The actor of an event when it is a person (not the System, not an API key). */
const actingPerson = (metadata: Record<string, unknown>): string | undefined => {
  const actor = metadata.actor as { uid?: unknown; role?: unknown } | undefined;
  return typeof actor?.uid === 'string' && typeof actor.role === 'string' && people.has(actor.role)
    ? actor.uid
    : undefined;
};

/** Whose email the metadata names: every event's actor. */
const actorEmail: PersonalValue = {
  path: ['metadata', 'actor', 'email'],
  subject: (event) => actingPerson(event.metadata),
  erased: ERASED_CONTACT,
};

/** A stored answer to an idempotent request is its actor's: the answer may show their data. */
const storedAnswer: PersonalValue = {
  path: ['data', 'body'],
  subject: (event) => actingPerson(event.metadata),
  erased: {},
};

/**
 * The key every answer stored on one day (UTC) is sealed in as well: destroyed once that day's
 * answers are past their retention, so that none is readable beyond it.
 */
export const ANSWERS_OF_DAY_PREFIX = 'answers-';
export const answersOfDay = (occurredAt: string): string =>
  `${ANSWERS_OF_DAY_PREFIX}${occurredAt.slice(0, 10)}`;

const answerRetention: PersonalValue = {
  path: ['data', 'body'],
  subject: (event) => {
    const at = event.metadata.occurredAt;
    return typeof at === 'string' ? answersOfDay(at) : undefined;
  },
  erased: {},
};

/**
 * What is personal in the marketplace's events, and what erases a person: deleting a user
 * destroys their key, so every value of theirs in the log reads as erased from then on.
 */
export const personalDataPolicy: PersonalDataPolicy = {
  byType: {
    ...userPersonalValues,
    ...carPersonalValues,
    ...bookingPersonalValues,
    ...messagePersonalValues,
    ...moderationPersonalValues,
    ...reviewPersonalValues,
    // The person's seal inside, the day's around it.
    [ANSWER_EVENT_TYPE]: [storedAnswer, answerRetention],
  },
  everyEvent: [actorEmail],
  erasures: { UserDeleted: (event) => String(event.data.userId) },
};

/**
 * The marketplace's event store: `config`'s store with personal values sealed, their keys in
 * the store's own database or at `keyStoreUrl` (required for KurrentDB), erasures recorded in
 * `erasureLedger` too when there is one.
 */
export const openMarketplaceStore = (
  config: EventStoreConfig,
  options: Omit<PersonalDataConfig, 'policy'> = {},
): Promise<ProtectedEventStore> =>
  createProtectedEventStore(config, { ...options, policy: personalDataPolicy });
