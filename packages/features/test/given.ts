import { expect } from 'vitest';
import {
  type Command,
  type Decision,
  DomainError,
  type DomainErrorCode,
  type DomainEvent,
  type DomainRule,
  eventSchemas,
  loadAndDecide,
  type StreamAppend,
  streams,
  subjectKeyOf,
} from '../src/index.ts';

/**
 * The stream every event belongs on, read from its own data. An event of a car that is not
 * listed here belongs on its car's stream (most of a car's and a booking's life does); `run`
 * checks every event a decision appends against this, so a new event that goes elsewhere fails
 * its first test until it is listed.
 */
export const streamOf = (event: DomainEvent): string => {
  switch (event.type) {
    case 'UserRegistered':
    case 'UserBecameSeller':
    case 'UserPromotedToAdmin':
    case 'UserDeleted':
    case 'UserProfileChanged':
      return streams.user(event.data.userId);
    case 'SellerCarAdded':
    case 'SellerCarRemoved':
      return streams.sellerCars(event.data.userId);
    case 'CarFavourited':
    case 'CarUnfavourited':
    case 'SearchSaved':
    case 'SavedSearchDeleted':
    case 'NotificationsRead':
      return streams.member(event.data.userId);
    case 'EmailClaimed':
    case 'EmailReleased':
      return streams.email(event.data.email);
    case 'CategoryCreated':
    case 'CategoryDeleted':
      return streams.category(event.data.categoryId);
    case 'CategoryCarAdded':
    case 'CategoryCarRemoved':
      return streams.categoryCars(event.data.categoryId);
    case 'CategoryNameClaimed':
    case 'CategoryNameReleased':
      return streams.categoryName(event.data.name);
    case 'BookingIdClaimed':
      return streams.booking(event.data.bookingId);
    case 'ApiKeyIssued':
    case 'ApiKeyRevoked':
      return streams.apiKey(event.data.keyId);
    case 'WebhookEndpointRegistered':
    case 'WebhookEndpointPaused':
    case 'WebhookEndpointResumed':
    case 'WebhookEndpointDeleted':
    case 'WebhookReplayRequested':
    case 'WebhookEndpointFailing':
    case 'WebhookEndpointRecovered':
      return streams.webhook(event.data.endpointId);
    case 'ConversationStarted':
    case 'MessageSent':
    case 'ConversationRead':
      return streams.conversation(event.data.conversationId);
    case 'UserBlocked':
    case 'UserUnblocked':
      return streams.blocks(event.data.blockerId);
    case 'ReportFiled':
    case 'ReportsResolved':
    case 'ReportedMessageViewed':
      return streams.reports(subjectKeyOf(event.data.subject));
    case 'UserSuspended':
    case 'UserSuspensionLifted':
      return streams.user(event.data.userId);
    case 'ReviewPosted':
    case 'ReviewAnswered':
    case 'ReviewHidden':
    case 'ReviewRestored':
      return streams.review(event.data.bookingId);
    default: {
      const { data } = event as { type: string; data: Record<string, unknown> };
      if (typeof data.carId !== 'string') throw new Error(`streamOf: no stream for ${event.type}`);
      return streams.car(data.carId);
    }
  }
};

/**
 * Runs a command the way the command service does, through `loadAndDecide`, on streams that
 * hold `history`. Checks what every decision promises: it reads each stream once, appends only
 * to streams it read (or, at any version, to streams it only adds to and never reads), each
 * stream once, each event on its own stream and valid against its schema.
 */
export const run = async (history: readonly DomainEvent[], command: Command): Promise<Decision> => {
  const byStream = new Map<string, DomainEvent[]>();
  for (const event of history) {
    const stream = streamOf(event);
    byStream.set(stream, [...(byStream.get(stream) ?? []), event]);
  }
  const read: string[] = [];
  const { decision } = await loadAndDecide(command, async (stream) => {
    expect(read, `${stream} is read once`).not.toContain(stream);
    read.push(stream);
    const events = byStream.get(stream) ?? [];
    return { events, version: events.length - 1 };
  });
  const appended = decision.appends.map((append) => append.stream);
  expect(new Set(appended).size, 'each stream appears once').toBe(appended.length);
  for (const { stream, events, anyVersion } of decision.appends) {
    if (anyVersion) expect(read, `${stream} is added to without reading`).not.toContain(stream);
    else expect(read, `${stream} was loaded`).toContain(stream);
    expect(events.length, `${stream} has events`).toBeGreaterThan(0);
    for (const event of events) {
      expect(streamOf(event), `${event.type} belongs on ${stream}`).toBe(stream);
      expect(eventSchemas[event.type].parse(event.data)).toEqual(event.data);
    }
  }
  return decision;
};

const thrownBy = async (history: readonly DomainEvent[], command: Command): Promise<unknown> => {
  try {
    await run(history, command);
  } catch (error) {
    return error;
  }
  throw new Error(`${command.type} was expected to be rejected, but it was accepted`);
};

/** Events, or lists of them, nested as the fixtures build them. */
export type History = DomainEvent | readonly History[];

export const flatten = (history: readonly History[]): DomainEvent[] =>
  history.flatMap((item) => (Array.isArray(item) ? flatten(item) : [item as DomainEvent]));

/**
 * `await given(events...).when(command).then(appends)`, `.thenNothing()` or
 * `.thenThrows(code, rule)`; the last answers the `DomainError`.
 */
export const given = (...history: History[]) => {
  const events = flatten(history);
  return {
    when: (command: Command) => ({
      // biome-ignore lint/suspicious/noThenProperty: given/when/then is the point; never awaited
      then: async (...expected: StreamAppend[]) => {
        expect(await run(events, command)).toEqual({ appends: expected });
      },
      thenNothing: async () => {
        expect(await run(events, command)).toEqual({ appends: [] });
      },
      thenThrows: async (code: DomainErrorCode, rule: DomainRule, message?: string | RegExp) => {
        const error = await thrownBy(events, command);
        expect(error).toBeInstanceOf(DomainError);
        const domainError = error as DomainError;
        expect({ code: domainError.code, rule: domainError.rule }).toEqual({ code, rule });
        expect(domainError.message).not.toBe('');
        if (message !== undefined) expect(domainError.message).toMatch(message);
        return domainError;
      },
    }),
  };
};

/** An append, as `then` expects it. */
export const on = (stream: string, ...events: DomainEvent[]): StreamAppend => ({ stream, events });

/** Events appended to a stream the decision adds to without reading, at any version. */
export const addedTo = (stream: string, ...events: DomainEvent[]): StreamAppend => ({
  stream,
  events,
  anyVersion: true,
});
