import { randomUUID } from 'node:crypto';
import { createEventStore, type EventStore, type RecordedEvent } from '@second-gear/event-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SharedSubscription } from '../reads/shared-subscription.ts';

// Many followers, one store subscription: each follower gets every event after its position,
// once and in order, whether it joins behind, at or ahead of what the subscription keeps.

const noted = (n: number) => ({ id: randomUUID(), type: 'Noted', data: { n }, metadata: {} });

describe('a subscription the followers share', () => {
  let store: EventStore;
  let subscriptions: number;

  beforeEach(async () => {
    const opened = await createEventStore({ kind: 'pglite' });
    subscriptions = 0;
    // The store as the feed sees it, counting the subscriptions it is asked for.
    store = {
      ...opened,
      append: opened.append.bind(opened),
      appendMany: opened.appendMany.bind(opened),
      readAll: opened.readAll.bind(opened),
      readStream: opened.readStream.bind(opened),
      eventAt: opened.eventAt.bind(opened),
      headPosition: opened.headPosition.bind(opened),
      storeId: opened.storeId.bind(opened),
      close: opened.close.bind(opened),
      subscribe: (options) => {
        subscriptions += 1;
        return opened.subscribe(options);
      },
    };
  });
  afterEach(async () => {
    await store.close();
  });

  /** Follows until it has `count` events, then leaves. */
  const take = async (shared: SharedSubscription, after: bigint | undefined, count: number) => {
    const stop = new AbortController();
    const got: RecordedEvent[] = [];
    for await (const event of shared.follow(after, stop.signal)) {
      got.push(event);
      if (got.length === count) stop.abort();
    }
    return got.map((e) => e.data.n);
  };

  it('serves every follower from one subscription, each from its own position', async () => {
    for (let n = 1; n <= 30; n++) await store.append('notes', 'any', [noted(n)]);
    const tenth = (await store.readAll({ limit: 10 })).at(-1)?.position;
    const shared = new SharedSubscription(store, { size: 8, pageSize: 7 });

    const followers = [
      ...Array.from({ length: 10 }, () => take(shared, undefined, 50)),
      ...Array.from({ length: 10 }, () => take(shared, tenth, 40)),
    ];
    // Joined; now the rest arrive while they follow, some in one append.
    for (let n = 31; n <= 45; n++) await store.append('notes', 'any', [noted(n)]);
    await store.append('notes', 'any', [noted(46), noted(47), noted(48), noted(49), noted(50)]);

    const all = Array.from({ length: 50 }, (_, i) => i + 1);
    const got = await Promise.all(followers);
    for (const numbers of got.slice(0, 10)) expect(numbers).toEqual(all);
    for (const numbers of got.slice(10)) expect(numbers).toEqual(all.slice(10));
    expect(subscriptions).toBe(1);
    expect(shared.followers).toBe(0);
  });

  it('lets a follower that fell behind what it keeps catch up from the store', async () => {
    const shared = new SharedSubscription(store, { size: 3, pageSize: 2 });
    const stop = new AbortController();
    const slow = shared.follow(undefined, stop.signal);
    const numbers: unknown[] = [];
    const first = slow.next();
    await store.append('notes', 'any', [noted(1)]);
    numbers.push(((await first).value as RecordedEvent).data.n);
    // Twenty events go by while it reads nothing: far more than the three kept.
    for (let n = 2; n <= 21; n++) await store.append('notes', 'any', [noted(n)]);
    // A fast follower sees them all first.
    expect(await take(shared, undefined, 21)).toHaveLength(21);
    for await (const event of slow) {
      numbers.push(event.data.n);
      if (numbers.length === 21) stop.abort();
    }
    expect(numbers).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
  });

  it('starts again with the next follower once the last one left', async () => {
    const shared = new SharedSubscription(store);
    const waiting = take(shared, undefined, 1);
    await store.append('notes', 'any', [noted(1)]);
    expect(await waiting).toEqual([1]);
    const later = take(shared, (await store.headPosition()) ?? 0n, 1);
    await store.append('notes', 'any', [noted(2)]);
    expect(await later).toEqual([2]);
    expect(subscriptions).toBe(2);
  });
});
