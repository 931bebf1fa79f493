import type { DomainEvent } from '../registry/events.ts';

/**
 * Events to append to one stream. A decision appends to the streams it read, each at the version
 * it read; `anyVersion` marks a stream it adds to without reading (a log that only collects, such
 * as a category's cars), appended whatever it holds.
 */
export type StreamAppend = { stream: string; events: DomainEvent[]; anyVersion?: true };

/** One event for one stream; `'any'` appends it whatever the stream holds (see `StreamAppend`). */
export type AppendPair = readonly [string, DomainEvent] | readonly [string, DomainEvent, 'any'];

/**
 * What a decision returns: the events to append, per stream, in the order they should be
 * written. The command service appends all of it in one `appendMany`, each stream with the
 * version it loaded. No appends means the command changed nothing (and is not an error).
 */
export type Decision = { appends: StreamAppend[] };

/** Groups `[stream, event]` pairs into appends, keeping the order streams first appear in. */
export const appendsOf = (pairs: readonly AppendPair[]): Decision => {
  const byStream = new Map<string, DomainEvent[]>();
  const anyVersion = new Set<string>();
  for (const [stream, event, version] of pairs) {
    const events = byStream.get(stream);
    if (events) events.push(event);
    else byStream.set(stream, [event]);
    if (version === 'any') anyVersion.add(stream);
  }
  return {
    appends: [...byStream].map(([stream, events]) =>
      anyVersion.has(stream) ? { stream, events, anyVersion: true } : { stream, events },
    ),
  };
};

export const nothing = (): Decision => ({ appends: [] });
