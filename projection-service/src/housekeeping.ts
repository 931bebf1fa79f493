// What the system keeps only for a while, pruned by the system itself: old notifications, the
// webhook deliveries' logs, the stored answers to idempotent requests (by destroying the key of
// each day's answers), and the search vocabulary's words that no car for sale uses any more.
import type { KeyStore } from '@second-gear/event-store';
import { ANSWERS_OF_DAY_PREFIX } from '@second-gear/features';
import { LIVE_SCHEMA, type ReadModelDb } from '@second-gear/read-model';
import { sql } from 'kysely';
import { WEBHOOKS_SCHEMA } from './webhooks/outbox.ts';

const DAY_MS = 86_400_000;

/** How long each kind of record is kept. */
export interface Retention {
  notificationDays: number;
  webhookDeliveryDays: number;
  /** How long an answer stored under an Idempotency-Key is replayed. */
  answerHours: number;
}

/** What one pruning removed. */
export interface Pruned {
  notifications: number;
  webhookDeliveries: number;
  webhookAttempts: number;
  answerDays: number;
  searchWords: number;
}

const countOf = (result: { numAffectedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numAffectedRows ?? result.numDeletedRows ?? 0n);

/** The days whose answers are all past their retention at `now`: their keys can go. */
export const expiredAnswerDays = (held: readonly string[], answerHours: number, now: Date) =>
  held.filter((subject) => {
    const day = Date.parse(`${subject.slice(ANSWERS_OF_DAY_PREFIX.length)}T00:00:00Z`);
    return Number.isFinite(day) && day + DAY_MS + answerHours * 3_600_000 <= now.getTime();
  });

/** Prunes everything past its retention at `now`, once. */
export async function prune(options: {
  db: ReadModelDb;
  keys: Pick<KeyStore, 'held' | 'destroy'>;
  retention: Retention;
  now?: Date;
  /** The read model's schema (the live one by default). */
  schema?: string;
}): Promise<Pruned> {
  const { db, keys, retention } = options;
  const schema = options.schema ?? LIVE_SCHEMA;
  const now = options.now ?? new Date();
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);

  const notifications = await db
    .withSchema(schema)
    .deleteFrom('notifications')
    .where('created_at', '<', before(retention.notificationDays))
    .executeTakeFirst();

  // A delivery still to be sent is kept whatever its age; its attempts go with it.
  const deliveriesBefore = before(retention.webhookDeliveryDays);
  const attempts = await sql`
    delete from ${sql.table(`${WEBHOOKS_SCHEMA}.attempts`)} a
    using ${sql.table(`${WEBHOOKS_SCHEMA}.deliveries`)} d
    where a.delivery_id = d.id and d.status <> 'pending'
      and coalesce(d.finished_at, d.created_at) < ${deliveriesBefore}`.execute(db);
  const deliveries = await sql`
    delete from ${sql.table(`${WEBHOOKS_SCHEMA}.deliveries`)}
    where status <> 'pending' and coalesce(finished_at, created_at) < ${deliveriesBefore}`.execute(
    db,
  );

  const answerDays = expiredAnswerDays(
    await keys.held(ANSWERS_OF_DAY_PREFIX),
    retention.answerHours,
    now,
  );
  await keys.destroy(answerDays);

  // The vocabulary suggests words of cars for sale; a word only sold or deleted cars had goes.
  const words = await sql`
    delete from ${sql.table(`${schema}.search_words`)}
    where word not in (select word from ts_stat(${`select search_vector from ${schema}.cars where deleted_at is null and sold_at is null`}))`.execute(
    db,
  );

  return {
    notifications: countOf(notifications),
    webhookDeliveries: countOf(deliveries),
    webhookAttempts: countOf(attempts),
    answerDays: answerDays.length,
    searchWords: countOf(words),
  };
}

/**
 * Prunes at once and then every `everyMs`, until stopped; a failed pruning is reported and
 * tried again at the next turn.
 */
export function startHousekeeping(options: {
  db: ReadModelDb;
  keys: Pick<KeyStore, 'held' | 'destroy'>;
  retention: Retention;
  everyMs: number;
  onPruned?: (pruned: Pruned) => void;
  onError?: (error: unknown) => void;
}): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const turn = () => {
    running = prune(options).then(options.onPruned, options.onError);
  };
  turn();
  const timer = setInterval(turn, options.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
