import { sql } from 'kysely';
import { ERASED_NAME } from './personal-data.ts';
import { appendRows, insertRows, type ProjectedEvent, type ReadTables } from './projection.ts';

// How projections erase a deleted user from the rows they keep.

/** Details that are a person's own, by detail key: the uid of whose they are. */
export type PersonalDetails = Readonly<Record<string, string>>;

/** `{buyer: uid}` as a table's `personal` column keeps it: `{uid: ["buyer"]}`. */
export const personalColumn = (personal: PersonalDetails = {}): Record<string, string[]> => {
  const byPerson: Record<string, string[]> = {};
  for (const [key, uid] of Object.entries(personal))
    byPerson[uid] = [...(byPerson[uid] ?? []), key];
  return byPerson;
};

/** Erases a deleted user's details in a table that keeps `details` with a `personal` map. */
export const erasePersonalDetails = (
  tables: ReadTables,
  table: 'audit_log' | 'notifications',
  userId: string,
) =>
  tables
    .updateTable(table)
    .set({
      details: sql`details || (select jsonb_object_agg(key, to_jsonb(${ERASED_NAME}::text))
                   from jsonb_array_elements_text(personal -> ${userId}::text) key)`,
      personal: sql`personal - ${userId}::text`,
    })
    .where(sql<boolean>`personal ? ${userId}::text`)
    .execute();

/** The users a batch deletes. */
export const deletedUsers = (events: readonly ProjectedEvent[]): string[] =>
  events.flatMap((e) => (e.type === 'UserDeleted' ? [e.data.userId] : []));

/**
 * How a batch adds rows that its deletions may have to erase: held to its end as `appendRows`
 * does, unless the batch deletes someone, when they are written at once, before the erasure.
 */
export const addRowsOf = (events: readonly ProjectedEvent[]) =>
  deletedUsers(events).length > 0 ? insertRows : appendRows;
