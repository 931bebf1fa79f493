import type { DomainEvent } from './events.ts';

/** Events to append to one stream. */
export type StreamAppend = { stream: string; events: DomainEvent[] };

/**
 * What a decision returns: the events to append, per stream, in the order they should be
 * written. The command service appends all of it in one `appendMany`, each stream with the
 * version it loaded. No appends means the command changed nothing (and is not an error).
 */
export type Decision = { appends: StreamAppend[] };

/** Groups `[stream, event]` pairs into appends, keeping the order streams first appear in. */
export const appendsOf = (pairs: readonly (readonly [string, DomainEvent])[]): Decision => {
  const byStream = new Map<string, DomainEvent[]>();
  for (const [stream, event] of pairs) {
    const events = byStream.get(stream);
    if (events) events.push(event);
    else byStream.set(stream, [event]);
  }
  return { appends: [...byStream].map(([stream, events]) => ({ stream, events })) };
};

export const nothing = (): Decision => ({ appends: [] });
