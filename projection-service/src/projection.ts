import {
  type DomainEvent,
  EventMetadata,
  isEventType,
  parseDomainEvent,
  TraceContext,
} from '@second-gear/domain';
import type { RecordedEvent } from '@second-gear/event-store';
import type { ProjectionName, ReadModelDatabase } from '@second-gear/read-model';
import type { QueryCreator } from 'kysely';

/** A stored event, parsed: its domain event, its metadata and where it sits in the store. */
export type ProjectedEvent = DomainEvent & {
  id: string;
  streamId: string;
  position: bigint;
  metadata: EventMetadata;
};

/** Read tables of one schema, inside the batch's transaction. */
export type ReadTables = QueryCreator<ReadModelDatabase>;

/**
 * A projection keeps some read tables up to date. `apply` is called inside the batch's
 * transaction, in position order, and must be idempotent on its own: applying the same event
 * again changes nothing (rows carry the position of the last event applied to them).
 */
export interface Projection {
  /** Its checkpoint's name; a new projection adds its name to `projectionNames` first. */
  name: ProjectionName;
  apply(tables: ReadTables, event: ProjectedEvent): Promise<void>;
  /**
   * Optional: applies a whole batch at once (multi-row statements), with the same result as
   * `apply` on each event in order. Used where a projection only inserts.
   */
  applyAll?(tables: ReadTables, events: readonly ProjectedEvent[]): Promise<void>;
}

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

const INSERT_CHUNK = 500;

/**
 * A batch `applyAll` for a projection whose rows are created by one kind of event and then
 * changed by others under the `version < position` guard: every creation of the batch goes
 * into multi-row inserts first (the first one wins, as `on conflict do nothing` would have it),
 * then every other event through `apply`, in order. The result is the same as applying one by
 * one: a change that came before its row's creation finds the row at a later version and
 * leaves it alone, just as it would have found no row.
 */
export const insertsFirst = <Row>(options: {
  created: (event: ProjectedEvent) => { key: string; row: Row } | undefined;
  insert: (tables: ReadTables, rows: Row[]) => Promise<unknown>;
}) =>
  async function applyAll(
    this: Projection,
    tables: ReadTables,
    events: readonly ProjectedEvent[],
  ): Promise<void> {
    const rows = new Map<string, Row>();
    const changes: ProjectedEvent[] = [];
    for (const event of events) {
      const creation = options.created(event);
      if (!creation) changes.push(event);
      else if (!rows.has(creation.key)) rows.set(creation.key, creation.row);
    }
    const all = [...rows.values()];
    for (let i = 0; i < all.length; i += INSERT_CHUNK) {
      await options.insert(tables, all.slice(i, i + INSERT_CHUNK));
    }
    for (const event of changes) await this.apply(tables, event);
  };
