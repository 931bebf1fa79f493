import type { RecordedEvent } from '@second-gear/event-store';
import { HttpProblem, problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { z } from 'zod';
import {
  AuditChange,
  AuditChangesQuery,
  type AuditState,
  AuditStateQuery,
  AuditState as AuditStateSchema,
  AuditSubjectParams,
} from '../contract/index.ts';
import type { QueryContext } from '../platform/reads/context.ts';
import { offsetOf, setPageHeaders } from '../platform/reads/paging.ts';
import { requireAdmin, viewerOf } from '../platform/reads/viewer.ts';
import { type DomainEvent, EventMetadata, parseDomainEvent, streams } from '../registry/events.ts';
import { type StreamKind, streamKinds } from '../registry/stream-state.ts';

/** The longest stream time travel folds; a car, user or category stays far below it. */
const MAX_EVENTS = 10_000;

/** Fields of a state that are never shown, here as in the audit log: a buyer's phone and email. */
const HIDDEN = new Set(['buyerPhone', 'buyerEmail']);

/**
 * Fields whose values the history never shows, past or present, as the audit log's list shows
 * none: a phone or an email. A change to one is named by its field alone (a phone a user has
 * since cleared must not be read back from its history).
 */
const PERSONAL = new Set(['phone', 'email']);
const isPersonal = (path: string) => PERSONAL.has(path.slice(path.lastIndexOf('.') + 1));

const kindOf: Record<AuditSubjectParams['type'], StreamKind> = {
  car: 'car',
  user: 'user',
  category: 'category',
};

/**
 * A state as JSON: sets become arrays, bigints strings, hidden fields gone, and personal ones
 * too unless they are kept to be named as changed (`differences`).
 */
const plain = (value: unknown, keepPersonal = false): unknown => {
  const inner = (item: unknown) => plain(item, keepPersonal);
  if (value instanceof Set) return [...value].map(inner);
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(inner);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !HIDDEN.has(key) && (keepPersonal || !PERSONAL.has(key)))
        .map(([key, item]) => [key, inner(item)]),
    );
  }
  return value;
};

/** Every leaf of a JSON value by its dotted path. */
const leaves = (value: unknown, path = '', into = new Map<string, unknown>()) => {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      leaves(inner, path ? `${path}.${key}` : key, into);
    }
  } else {
    into.set(path, value);
  }
  return into;
};

/** The fields whose values differ between two states. */
const differences = (before: unknown, after: unknown) => {
  const a = leaves(before);
  const b = leaves(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths
    .filter((path) => JSON.stringify(a.get(path)) !== JSON.stringify(b.get(path)))
    .map((path) =>
      isPersonal(path)
        ? { path, hidden: true as const }
        : { path, before: a.get(path) ?? null, after: b.get(path) ?? null },
    );
};

interface Folded {
  event: DomainEvent;
  recorded: RecordedEvent;
  metadata: EventMetadata;
}

/** The subject's events, parsed, in the order they were written. */
const streamOf = async (ctx: QueryContext, { type, id }: AuditSubjectParams): Promise<Folded[]> => {
  const kind = kindOf[type];
  // A category's cars, and a seller's, join and leave on a stream of their own; the state
  // folds both streams, in the order they were written.
  const cars =
    kind === 'category' ? streams.categoryCars : kind === 'user' ? streams.sellerCars : undefined;
  const recorded = cars
    ? [
        ...(await ctx.store.readStream(streams[kind](id))),
        ...(await ctx.store.readStream(cars(id))),
      ].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0))
    : await ctx.store.readStream(streams[kind](id));
  if (recorded.length > MAX_EVENTS) {
    throw HttpProblem.badRequest(`This stream is longer than ${MAX_EVENTS} events.`);
  }
  return recorded.flatMap((event) => {
    try {
      const metadata = EventMetadata.parse(event.metadata);
      return [{ event: parseDomainEvent(event), recorded: event, metadata }];
    } catch {
      // An event the projections park is passed over here too.
      return [];
    }
  });
};

const refOf = ({ recorded, metadata }: Folded) => ({
  position: recorded.position.toString(),
  eventType: recorded.type,
  at: metadata.occurredAt,
  actor: metadata.actor,
});

/** A subject as it was at a moment or a position. */
const stateRoute = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/audit/state/:type/:id',
    {
      config: { reads: ['users'] },
      schema: {
        operationId: 'getAuditState',
        tags: ['audit'],
        summary: 'A car, user or category as it was at a moment or a position (admins)',
        params: AuditSubjectParams,
        querystring: AuditStateQuery,
        response: { 200: AuditStateSchema, ...problemAnswers(400, 401, 403) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request): Promise<AuditState> => {
      requireAdmin(await viewerOf(ctx.db, ctx.schema, request));
      const { type, id } = request.params;
      const { at, position } = request.query;
      const until = at === undefined ? undefined : Date.parse(at);
      const upTo = position === undefined ? undefined : BigInt(position);
      const folded = (await streamOf(ctx, request.params)).filter(
        ({ recorded, metadata }) =>
          (until === undefined || Date.parse(metadata.occurredAt) <= until) &&
          (upTo === undefined || recorded.position <= upTo),
      );
      const { initialState, evolve } = streamKinds[kindOf[type]];
      let state = initialState();
      for (const { event } of folded) state = evolve(state as never, event);
      const last = folded.at(-1);
      return {
        subject: { type, id },
        exists: folded.length > 0,
        version: folded.length - 1,
        ...(last ? { lastEvent: refOf(last) } : {}),
        state: plain(state) as Record<string, unknown>,
      };
    },
  );
};

/** What each event changed in a subject, between two moments. */
const changesRoute = (app: ServiceApp, ctx: QueryContext): void => {
  app.get(
    '/api/audit/changes/:type/:id',
    {
      config: { reads: ['users'] },
      schema: {
        operationId: 'listAuditChanges',
        tags: ['audit'],
        summary:
          'What changed in a car, user or category between two moments, event by event (admins)',
        params: AuditSubjectParams,
        querystring: AuditChangesQuery,
        response: { 200: z.array(AuditChange), ...problemAnswers(400, 401, 403) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      requireAdmin(await viewerOf(ctx.db, ctx.schema, request));
      const { from, to, ...paging } = request.query;
      const after = from === undefined ? undefined : Date.parse(from);
      const until = to === undefined ? undefined : Date.parse(to);
      const { initialState, evolve } = streamKinds[kindOf[request.params.type]];
      let state = plain(initialState(), true);
      let current = initialState();
      const changes: AuditChange[] = [];
      for (const folded of await streamOf(ctx, request.params)) {
        current = evolve(current as never, folded.event);
        const next = plain(current, true);
        const at = Date.parse(folded.metadata.occurredAt);
        if ((after === undefined || at > after) && (until === undefined || at <= until)) {
          changes.push({ ...refOf(folded), changes: differences(state, next) });
        }
        state = next;
      }
      setPageHeaders(request, reply, paging, changes.length);
      const start = offsetOf(paging);
      return changes.slice(start, start + paging.limit);
    },
  );
};

/**
 * Time travel for auditors: a car, user or category as it was at a moment, and what changed
 * between two, folded from its own stream by the same `evolve` the decisions use.
 */
export const timeTravelRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  stateRoute(app, ctx);
  changesRoute(app, ctx);
};
