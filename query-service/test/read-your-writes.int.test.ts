// Read-your-writes pushed by the projectors' commits: a waiting read is released by the commit
// that reaches its position, waits only for the projections it reads, gives up at once on a
// position the store has not reached, and many waiting reads cost no more than one.
import { randomUUID } from 'node:crypto';
import { allProjections, noCarDetails, streams } from '@second-gear/features';
import { type RunningProjections, startProjections } from '@second-gear/projection-service';
import { eventData } from '@second-gear/projection-service/testing';
import {
  type ProjectionName,
  type ReadModelChangeListener,
  type ReadModelChanges,
  type ReadModelDb,
  waitForPosition,
} from '@second-gear/read-model';
import type { ServiceApp } from '@second-gear/service-http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildQueryService } from '../src/index.ts';
import { backends, type Harness, TOKEN_SECRET } from './support.ts';

const { list, dropAll } = await backends('query-service read-your-writes', 'both');
afterAll(dropAll);

// Long enough that whatever answers sooner was released by a commit, not by the timer.
const RECHECK_MS = 30_000;
const TIMEOUT_MS = 10_000;

/** Waits out a window in which something must not happen: an absence cannot be awaited. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The checkpoint reads of a database: a Kysely that counts them on its way through. */
const countingCheckpointReads = (db: ReadModelDb) => {
  const counter = { reads: 0 };
  const counted = db.withPlugin({
    transformQuery: ({ node }) => {
      if (
        node.kind === 'SelectQueryNode' &&
        JSON.stringify(node).includes('projection_checkpoints')
      )
        counter.reads += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { db: counted, counter };
};

/** A request in flight, and whether it has been answered yet. */
const inFlight = (app: ServiceApp, url: string, headers: Record<string, string>) => {
  const state = { answered: false };
  const answer = app.inject({ method: 'GET', url, headers }).then((response) => {
    state.answered = true;
    return response;
  });
  return { answer, state };
};

describe.each(list)('read-your-writes on $name', (backend) => {
  let h: Harness;
  let running: RunningProjections | undefined;
  const seller = {
    uid: `seller-${randomUUID()}`,
    email: 'sam@example.com',
    role: 'Seller' as const,
  };
  const admin = { uid: `admin-${randomUUID()}`, email: 'ada@example.com', role: 'Admin' as const };
  const system = { uid: 'system', email: 'system@second-gear.local', role: 'System' as const };
  let adminToken = '';

  /** The projectors start again (only some of them, to hold the others back). */
  const resume = async (only?: readonly ProjectionName[]) => {
    running = await startProjections({
      store: h.store,
      db: h.db,
      batchSize: 100,
      retryDelayMs: 20,
      projections: allProjections.filter((p) => only === undefined || only.includes(p.name)),
    });
    return running;
  };
  const stall = async () => {
    await running?.stop();
    running = undefined;
  };

  const listCar = async () => {
    const carId = randomUUID();
    const { position } = await h.store.append(streams.car(carId), 'no_stream', [
      eventData(
        'CarListed',
        {
          carId,
          name: 'Toyota Axio',
          sellerId: seller.uid,
          sellerName: 'Sam',
          sellerEmail: seller.email,
          categoryId: 'sedan',
          categoryName: 'Sedan',
          image: 'https://images.example.com/axio.jpg',
          originalPrice: 12_000,
          price: 10_000,
          location: 'Dhaka',
          yearsOfUse: 2,
          ...noCarDetails,
        },
        seller,
      ),
    ]);
    return { carId, position };
  };

  beforeAll(async () => {
    // No Firebase ID token is verified here: the admin's service token is signed directly.
    h = await backend.open('127.0.0.1:9', 'demo-second-gear', {
      readYourWritesRecheckMs: RECHECK_MS,
      readYourWritesTimeoutMs: TIMEOUT_MS,
    });
    running = h.projections;
    const { position } = await h.store.append(streams.user(admin.uid), 'no_stream', [
      eventData(
        'UserRegistered',
        { userId: admin.uid, name: 'Ada', email: admin.email, role: 'Buyer', photoURL: null },
        admin,
      ),
      eventData('UserPromotedToAdmin', { userId: admin.uid }, system),
    ]);
    expect((await waitForPosition(h.db, position, 10_000)).reached).toBe(true);
    adminToken = h.app.serviceTokens.sign(admin);
    await stall();
  });
  afterEach(stall);
  afterAll(async () => {
    await h?.close();
  });

  it('releases a waiting read with the commit that reaches it, long before the recheck', async () => {
    const { carId, position } = await listCar();
    const read = inFlight(h.app, `/api/product/${carId}`, {
      'x-min-position': position.toString(),
    });
    // Timed: a window in which, with the projectors stopped, the read must not be answered.
    await sleep(300);
    expect(read.state.answered).toBe(false);

    const resumed = Date.now();
    await resume();
    const answer = await read.answer;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()._id).toBe(carId);
    expect(answer.headers['x-position-reached']).toBe('true');
    expect(BigInt(answer.headers['x-projection-position'] as string)).toBeGreaterThanOrEqual(
      position,
    );
    expect(Date.now() - resumed).toBeLessThan(5000);
  });

  it('answers a position beyond the store’s head at once, as not reached', async () => {
    const head = (await h.store.headPosition()) ?? 0n;
    const started = Date.now();
    const answer = await h.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'x-min-position': (head + 1000n).toString() },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-position-reached']).toBe('false');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS / 10);
  });

  it('waits only for the projections the route reads: a stalled audit holds the audit log, not the car', async () => {
    await resume(allProjections.map((p) => p.name).filter((name) => name !== 'audit'));
    const { carId, position } = await listCar();
    const fresh = { 'x-min-position': position.toString() };
    const audit = inFlight(h.app, `/api/audit?subject=${carId}`, {
      ...fresh,
      authorization: `Bearer ${adminToken}`,
    });

    const started = Date.now();
    const car = await h.app.inject({ method: 'GET', url: `/api/product/${carId}`, headers: fresh });
    expect(car.statusCode).toBe(200);
    expect(car.headers['x-position-reached']).toBe('true');
    expect(Date.now() - started).toBeLessThan(5000);
    // Timed: a window in which the other projections' commits must not release the audit read.
    await sleep(300);
    expect(audit.state.answered).toBe(false);

    const auditOnly = await startProjections({
      store: h.store,
      db: h.db,
      retryDelayMs: 20,
      projections: allProjections.filter((p) => p.name === 'audit'),
    });
    try {
      const entries = await audit.answer;
      expect(entries.statusCode, entries.body).toBe(200);
      expect(entries.headers['x-position-reached']).toBe('true');
      expect(entries.json().map((e: { eventType: string }) => e.eventType)).toEqual(['CarListed']);
    } finally {
      await auditOnly.stop();
    }
  });

  it('reads the checkpoints once per commit, however many reads wait', async () => {
    const { db, counter } = countingCheckpointReads(h.db);
    const app = await buildQueryService({
      db,
      store: h.store,
      changes: h.changes,
      keepAnswers: false,
      auth: h.auth,
      tokenSecret: TOKEN_SECRET,
      readYourWritesTimeoutMs: TIMEOUT_MS,
      readYourWritesRecheckMs: RECHECK_MS,
      logger: false,
    });
    try {
      await app.ready();
      const { carId, position } = await listCar();
      const before = counter.reads;
      const reads = Array.from(
        { length: 50 },
        () =>
          inFlight(app, `/api/product/${carId}`, { 'x-min-position': position.toString() }).answer,
      );
      // Timed: a window in which the waiting reads alone must not read the checkpoints.
      await sleep(300);
      // Nothing committed meanwhile, so nothing was read, however many wait.
      expect(counter.reads - before).toBe(0);

      await resume();
      const answers = await Promise.all(reads);
      expect(answers.map((a) => a.headers['x-position-reached'])).toEqual(
        answers.map(() => 'true'),
      );
      // Each of the five projections commits once; a commit announced during a read adds one.
      expect(counter.reads - before).toBeGreaterThan(0);
      expect(counter.reads - before).toBeLessThanOrEqual(2 * allProjections.length);
    } finally {
      await app.close();
    }
  });

  it('reads again when the notifications may have been missed (the listener reconnected)', async () => {
    const listeners = new Set<ReadModelChangeListener>();
    const unheard: ReadModelChanges = {
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: async () => {},
    };
    const app = await buildQueryService({
      db: h.db,
      store: h.store,
      changes: unheard,
      auth: h.auth,
      tokenSecret: TOKEN_SECRET,
      readYourWritesTimeoutMs: TIMEOUT_MS,
      readYourWritesRecheckMs: RECHECK_MS,
      logger: false,
    });
    try {
      await app.ready();
      const { carId, position } = await listCar();
      const read = inFlight(app, `/api/product/${carId}`, {
        'x-min-position': position.toString(),
      });
      await resume();
      expect((await waitForPosition(h.db, position, 10_000)).reached).toBe(true);
      // Committed, but this service heard nothing of it: timed, a window with no answer ...
      await sleep(300);
      expect(read.state.answered).toBe(false);
      // ... until its listener says anything may have changed.
      for (const listener of listeners) listener(undefined);
      const answer = await read.answer;
      expect(answer.headers['x-position-reached']).toBe('true');
    } finally {
      await app.close();
    }
  });
});
