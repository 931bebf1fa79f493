// The signed-in user's notifications as they come: `GET /api/notifications/stream`, read with
// fetch (it needs the service token in a header), reconnected with a growing delay and
// `Last-Event-ID` when it drops, and stopped when nobody listens any more.
import type { NotificationStreamMessage } from '@second-gear/features/contract';
import { getAccessToken, getTokenRefresher } from '../api/access-token.ts';
import type { paths } from '../api/generated/queries.ts';
import { eventStreamParser } from './event-stream.ts';

// Read with fetch, not a client (its answer is a stream), and held to the query document's paths.
export const STREAM_URL = '/api/notifications/stream' satisfies keyof paths;

/** The delay before the first reconnection, and the longest one. */
export const RECONNECT_DELAYS = { first: 1000, most: 30_000 };

/** The messages this client acts on; a `closed` one ends the stream, which is then reconnected. */
type CountedMessage = Exclude<NotificationStreamMessage, { type: 'closed' }>;
type Listener = (message: CountedMessage) => void;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const isNumber = (value: unknown): value is number => typeof value === 'number';
const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** A message of the stream, or undefined for anything this client does not know. */
function messageOf(data: string): CountedMessage | undefined {
  try {
    const message = JSON.parse(data) as Partial<Record<string, unknown>> | null;
    switch (message?.type) {
      case 'unread':
        return isNumber(message.unread) && isNumber(message.messages)
          ? (message as CountedMessage)
          : undefined;
      case 'notification':
        return isNumber(message.unread) && isObject(message.notification)
          ? (message as CountedMessage)
          : undefined;
      case 'message':
        return isNumber(message.unreadMessages) &&
          typeof message.conversationId === 'string' &&
          isObject(message.message)
          ? (message as CountedMessage)
          : undefined;
    }
  } catch {
    // not JSON: skipped
  }
  return undefined;
}

/** What ended one connection: try again later, or stop for good. */
type Outcome = 'again' | 'stop';

/**
 * Follows the stream until `signal` aborts or the server refuses for good (a 4xx other than an
 * expired token or too many requests). Each message goes to `onMessage`.
 */
export async function followNotifications({
  signal,
  onMessage,
}: {
  signal: AbortSignal;
  onMessage: Listener;
}): Promise<void> {
  let lastEventId = '';
  let retry = RECONNECT_DELAYS.first;
  let failures = 0;

  const connect = async (refreshed: boolean): Promise<Outcome> => {
    const token = getAccessToken();
    if (!token) return 'stop';
    const headers = new Headers({ Accept: 'text/event-stream', Authorization: `bearer ${token}` });
    if (lastEventId) headers.set('Last-Event-ID', lastEventId);
    let response: Response;
    try {
      response = await fetch(STREAM_URL, { headers, signal, cache: 'no-store' });
    } catch {
      return 'again';
    }
    if (response.status === 401 && !refreshed) {
      const refresh = getTokenRefresher();
      if (refresh && (await refresh().catch(() => false))) return connect(true);
      return 'stop';
    }
    if (!response.ok || !response.body) {
      const lasting = response.status >= 400 && response.status < 500;
      return lasting && response.status !== 408 && response.status !== 429 ? 'stop' : 'again';
    }
    const parser = eventStreamParser((event) => {
      const message = messageOf(event.data);
      if (message) onMessage(message);
    }, lastEventId);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
        lastEventId = parser.lastEventId;
        retry = parser.retry ?? retry;
        failures = 0;
      }
    } catch {
      // the connection dropped
    } finally {
      reader.releaseLock();
    }
    return 'again';
  };

  while (!signal.aborted) {
    if ((await connect(false)) === 'stop' || signal.aborted) return;
    // 1 s, 2 s, 4 s ... up to 30 s, a little apart for each client so they do not come back at
    // once after an outage.
    const delay = Math.min(RECONNECT_DELAYS.most, retry * 2 ** failures);
    failures += 1;
    await wait(delay * (0.8 + Math.random() * 0.4), signal);
  }
}

interface Hub {
  user: string;
  listeners: Set<Listener>;
  stop: AbortController;
  closing?: ReturnType<typeof setTimeout> | undefined;
}

// One connection per query cache (the app has one), shared by whoever listens.
const hubs = new WeakMap<object, Hub>();

/**
 * Listens to the stream of `user`; the returned function stops listening. The connection opens
 * with the first listener and closes when the last one leaves, unless another takes its place
 * at once (the top bar mounted again when the page moves between layouts).
 */
export function listenToNotifications(owner: object, user: string, listener: Listener) {
  let hub = hubs.get(owner);
  if (hub && hub.user !== user) {
    hub.stop.abort();
    clearTimeout(hub.closing);
    hub = undefined;
  }
  if (!hub) {
    const listeners = new Set<Listener>();
    const stop = new AbortController();
    hub = { user, listeners, stop };
    hubs.set(owner, hub);
    void followNotifications({
      signal: stop.signal,
      onMessage: (message) => {
        for (const each of listeners) each(message);
      },
    });
  }
  const current = hub;
  clearTimeout(current.closing);
  current.closing = undefined;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size > 0) return;
    current.closing = setTimeout(() => {
      current.stop.abort();
      if (hubs.get(owner) === current) hubs.delete(owner);
    }, 0);
  };
}
