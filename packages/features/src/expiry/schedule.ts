import { REACTIONS_SCHEMA, type ReadModelDb } from '@second-gear/read-model';
import { sql } from 'kysely';
import type { ProjectedEvent } from '../platform/projection.ts';
import { DAY_MS, EXPIRY_NOTICE_DAYS, LISTING_DAYS, termEnd } from '../platform/rules.ts';
import type { Command } from '../registry/commands.ts';
import type { EventType } from '../registry/events.ts';

const table = sql.table(`${REACTIONS_SCHEMA}.listing_terms`);

/** The events the schedule follows: a term's start, its notice and end, and a car leaving. */
export const listingTermTypes: ReadonlySet<EventType> = new Set([
  'CarListed',
  'CarRenewed',
  'CarExpiryNear',
  'CarExpired',
  'CarSold',
  'CarDeleted',
]);

/** How many commands one look sends at most; the rest wait for the next look. */
const PER_LOOK = 500;

/**
 * The expiry schedule: each car for sale, the term it is in and when that term began, kept from
 * the events in a table of its own (beside the reactors' checkpoints, never rebuilt); and, at each
 * look, the commands that are due then. The decisions say whether each changes anything (a term
 * renewed since, a car booked or sold), so a look repeated after a crash, or two at once, warn
 * and expire nothing twice.
 */
export const listingTermSchedule = (db: ReadModelDb, run: (command: Command) => Promise<void>) => {
  const system = { uid: 'system', email: 'listings@second-gear.local', role: 'System' } as const;

  const prepare = async () => {
    await sql.raw(`create schema if not exists ${REACTIONS_SCHEMA}`).execute(db);
    await sql`create table if not exists ${table} (
        car_id text primary key,
        term integer not null,
        began_at timestamptz not null,
        warned_term integer not null default -1,
        expired_term integer not null default -1,
        closed boolean not null default false
      )`.execute(db);
    await sql`create index if not exists listing_terms_began_idx on ${table} (began_at)
        where not closed`.execute(db);
  };

  /** Keeps the table in step with one event; applying it again changes nothing. */
  const follow = async (event: ProjectedEvent): Promise<void> => {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'CarListed':
        await sql`insert into ${table} (car_id, term, began_at)
            values (${event.data.carId}, 0, ${at}) on conflict (car_id) do nothing`.execute(db);
        return;
      case 'CarRenewed':
        await sql`update ${table} set term = ${event.data.term}, began_at = ${at}
            where car_id = ${event.data.carId} and term < ${event.data.term}`.execute(db);
        return;
      case 'CarExpiryNear':
        await sql`update ${table} set warned_term = greatest(warned_term, ${event.data.term})
            where car_id = ${event.data.carId}`.execute(db);
        return;
      case 'CarExpired':
        await sql`update ${table} set expired_term = greatest(expired_term, ${event.data.term})
            where car_id = ${event.data.carId}`.execute(db);
        return;
      case 'CarSold':
      case 'CarDeleted':
        await sql`update ${table} set closed = true where car_id = ${event.data.carId}`.execute(db);
        return;
      default:
        return;
    }
  };

  /** The terms due at `now`: those to end, and those whose seller is to be told. */
  const due = async (now: Date) => {
    const endBefore = new Date(now.getTime() - LISTING_DAYS * DAY_MS);
    const noticeBefore = new Date(now.getTime() - (LISTING_DAYS - EXPIRY_NOTICE_DAYS) * DAY_MS);
    const { rows } = await sql<{ car_id: string; term: number; began_at: Date; ends: boolean }>`
        select car_id, term, began_at, began_at <= ${endBefore} as ends from ${table}
        where not closed and expired_term < term and began_at <= ${noticeBefore}
          and (began_at <= ${endBefore} or warned_term < term)
        order by began_at limit ${PER_LOOK}`.execute(db);
    return rows;
  };

  /** Sends what is due at `now`: a notice a week ahead, the end when the term is over. */
  const look = async (now: Date): Promise<{ warned: number; expired: number }> => {
    let warned = 0;
    let expired = 0;
    for (const row of await due(now)) {
      const carId = row.car_id;
      if (row.ends) {
        await run({ type: 'ExpireCar', actor: system, data: { carId, term: row.term } });
        expired++;
      } else {
        const expiresAt = termEnd(new Date(row.began_at)).toISOString();
        await run({
          type: 'WarnCarExpiry',
          actor: system,
          data: { carId, term: row.term, expiresAt },
        });
        warned++;
      }
    }
    return { warned, expired };
  };

  return { prepare, follow, look };
};

export type ListingTermSchedule = ReturnType<typeof listingTermSchedule>;
