import type { EventStore, RecordedEvent } from '@second-gear/event-store';
import {
  type CarEventType,
  carEventTypes,
  ERASED_NAME,
  type EventType,
  toProjectedEvent,
} from '@second-gear/features';
import { carFeedEventOf, isCarFeedEventType } from '@second-gear/features/contract';
import type { ProjectedEvent } from '@second-gear/features/platform/projection.ts';
import type { ReadModelDb } from '@second-gear/read-model';
import { sql } from 'kysely';
import type { Reactor } from '../reactions/reactor.ts';

/**
 * The deliverer's own tables, in the schema `webhooks`: operational, like the reactors'
 * checkpoints, so rebuilds of the read model never touch them (a rebuild would otherwise send
 * every message again). The projection service alone writes them; the query service reads the
 * deliveries and attempts for `GET /api/webhooks...`.
 *
 * - `endpoints`: each endpoint as the outbox reactor folded its events, in log order, so the
 *   endpoints a car event goes to are those that stood at its position.
 * - `deliveries`: the outbox, one message for one endpoint, in dispatch order (`id`); its body
 *   is the exact JSON signed and sent. `cause_position` is the car event's own position, or the
 *   position of the replay that enqueued it again.
 * - `attempts`: every attempt at a delivery, with its answer or error.
 */
export const WEBHOOKS_SCHEMA = 'webhooks';
const endpoints = sql.table(`${WEBHOOKS_SCHEMA}.endpoints`);
const deliveries = sql.table(`${WEBHOOKS_SCHEMA}.deliveries`);

