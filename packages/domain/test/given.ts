import { expect } from 'vitest';
import {
  type Command,
  type Decision,
  DomainError,
  type DomainErrorCode,
  type DomainEvent,
  type DomainRule,
  decide,
  eventSchemas,
  type LoadedStream,
  type LoadedStreams,
  loadStream,
  type StreamAppend,
  streams,
  streamsFor,
} from '../src/index.ts';

/** The stream every event belongs on, read from its own data. */
export const streamOf = (event: DomainEvent): string => {
  switch (event.type) {
    case 'UserRegistered':
    case 'UserBecameSeller':
    case 'UserPromotedToAdmin':
    case 'UserDeleted':
    case 'SellerCarAdded':
    case 'SellerCarRemoved':
      return streams.user(event.data.userId);
    case 'EmailClaimed':
    case 'EmailReleased':
      return streams.email(event.data.email);
    case 'CategoryCreated':
    case 'CategoryDeleted':
    case 'CategoryCarAdded':
    case 'CategoryCarRemoved':
      return streams.category(event.data.categoryId);
    case 'CategoryNameClaimed':
    case 'CategoryNameReleased':
      return streams.categoryName(event.data.name);
    case 'CarListed':
    case 'CarAdvertised':
    case 'CarBooked':
    case 'CarDeleted':
      return streams.car(event.data.carId);
  }
};

/**
 * Runs a command the way the command service does: load what `streamsFor` names, round after
 * round, then `decide`. Checks what every decision promises: it appends only to streams that
 * were loaded, each stream once, each event on its own stream and valid against its schema.
 */
export const run = (history: readonly DomainEvent[], command: Command): Decision => {
  const byStream = new Map<string, DomainEvent[]>();
  for (const event of history) {
    const stream = streamOf(event);
    byStream.set(stream, [...(byStream.get(stream) ?? []), event]);
  }
  const loaded: Record<string, LoadedStream> = {};
  for (let round = 0; ; round++) {
    const refs = streamsFor(command, loaded);
    if (refs.length === 0) break;
    if (round === 4) throw new Error('streamsFor did not settle');
    for (const ref of refs) loaded[ref.stream] = loadStream(ref, byStream.get(ref.stream) ?? []);
  }
  const decision = decide(command, loaded as LoadedStreams);
  const appended = decision.appends.map((append) => append.stream);
  expect(new Set(appended).size, 'each stream appears once').toBe(appended.length);
  for (const { stream, events } of decision.appends) {
    expect(Object.keys(loaded), `${stream} was loaded`).toContain(stream);
    expect(events.length, `${stream} has events`).toBeGreaterThan(0);
    for (const event of events) {
      expect(streamOf(event), `${event.type} belongs on ${stream}`).toBe(stream);
      expect(eventSchemas[event.type].parse(event.data)).toEqual(event.data);
    }
  }
  return decision;
};

const thrownBy = (history: readonly DomainEvent[], command: Command): unknown => {
  try {
    run(history, command);
  } catch (error) {
    return error;
  }
  throw new Error(`${command.type} was expected to be rejected, but it was accepted`);
};

/** Events, or lists of them, nested as the fixtures build them. */
export type History = DomainEvent | readonly History[];

const flatten = (history: readonly History[]): DomainEvent[] =>
  history.flatMap((item) => (Array.isArray(item) ? flatten(item) : [item as DomainEvent]));

/** `given(events...).when(command).then(appends)` or `.thenThrows(code, rule)`. */
export const given = (...history: History[]) => {
  const events = flatten(history);
  return {
    when: (command: Command) => ({
      // biome-ignore lint/suspicious/noThenProperty: given/when/then is the point; never awaited
      then: (...expected: StreamAppend[]) => {
        expect(run(events, command)).toEqual({ appends: expected });
      },
      thenNothing: () => {
        expect(run(events, command)).toEqual({ appends: [] });
      },
      thenThrows: (code: DomainErrorCode, rule: DomainRule, message?: string | RegExp) => {
        const error = thrownBy(events, command);
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
