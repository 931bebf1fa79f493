import { randomUUID } from 'node:crypto';
import { createEventStore, createKeyStore, protectPersonalData } from '@second-gear/event-store';
import { answersOfDay, personalDataPolicy } from '@second-gear/features';
import { createReadModelDb, migrateReadModel, openPGlite } from '@second-gear/read-model';
import { carRow } from '@second-gear/read-model/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiredAnswerDays, prune } from '../src/housekeeping.ts';
import { migrateWebhookOutbox, WEBHOOKS_SCHEMA } from '../src/webhooks/outbox.ts';

// What the system keeps only for a while, pruned by the system: on the all-in-one's engine.

const DAY = 86_400_000;
const now = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const retention = { notificationDays: 180, webhookDeliveryDays: 30, answerHours: 24 };

describe('pruning what is past its retention', () => {
  let pglite: Awaited<ReturnType<typeof openPGlite>>;
  let db: ReturnType<typeof createReadModelDb>;
  let keys: Awaited<ReturnType<typeof createKeyStore>>;
  const schema = 'read_model';

  beforeAll(async () => {
    pglite = await openPGlite();
    db = createReadModelDb({ pglite });
    await migrateReadModel(db, schema);
    await migrateWebhookOutbox(db);
    keys = await createKeyStore({ kind: 'pglite', db: pglite });
  });
  afterAll(async () => {
    await db.destroy();
    await pglite.close();
  });

  it('drops old notifications and finished deliveries, keeps recent ones and those still to send', async () => {
    const notification = (id: string, at: Date) => ({
      id,
      user_id: 'u1',
      position: 1n,
      kind: 'price-dropped' as const,
      car_id: 'c1',
      details: JSON.stringify({}),
      created_at: at,
    });
    await db
      .withSchema(schema)
      .insertInto('notifications')
      .values([notification('old', daysAgo(181)), notification('recent', daysAgo(179))])
      .execute();
    const delivery = async (status: string, at: Date) => {
      const { rows } = await sql<{ id: string }>`
        insert into ${sql.table(`${WEBHOOKS_SCHEMA}.deliveries`)}
          (endpoint_id, message_id, event_id, event_position, event_type, cause_position, body,
           status, created_at, finished_at)
        values ('e1', ${randomUUID()}, ${randomUUID()}, ${Math.floor(Math.random() * 1e9)}, 'CarListed', 0, '{}',
                ${status}, ${at}, ${status === 'pending' ? null : at})
        returning id`.execute(db);
      const id = rows[0]?.id;
      await sql`insert into ${sql.table(`${WEBHOOKS_SCHEMA}.attempts`)}
          (delivery_id, attempt, endpoint_id, at, ok, latency_ms, response)
        values (${id}, 1, 'e1', ${at}, ${status === 'delivered'}, 5, '')`.execute(db);
      return String(id);
    };
    const oldSent = await delivery('delivered', daysAgo(31));
    const oldWaiting = await delivery('pending', daysAgo(31));
    const recentSent = await delivery('delivered', daysAgo(29));

    const pruned = await prune({ db, keys, retention, now, schema });

    expect(pruned).toMatchObject({ notifications: 1, webhookDeliveries: 1, webhookAttempts: 1 });
    const left = await db.withSchema(schema).selectFrom('notifications').select('id').execute();
    expect(left.map((n) => n.id)).toEqual(['recent']);
    const { rows } = await sql<{ id: string }>`
      select id::text from ${sql.table(`${WEBHOOKS_SCHEMA}.deliveries`)} order by id`.execute(db);
    expect(rows.map((r) => r.id)).toEqual([oldWaiting, recentSent]);
    const attempts = await sql<{ delivery_id: string }>`
      select delivery_id::text from ${sql.table(`${WEBHOOKS_SCHEMA}.attempts`)} order by 1`.execute(
      db,
    );
    expect(attempts.rows.map((a) => a.delivery_id)).toEqual([oldWaiting, recentSent]);
    expect(oldSent).not.toBe(oldWaiting);
  });

  it('leaves a stored answer unreadable once its day is past the retention, and no earlier', async () => {
    const log = await createEventStore({ kind: 'pglite', db: pglite });
    const store = protectPersonalData(log, { policy: personalDataPolicy, keys, keyCacheMs: 0 });
    const answer = (at: Date) => ({
      id: randomUUID(),
      type: 'CommandAnswered',
      data: { fingerprint: 'f', status: 201, body: { insertedId: `car-${at.getTime()}` } },
      metadata: {
        actor: { uid: 'buyer-1', email: 'bea@example.com', role: 'Buyer' },
        occurredAt: at.toISOString(),
      },
    });
    const stream = `idempotency-buyer-1-${randomUUID()}`;
    // Stored 36 hours ago (its day ended 12 hours ago: within 24 hours), and 3 days ago.
    await store.append(stream, 'no_stream', [answer(new Date(now.getTime() - 36 * 3_600_000))]);
    await store.append(stream, 0, [answer(daysAgo(3))]);
    expect(JSON.stringify((await log.readStream(stream)).map((e) => e.data))).not.toContain(
      'insertedId',
    );

    const pruned = await prune({ db, keys, retention, now, schema });

    expect(pruned.answerDays).toBe(1);
    const bodies = (await store.readStream(stream)).map((e) => e.data.body);
    expect(bodies).toEqual([{ insertedId: `car-${now.getTime() - 36 * 3_600_000}` }, {}]);
    expect(await keys.held('answers-')).toEqual([answersOfDay('2026-11-27T00:00:00Z')]);
    await log.close();
  });

  it('names as expired only the days whose every answer is past the retention', () => {
    const held = ['answers-2026-11-26', 'answers-2026-11-27', 'answers-2026-11-28', 'answers-x'];
    expect(expiredAnswerDays(held, 24, now)).toEqual(['answers-2026-11-26']);
    expect(expiredAnswerDays(held, 12, now)).toEqual(['answers-2026-11-26', 'answers-2026-11-27']);
  });

  it('keeps the words of cars for sale and drops those only sold or deleted cars had', async () => {
    const cars = db.withSchema(schema);
    const car = (id: string, name: string, gone: { sold_at?: Date; deleted_at?: Date } = {}) =>
      carRow(id, 1, { name, listed_at: daysAgo(10), ...gone });
    await cars
      .insertInto('cars')
      .values([
        car('live', 'Honda Civic'),
        car('sold', 'Honda Vezel', { sold_at: daysAgo(1) }),
        car('deleted', 'Mazda Demio', { deleted_at: daysAgo(1) }),
      ])
      .execute();
    const words = async () =>
      (await cars.selectFrom('search_words').select('word').orderBy('word').execute()).map(
        (w) => w.word,
      );
    expect(await words()).toEqual(expect.arrayContaining(['civic', 'vezel', 'demio']));

    await prune({ db, keys, retention, now, schema });

    expect(await words()).toEqual(expect.arrayContaining(['civic', 'honda', 'dhaka']));
    expect(await words()).not.toContain('vezel');
    expect(await words()).not.toContain('demio');
  });
});