export const migrateWebhookOutbox = async (db: ReadModelDb): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('second-gear-webhooks'))`.execute(trx);
    await sql.raw(`create schema if not exists ${WEBHOOKS_SCHEMA}`).execute(trx);
    for (const statement of [
      `create table if not exists ${WEBHOOKS_SCHEMA}.endpoints (
        id text primary key,
        url text not null,
        types jsonb not null,
        secret_nonce text not null,
        registered_position bigint not null,
        paused boolean not null default false,
        failing boolean not null default false,
        deleted boolean not null default false,
        position bigint not null
      )`,
      `create table if not exists ${WEBHOOKS_SCHEMA}.deliveries (
        id bigserial primary key,
        endpoint_id text not null,
        message_id text not null,
        event_id text not null,
        event_position bigint not null,
        event_type text not null,
        cause_position bigint not null,
        body text not null,
        status text not null default 'pending',
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        created_at timestamptz not null default now(),
        finished_at timestamptz,
        unique (endpoint_id, event_position, cause_position)
      )`,
      // The trace of the command whose event a message carries (its W3C traceparent), so that
      // each delivery shows in that command's trace; null when it was not traced.
      `alter table ${WEBHOOKS_SCHEMA}.deliveries add column if not exists trace text`,
      `create index if not exists deliveries_pending_idx
        on ${WEBHOOKS_SCHEMA}.deliveries (endpoint_id, id) where status = 'pending'`,
      `create table if not exists ${WEBHOOKS_SCHEMA}.attempts (
        delivery_id bigint not null,
        attempt integer not null,
        endpoint_id text not null,
        at timestamptz not null,
        ok boolean not null,
        status_code integer,
        error text,
        latency_ms integer not null,
        response text not null,
        primary key (delivery_id, attempt)
      )`,
      `create index if not exists attempts_endpoint_idx
        on ${WEBHOOKS_SCHEMA}.attempts (endpoint_id, at desc)`,
    ]) {
      await sql.raw(statement).execute(trx);
    }
  });
};

/** A message's `webhook-id`: the same for one event on every attempt, endpoint and replay. */
export const messageIdOf = (eventId: string) => `msg_${eventId}`;

/** The exact body a car event is delivered with: the feed's JSON for it. */
const bodyOf = (event: ProjectedEvent): string | undefined => {
  const view = carFeedEventOf(event, {
    position: event.position,
    occurredAt: event.metadata.occurredAt,
  });
  return view && JSON.stringify(view);
};

const endpointEvents = [
  'WebhookEndpointRegistered',
  'WebhookEndpointPaused',
  'WebhookEndpointResumed',
  'WebhookEndpointDeleted',
  'WebhookReplayRequested',
  'WebhookEndpointFailing',
  'WebhookEndpointRecovered',
] as const satisfies readonly EventType[];

export interface WebhookOutbox {
  reactor: Reactor;
}

type Wanted = Map<string, ReadonlySet<string>>;

const setFlag = (
  db: ReadModelDb,
  id: string,
  flag: 'paused' | 'failing',
  value: boolean,
  position: bigint,
) =>
  sql`update ${endpoints} set ${sql.ref(flag)} = ${value}, position = ${position}
        where id = ${id} and position < ${position}`.execute(db);

const enqueueCarEvent = async (db: ReadModelDb, event: ProjectedEvent, body: string) => {
  await sql`
      insert into ${deliveries}
        (endpoint_id, message_id, event_id, event_position, event_type, cause_position, body,
         trace)
      select id, ${messageIdOf(event.id)}, ${event.id}, ${event.position}, ${event.type},
             ${event.position}, ${body}, ${event.metadata.trace?.traceparent ?? null}
      from ${endpoints}
      where not deleted and registered_position < ${event.position}
        and types @> ${JSON.stringify([event.type])}::jsonb
      on conflict (endpoint_id, event_position, cause_position) do nothing`.execute(db);
};

/** The endpoint's car events after `from` and before the replay, enqueued again. */
const enqueueReplay = async (
  db: ReadModelDb,
  store: Pick<EventStore, 'readAll'>,
  endpointId: string,
  from: bigint,
  replayAt: bigint,
) => {
  const found = await sql<{ types: string[]; registered_position: string | number | bigint }>`
      select types, registered_position from ${endpoints}
      where id = ${endpointId} and not deleted`.execute(db);
  const endpoint = found.rows[0];
  if (!endpoint) return;
  const types = new Set(endpoint.types);
  const registeredAt = BigInt(endpoint.registered_position);
  // Only what it was registered for: its history before registration is the feed's to tell.
  let after = from > registeredAt ? from : registeredAt;
  while (after < replayAt) {
    const page = await store.readAll({ after, limit: 500 });
    if (page.length === 0) return;
    for (const recorded of page) {
      if (recorded.position >= replayAt) return;
      after = recorded.position;
      if (!types.has(recorded.type)) continue;
      const event = toProjectedEvent(recorded);
      const body = event && bodyOf(event);
      if (!event || !body) continue;
      await sql`
          insert into ${deliveries}
            (endpoint_id, message_id, event_id, event_position, event_type, cause_position, body)
          values (${endpointId}, ${messageIdOf(event.id)}, ${event.id}, ${event.position},
                  ${event.type}, ${replayAt}, ${body})
          on conflict (endpoint_id, event_position, cause_position) do nothing`.execute(db);
    }
  }
};

/** One event: an endpoint's, folded into `endpoints` (and `wanted`), or a car event enqueued. */
const react = async (
  db: ReadModelDb,
  store: Pick<EventStore, 'readAll'>,
  wanted: Wanted,
  event: ProjectedEvent,
) => {
  const { position } = event;
  switch (event.type) {
    case 'WebhookEndpointRegistered': {
      const { endpointId, url, types, secretNonce } = event.data;
      await sql`
          insert into ${endpoints} (id, url, types, secret_nonce, registered_position, position)
          values (${endpointId}, ${url}, ${JSON.stringify(types)}::jsonb, ${secretNonce},
                  ${position}, ${position})
          on conflict (id) do nothing`.execute(db);
      wanted.set(endpointId, new Set(types));
      return;
    }
    case 'WebhookEndpointPaused':
    case 'WebhookEndpointResumed':
      await setFlag(
        db,
        event.data.endpointId,
        'paused',
        event.type === 'WebhookEndpointPaused',
        position,
      );
      return;
    case 'WebhookEndpointFailing':
    case 'WebhookEndpointRecovered':
      await setFlag(
        db,
        event.data.endpointId,
        'failing',
        event.type === 'WebhookEndpointFailing',
        position,
      );
      return;
    case 'WebhookEndpointDeleted':
      await sql`update ${endpoints} set deleted = true, position = ${position}
                  where id = ${event.data.endpointId} and position < ${position}`.execute(db);
      // Its waiting messages go with it.
      await sql`update ${deliveries} set status = 'dropped', finished_at = now()
                  where endpoint_id = ${event.data.endpointId} and status = 'pending'`.execute(db);
      wanted.delete(event.data.endpointId);
      return;
    case 'WebhookReplayRequested':
      await enqueueReplay(
        db,
        store,
        event.data.endpointId,
        BigInt(event.data.fromPosition),
        position,
      );
      return;
    case 'UserDeleted':
      // A deleted seller's name leaves the listings their messages carry, sent or waiting.
      await sql`update ${deliveries}
          set body = jsonb_set(body::jsonb, '{car,sellerName}', to_jsonb(${ERASED_NAME}::text))::text
          where event_type = 'CarListed' and body::jsonb #>> '{car,sellerId}' = ${event.data.userId}`.execute(
        db,
      );
      return;
    default: {
      const body = bodyOf(event);
      if (body) await enqueueCarEvent(db, event, body);
    }
  }
};

/**
 * The outbox reactor: folds the endpoints' events in log order and, for each car event, writes
 * one delivery per endpoint whose types include it, as the endpoints stood at that position.
 * A replay enqueues the endpoint's events after its position again, with their first message
 * ids. Idempotent: a delivery is unique per endpoint, event and cause. `enqueued` wakes the
 * dispatcher.
 */
export const webhookOutbox = async (options: {
  db: ReadModelDb;
  store: Pick<EventStore, 'readAll'>;
  enqueued: () => void;
}): Promise<WebhookOutbox> => {
  const { db, store } = options;
  await migrateWebhookOutbox(db);
  // What the live endpoints subscribe to, at the reactor's position: a car event no endpoint
  // wants is passed over without a write.
  const wanted: Wanted = new Map();
  const { rows } = await sql<{ id: string; types: string[] }>`
    select id, types from ${endpoints} where not deleted`.execute(db);
  for (const row of rows) wanted.set(row.id, new Set(row.types));
  const someoneWants = (type: string) => [...wanted.values()].some((types) => types.has(type));

  return {
    reactor: {
      name: 'webhook-outbox',
      types: new Set<EventType>([...carEventTypes, ...endpointEvents, 'UserDeleted']),
      wants: (event: RecordedEvent) =>
        !isCarFeedEventType(event.type) || someoneWants(event.type as CarEventType),
      async react(event) {
        await react(db, store, wanted, event);
        options.enqueued();
      },
    },
  };
};
