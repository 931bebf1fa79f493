import type { RecordedEvent } from '@second-gear/event-store';
import { ANSWER_EVENT_TYPE } from '../platform/commands/idempotency.ts';
import type { ProjectedEvent } from '../platform/projection.ts';
import { EventMetadata, isEventType, parseDomainEvent, TraceContext } from './events.ts';

/**
 * The types in the store that are no feature's event, which readers pass over: the command
 * service's stored answers to idempotent requests. A store's own (`$`-prefixed) types too.
 */
const bookkeepingTypes: ReadonlySet<string> = new Set([ANSWER_EVENT_TYPE]);

/** Whether readers pass over events of this type: it is the store's or the command service's. */
export const isBookkeepingType = (type: string): boolean =>
  bookkeepingTypes.has(type) || type.startsWith('$');

/**
 * Parses a stored event, or answers undefined for a bookkeeping type (`isBookkeepingType`).
 * Any other type this version does not know (a newer writer's event) throws, as a known type
 * with a bad shape does, or metadata that does not say who did it and when: the projections
 * retry the batch, then park that event (see `applyBatch`), never pass over it unseen, and a
 * version that knows it applies it when the parked event is retried.
 */
export const toProjectedEvent = (event: RecordedEvent): ProjectedEvent | undefined => {
  if (isBookkeepingType(event.type)) return undefined;
  if (!isEventType(event.type)) {
    throw new Error(
      `${event.type} at ${event.position}: a type this version does not know (written by a newer one?)`,
    );
  }
  const domainEvent = parseDomainEvent(event);
  const metadata = EventMetadata.safeParse(event.metadata);
  if (!metadata.success) {
    throw new Error(
      `${event.type} at ${event.position}: its metadata does not parse (${metadata.error.issues
        .map((issue) => `${issue.path.join('.') || 'metadata'}: ${issue.message}`)
        .join('; ')})`,
    );
  }
  return {
    ...domainEvent,
    id: event.id,
    streamId: event.streamId,
    position: event.position,
    metadata: metadata.data,
  } as ProjectedEvent;
};

/** The trace a stored event carries in its metadata, if any (a malformed one counts as none). */
export const traceOf = (event: RecordedEvent): TraceContext | undefined =>
  TraceContext.safeParse((event.metadata as { trace?: unknown } | null | undefined)?.trace).data;
