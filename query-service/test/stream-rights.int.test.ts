// Long-lived streams look again at their caller's right: a deleted user's notification stream
// and a revoked key's feed stream end with a last `closed` message saying why, as soon as the
// event is applied; and a revoked key is refused on reads from the moment it is appended.
import { streams } from '@second-gear/features';
import { newApiKey } from '@second-gear/identity';
import { appendScenario, eventData } from '@second-gear/projection-service/testing';
import { waitForPosition } from '@second-gear/read-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Harness, parseSse } from './support.ts';

const { list, dropAll } = await backends('query-service stream rights');
afterAll(dropAll);

/** An open event stream: its status and headers, and its messages until `want` or its end. */
const openStream = async (url: string, token: string) => {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let ended = false;
  const until = async (want: (messages: ReturnType<typeof parseSse>) => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!ended && !want(parseSse(text)) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) ended = true;
      else text += value;
    }
    return parseSse(text);
  };
  return { response, until, ended: () => ended, close: () => controller.abort() };
};

/** The stream's last message is `closed` with `why`, within a second of `since`; then it ends. */
const expectClosed = async (
  stream: Awaited<ReturnType<typeof openStream>>,
  since: number,
  why: { reason: string; detail: string },
) => {
  const messages = await stream.until((m) => m.some((message) => message.event === 'closed'));
  const closed = messages.find((message) => message.event === 'closed');
  expect(JSON.parse(closed?.data ?? '{}')).toEqual({ type: 'closed', ...why });
  expect(Date.now() - since).toBeLessThan(1000);
  await stream.until(() => false);
  expect(stream.ended()).toBe(true);
};

describe.each(list.slice(0, 1))('streams that notice a lost right, on $name', (backend) => {
  let h: Harness;
  let address: string;
  let ids: Awaited<ReturnType<typeof appendScenario>>;
  let admin: { uid: string; email: string; role: 'Admin' };

  beforeAll(async () => {
    h = await backend.open('127.0.0.1:9', 'demo-second-gear');
    ids = await appendScenario(h.store);
    admin = { uid: ids.admin.uid, email: ids.admin.email, role: 'Admin' };
    expect((await waitForPosition(h.db, ids.position, 10_000)).reached).toBe(true);
    address = await h.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('ends a deleted user’s notification stream with the reason', async () => {
    const buyer = ids.buyer;
    const token = h.app.serviceTokens.sign({ uid: buyer.uid, email: buyer.email, role: 'Buyer' });
    const stream = await openStream(`${address}/api/notifications/stream`, token);
    try {
      expect(stream.response.status).toBe(200);
      // The headers every answer carries.
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.response.headers.get('content-security-policy')).toContain(
        "default-src 'none'",
      );
      expect((await stream.until((m) => m.length >= 1))[0]).toMatchObject({ event: 'unread' });

      const deletedAt = Date.now();
      await h.store.append(streams.user(buyer.uid), 'any', [
        eventData('UserDeleted', { userId: buyer.uid, email: buyer.email }, admin),
      ]);
      await expectClosed(stream, deletedAt, {
        reason: 'account-deleted',
        detail: 'This account was deleted.',
      });
    } finally {
      stream.close();
    }
  });

  it('ends a revoked key’s feed stream with the reason, and refuses the key at once', async () => {
    const key = newApiKey();
    const { keyId, prefix, secretHash } = key;
    const issued = await h.store.append(streams.apiKey(keyId), 'no_stream', [
      eventData(
        'ApiKeyIssued',
        { keyId, name: 'Follower', scopes: ['feed:read'], prefix, secretHash },
        admin,
      ),
    ]);
    expect((await waitForPosition(h.db, issued.position, 10_000)).reached).toBe(true);
    const after = (await h.store.headPosition())?.toString() ?? '0';
    // Asked from beyond the head, which no event has reached: the revocation is still seen.
    const beyond = (BigInt(after) + 1000n).toString();
    const stream = await openStream(
      `${address}/api/feed/cars?follow=true&after=${beyond}`,
      key.key,
    );
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('x-frame-options')).toBe('DENY');
      const revokedAt = Date.now();
      await h.store.append(streams.apiKey(keyId), 'any', [
        eventData('ApiKeyRevoked', { keyId }, admin),
      ]);
      // A read straight after the append, without waiting for the projection: refused.
      const read = await fetch(`${address}/api/feed/cars?follow=false&after=${after}`, {
        headers: { authorization: `Bearer ${key.key}` },
      });
      expect(read.status).toBe(401);
      await expectClosed(stream, revokedAt, {
        reason: 'api-key-revoked',
        detail: 'The API key of this stream was revoked.',
      });
    } finally {
      stream.close();
    }
  });
});

describe.each(list.slice(0, 1))('streams open as the service stops, on $name', (backend) => {
  it('ends every open stream, so the service closes at once and its clients reconnect', async () => {
    const h = await backend.open('127.0.0.1:9', 'demo-second-gear');
    const ids = await appendScenario(h.store);
    expect((await waitForPosition(h.db, ids.position, 10_000)).reached).toBe(true);
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const buyer = ids.buyer;
    const token = h.app.serviceTokens.sign({ uid: buyer.uid, email: buyer.email, role: 'Buyer' });
    const notifications = await openStream(`${address}/api/notifications/stream`, token);
    const feed = await openStream(`${address}/api/feed/cars?follow=true`, token);
    try {
      expect((await notifications.until((m) => m.length >= 1))[0]).toMatchObject({
        event: 'unread',
      });
      expect(feed.response.status).toBe(200);
      const stopping = Date.now();
      await h.close();
      expect(Date.now() - stopping).toBeLessThan(5_000);
      // Ended without a `closed` message: the client tries again after the retry delay.
      for (const stream of [notifications, feed]) {
        const messages = await stream.until(() => false);
        expect(stream.ended()).toBe(true);
        expect(messages.some((message) => message.event === 'closed')).toBe(false);
      }
    } finally {
      notifications.close();
      feed.close();
    }
  }, 60_000);
});
