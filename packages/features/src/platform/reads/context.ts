import type { EventStore } from '@second-gear/event-store';
import type { FirebaseAuth } from '@second-gear/identity';
import type { ReadModelChanges, ReadModelDb } from '@second-gear/read-model';
import { sql } from 'kysely';
import type { SharedSubscription } from './shared-subscription.ts';
import type { StreamSlots } from './stream-slots.ts';

export interface QueryContext {
  db: ReadModelDb;
  /** The read model's schema (`read_model`). */
  schema: string;
  store: EventStore;
  auth: Pick<FirebaseAuth, 'verifyIdToken'>;
  /**
   * The car feed: its heartbeat, its open streams (bounded, `streamSlots`), the one store
   * subscription its followers share, and how far back a follower without an API key may start.
   */
  feed: {
    heartbeatMs: number;
    streams: StreamSlots;
    live: SharedSubscription;
    anonymousHistoryMs: number;
  };
  /** The projectors' commit notifications, when the service has them. */
  changes?: ReadModelChanges;
  /** Token exchanges per client address per window, when limited. */
  tokenRateLimit?: { max: number; timeWindow: string | number };
}

/** `count(*)` as a JS number on every driver. */
export const countAll = sql<number>`count(*)::int`.as('total');

/** `lower(column) = lower(value)`, matching the case-insensitive indexes. */
export const lowerEquals = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = ${value.trim().toLowerCase()}`;

/** What a read of the read model needs. */
export type ReadContext = Pick<QueryContext, 'db' | 'schema'>;

/** A time from the read model as the API answers it: ISO-8601, in UTC. */
export const iso = (value: Date | string): string => new Date(value).toISOString();
