import {
  addRowsOf,
  deletedUsers,
  erasePersonalDetails,
  type PersonalDetails,
  personalColumn,
} from '../platform/erasure.ts';
import { ERASED_CONTACT, ERASED_NAME } from '../platform/personal-data.ts';
import {
  firstOf,
  type ProjectedEvent,
  type Projection,
  type ReadTables,
} from '../platform/projection.ts';

/** One line of the audit log, as a feature describes one of its events. */
export interface AuditEntry {
  action: string;
  subjectType: 'user' | 'car' | 'category' | 'api-key' | 'webhook';
  subjectId: string;
  /** Undefined: the label the subject was first recorded with. */
  label?: string;
  /** The event brings its subject into being: none of the subject's entries come before it. */
  begins?: true;
  details?: Record<string, unknown>;
  /**
   * The details that are a person's own (a name), by detail key: the uid of whose they are.
   * Deleting that person erases them.
   */
  personal?: PersonalDetails;
}

/**
 * A deleted user's personal data leaves the log's entries: their email as an actor, their name
 * as a user's label, and the details that were theirs (a buyer's name on a booking).
 */
const erasePeople = async (tables: ReadTables, events: readonly ProjectedEvent[]) => {
  for (const userId of deletedUsers(events)) {
    await tables
      .updateTable('audit_log')
      .set({ actor_email: ERASED_CONTACT })
      .where('actor_uid', '=', userId)
      .execute();
    await tables
      .updateTable('audit_log')
      .set({ subject_label: ERASED_NAME })
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', userId)
      .execute();
    await erasePersonalDetails(tables, 'audit_log', userId);
  }
};

/** What an event means to a reader of the audit log; undefined when it is no entry. */
export type Describe = (event: ProjectedEvent) => AuditEntry | undefined;

const firstLabels = async (
  tables: ReadTables,
  subjectIds: string[],
): Promise<Map<string, string>> => {
  const labels = new Map<string, string>();
  if (subjectIds.length === 0) return labels;
  const rows = await tables
    .selectFrom('audit_log')
    .select(['subject_id', 'subject_label'])
    .distinctOn('subject_id')
    .where('subject_id', 'in', subjectIds)
    .orderBy('subject_id')
    .orderBy('position', 'asc')
    .execute();
  for (const row of rows) labels.set(row.subject_id, row.subject_label);
  return labels;
};

/**
 * audit_log: who did what to whom, when, with the correlation id, one row per event. Each
 * feature describes its own events (`describers`, in the registry).
 */
export const auditProjectionOf = (describers: readonly Describe[]): Projection => {
  // What an event means to a person reading the audit log: the first description any feature
  // gives. Bookkeeping events (email, category-name and booking-id reservations, a seller's or
  // category's car counts) are not entries: they always accompany one that is.
  const describe = firstOf(describers);
  return {
    name: 'audit',
    // A subject's first label is looked up by subject (`firstLabels`).
    readsIndexes: ['audit_subject_idx'],
    apply(tables, event) {
      return this.applyAll!(tables, [event]);
    },
    async applyAll(tables, events) {
      const entries = events.flatMap((event) => {
        const entry = describe(event);
        return entry ? [{ event, entry }] : [];
      });
      if (entries.length === 0) {
        await erasePeople(tables, events);
        return;
      }
      // A subject keeps the label it was first recorded with. Only the subjects of unlabelled
      // entries need it, and not those whose first entry here is the event that brought them
      // into being: nothing about them came before. Earlier batches hold the others' labels.
      const beginsHere = new Map<string, boolean>();
      for (const { entry } of entries) {
        if (!beginsHere.has(entry.subjectId))
          beginsHere.set(entry.subjectId, entry.begins === true);
      }
      const unlabelled = new Set<string>();
      for (const { entry } of entries) {
        if (!entry.label && !beginsHere.get(entry.subjectId)) {
          unlabelled.add(entry.subjectId);
        }
      }
      const labels = await firstLabels(tables, [...unlabelled]);
      const seen = new Set<bigint>();
      const rows = [];
      for (const { event, entry } of entries) {
        if (seen.has(event.position)) continue;
        seen.add(event.position);
        if (entry.label && !labels.has(entry.subjectId)) labels.set(entry.subjectId, entry.label);
        const { actor, occurredAt, correlationId, causationId } = event.metadata;
        rows.push({
          position: event.position,
          event_id: event.id,
          event_type: event.type,
          action: entry.action,
          actor_uid: actor.uid,
          actor_email: actor.email,
          actor_role: actor.role,
          subject_type: entry.subjectType,
          subject_id: entry.subjectId,
          subject_label: entry.label ?? labels.get(entry.subjectId) ?? entry.subjectId,
          occurred_at: occurredAt,
          correlation_id: correlationId,
          causation_id: causationId,
          details: entry.details ?? {},
          personal: personalColumn(entry.personal),
        });
      }
      await addRowsOf(events)(tables, 'audit_log', rows);
      await erasePeople(tables, events);
    },
  };
};
