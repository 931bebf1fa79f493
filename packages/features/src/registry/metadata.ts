import {
  type Actor,
  type DomainEvent,
  type EventMetadata,
  type EventType,
  schemaVersions,
  type TraceContext,
} from './events.ts';

export type MetadataContext = {
  actor: Actor;
  /** When the command was accepted. */
  now: Date | string;
  correlationId: string;
  causationId: string;
  /** The trace the command's request belongs to, when it is traced. */
  trace?: TraceContext | undefined;
};

export type EventWithMetadata = {
  [T in EventType]: Extract<DomainEvent, { type: T }> & { metadata: EventMetadata };
}[EventType];

/**
 * Attaches the metadata every stored event carries. Every writer uses this, so the audit log
 * reads the same whoever wrote the event.
 */
export const withMetadata = (
  events: readonly DomainEvent[],
  { actor, now, correlationId, causationId, trace }: MetadataContext,
): EventWithMetadata[] => {
  const occurredAt = typeof now === 'string' ? new Date(now).toISOString() : now.toISOString();
  return events.map(
    (event) =>
      ({
        ...event,
        metadata: {
          actor: { uid: actor.uid, email: actor.email, role: actor.role },
          occurredAt,
          correlationId,
          causationId,
          schemaVersion: schemaVersions[event.type],
          ...(trace ? { trace } : {}),
        },
      }) as EventWithMetadata,
  );
};
