import type { RecordedEvent } from '@second-gear/event-store';
import type { ProjectedEvent } from '../platform/projection.ts';
import { EventMetadata, isEventType, parseDomainEvent, TraceContext } from './events.ts';

/**
 * Parses a stored event, or answers undefined for a type this version does not know (a newer
 * writer's event: skipped, so the projections keep going). A known type with a bad shape, or
 * metadata that does not say who did it and when, throws: the batch then parks that event
 * (see `applyBatch`) rather than guess.
 */
export const toProjectedEvent = (event: RecordedEvent): ProjectedEvent | undefined => {
  if (!isEventType(event.type)) return undefined;
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
