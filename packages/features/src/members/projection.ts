import { ADMINS_AUDIENCE, type NotificationKind, toPosition } from '@second-gear/read-model';
import { sql } from 'kysely';
import { carMatchesSearch } from '../contract/index.ts';
import { kmBetween } from '../places/index.ts';
import {
  addRowsOf,
  deletedUsers,
  erasePersonalDetails,
  type PersonalDetails,
  personalColumn,
} from '../platform/erasure.ts';
import type { ProjectedEvent, Projection, ReadTables } from '../platform/projection.ts';

type SavedSearch = { id: string; userId: string; name: string; query: string };

/** What one member (or every admin) is told of an event. */
export interface Notification {
  /** A member, or `ADMINS_AUDIENCE`: every admin. */
  userId: string;
  kind: NotificationKind;
  carId: string | null;
  details: Record<string, unknown>;
  /** The details that are a person's own (a buyer's name), by key: whose they are. */
  personal?: PersonalDetails;
}

/** The cars of a batch whose favourers hear of an event: a price that drops, a sale. */
const carsToTell = (events: readonly ProjectedEvent[]): string[] => [
  ...new Set(
    events.flatMap((event) =>
      (event.type === 'CarPriceChanged' && event.data.price < event.data.oldPrice) ||
      event.type === 'CarSold'
        ? [event.data.carId]
        : [],
    ),
  ),
];

/**
 * Who keeps the batch's cars to tell among their favourites: read in one statement when first
 * needed, and kept in step with the batch's own favourites, under the table's rule (a removal
 * takes only a favourite added before it), so each event finds them as they stood at it.
 */
const favouritesOf = (tables: ReadTables, events: readonly ProjectedEvent[]) => {
  const watched = carsToTell(events);
  let kept: Map<string, Map<string, bigint>> | undefined;
  const load = async () => {
    if (kept) return kept;
    const loaded = new Map<string, Map<string, bigint>>(watched.map((id) => [id, new Map()]));
    if (watched.length > 0) {
      const rows = await tables
        .selectFrom('favourites')
        .select(['car_id', 'user_id', 'position'])
        .where('car_id', 'in', watched)
        .execute();
      for (const row of rows) loaded.get(row.car_id)?.set(row.user_id, toPosition(row.position));
    }
    kept = loaded;
    return loaded;
  };
  return {
    of: async (carId: string): Promise<string[]> => [...((await load()).get(carId)?.keys() ?? [])],
    added: (carId: string, userId: string, position: bigint) => {
      const users = kept?.get(carId);
      if (users && !users.has(userId)) users.set(userId, position);
    },
    removed: (carId: string, userId: string, position: bigint) => {
      const users = kept?.get(carId);
      const since = users?.get(userId);
      if (since !== undefined && since < position) users?.delete(userId);
    },
  };
};

type Kept = {
  searches: ReturnType<typeof savedSearchesOf>;
  favourites: ReturnType<typeof favouritesOf>;
};

/**
 * Who hears of an event, and what: the members who keep a car as a favourite hear when its
 * price drops or it is sold; the owner of a saved search hears of a new car it matches, unless
 * they listed it; every admin hears of a failing webhook.
 */
const notificationsOf = async (
  event: ProjectedEvent,
  { searches, favourites }: Kept,
): Promise<Notification[]> => {
  switch (event.type) {
    case 'CarPriceChanged': {
      const { carId, oldPrice, price } = event.data;
      if (price >= oldPrice) return [];
      return (await favourites.of(carId)).map((userId) => ({
        userId,
        kind: 'price-dropped' as const,
        carId,
        details: { oldPrice, price },
      }));
    }
    case 'CarSold': {
      const { carId } = event.data;
      return (await favourites.of(carId)).map((userId) => ({
        userId,
        kind: 'favourite-sold' as const,
        carId,
        details: {},
      }));
    }
    case 'CarListed': {
      const car = event.data;
      const told = new Set<string>();
      const matches: Notification[] = [];
      for (const search of await searches.all()) {
        if (search.userId === car.sellerId || told.has(search.userId)) continue;
        if (!carMatchesSearch(car, search.query, (near) => kmBetween(car.location, near))) continue;
        told.add(search.userId);
        matches.push({
          userId: search.userId,
          kind: 'search-matched',
          carId: car.carId,
          details: { searchId: search.id, search: search.name, query: search.query },
        });
      }
      return matches;
    }
    case 'WebhookEndpointFailing': {
      // Every admin, present and future: the row is the admins', not one person's.
      const { endpointId, messageId, lastError } = event.data;
      return [
        {
          userId: ADMINS_AUDIENCE,
          kind: 'webhook-failing',
          carId: null,
          details: { endpointId, messageId, lastError },
        },
      ];
    }
    default:
      return [];
  }
};

/**
 * What another feature tells its members of its own events: the types it tells of (the
 * projection passes over every other quickly), and who hears what.
 */
export type Notices = {
  types: readonly string[];
  of: (event: ProjectedEvent) => Notification[];
};

/** The events this projection reads itself. */
const ownTypes = new Set<string>([
  'CarFavourited',
  'CarUnfavourited',
  'SearchSaved',
  'SavedSearchDeleted',
  'NotificationsRead',
  'CarPriceChanged',
  'CarSold',
  'CarListed',
  'WebhookEndpointFailing',
]);

/**
 * The saved searches of a batch: read once, when a new car first needs them, and kept in step
 * with the batch's own saves and deletions.
 */
const savedSearchesOf = (tables: ReadTables) => {
  let saved: Map<string, SavedSearch> | undefined;
  return {
    all: async (): Promise<SavedSearch[]> => {
      saved ??= new Map(
        (
          await tables
            .selectFrom('saved_searches')
            .select(['id', 'user_id', 'name', 'query'])
            .execute()
        ).map((row) => [
          row.id,
          { id: row.id, userId: row.user_id, name: row.name, query: row.query },
        ]),
      );
      return [...saved.values()];
    },
    saved: (search: SavedSearch) => saved?.set(search.id, search),
    deleted: (id: string) => saved?.delete(id),
  };
};

/**
 * Applies what a member keeps: a favourite, a saved search, how far they have read. False for
 * any other event, which may tell someone something instead.
 */
const applyKept = async (
  tables: ReadTables,
  event: ProjectedEvent,
  { searches, favourites }: Kept,
): Promise<boolean> => {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'CarFavourited':
      await tables
        .insertInto('favourites')
        .values({
          user_id: event.data.userId,
          car_id: event.data.carId,
          added_at: at,
          position: event.position,
        })
        .onConflict((c) => c.columns(['user_id', 'car_id']).doNothing())
        .execute();
      favourites.added(event.data.carId, event.data.userId, event.position);
      return true;
    case 'CarUnfavourited':
      await tables
        .deleteFrom('favourites')
        .where('user_id', '=', event.data.userId)
        .where('car_id', '=', event.data.carId)
        .where('position', '<', event.position)
        .execute();
      favourites.removed(event.data.carId, event.data.userId, event.position);
      return true;
    case 'SearchSaved': {
      const { searchId, userId, name, query } = event.data;
      await tables
        .insertInto('saved_searches')
        .values({
          id: searchId,
          user_id: userId,
          name,
          query,
          created_at: at,
          position: event.position,
        })
        .onConflict((c) => c.column('id').doNothing())
        .execute();
      searches.saved({ id: searchId, userId, name, query });
      return true;
    }
    case 'SavedSearchDeleted':
      await tables.deleteFrom('saved_searches').where('id', '=', event.data.searchId).execute();
      searches.deleted(event.data.searchId);
      return true;
    case 'NotificationsRead':
      await tables
        .insertInto('notification_reads')
        .values({ user_id: event.data.userId, up_to: event.data.upTo })
        .onConflict((c) =>
          c.column('user_id').doUpdateSet({
            up_to: sql`greatest(${sql.ref('notification_reads.up_to')}, excluded.up_to)`,
          }),
        )
        .execute();
      return true;
    default:
      return false;
  }
};

/**
 * A deleted user's own favourites, saved searches and notifications go, and their name leaves
 * what others were told of them.
 */
const eraseMember = async (tables: ReadTables, userId: string) => {
  for (const table of [
    'favourites',
    'saved_searches',
    'notifications',
    'notification_reads',
  ] as const)
    await tables.deleteFrom(table).where('user_id', '=', userId).execute();
  await erasePersonalDetails(tables, 'notifications', userId);
};

/**
 * favourites, saved_searches, notifications and notification_reads: what members keep and hear
 * (admins hear of a failing webhook). One projection, so a notification is made from the
 * favourites and saved searches as they stood at its event: a rebuild makes the same
 * notifications, and applying an event again makes none twice (a notification's id is its
 * event's position and its reader). Other features tell of their own events (`notices`).
 */
export const membersProjectionOf = (notices: readonly Notices[]): Projection => {
  const relevant = new Set([...ownTypes, ...notices.flatMap((n) => n.types)]);
  const notificationsFrom = async (event: ProjectedEvent, kept: Kept) => [
    ...notices.flatMap((n) => n.of(event)),
    ...(await notificationsOf(event, kept)),
  ];
  return {
    name: 'members',
    // Who keeps a batch's cars among their favourites is looked up by car, to tell them of
    // their changes.
    readsIndexes: ['favourites_car_idx'],
    apply(tables, event) {
      return this.applyAll!(tables, [event]);
    },
    async applyAll(tables, events) {
      const kept: Kept = {
        searches: savedSearchesOf(tables),
        favourites: favouritesOf(tables, events),
      };
      // The batch's notifications, written together at its end: nothing here reads them.
      const notifications: Record<string, unknown>[] = [];
      for (const event of events) {
        if (!relevant.has(event.type) || (await applyKept(tables, event, kept))) continue;
        for (const n of await notificationsFrom(event, kept)) {
          notifications.push({
            id: `${event.position}:${n.userId}`,
            user_id: n.userId,
            position: event.position,
            kind: n.kind,
            car_id: n.carId,
            details: n.details,
            personal: personalColumn(n.personal),
            created_at: event.metadata.occurredAt,
          });
        }
      }
      await addRowsOf(events)(tables, 'notifications', notifications);
      for (const userId of deletedUsers(events)) await eraseMember(tables, userId);
    },
  };
};
