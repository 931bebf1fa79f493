// The distributed gateway keeps visitors' pages at the version of the query service's read
// model, which the query service streams to it (server-sent events at READ_MODEL_VERSION_PATH:
// the version at once and whenever it moves, empty while it is unknown). While the stream is
// down, the version is unknown and nothing is kept.
import { READ_MODEL_VERSION_PATH } from '@second-gear/service-http';
import { createParser } from 'eventsource-parser';
import type { FastifyBaseLogger } from 'fastify';

export interface FollowedVersion {
  /** The version as last heard; undefined while unknown or unheard. */
  current(): string | undefined;
  stop(): void;
}

/** Reads one connection's stream until it ends, setting each version heard. */
const readStream = async (
  body: ReadableStream<Uint8Array>,
  heard: (version: string | undefined) => void,
): Promise<void> => {
  const parser = createParser({
    onEvent: ({ event, data }) => {
      if (event === 'version') heard(data === '' ? undefined : data);
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }));
};

/**
 * Follows the query service at `queryUrl`: connects, hears every version, and connects again
 * `retryMs` after the stream ends or fails (the version unknown meanwhile).
 */
export const followQueryVersion = (
  queryUrl: string,
  log: FastifyBaseLogger,
  retryMs = 1000,
): FollowedVersion => {
  const stopped = new AbortController();
  let current: string | undefined;
  // Said once when the stream fails, not again at every retry until it has worked again.
  let said = false;
  const follow = async () => {
    while (!stopped.signal.aborted) {
      try {
        const answer = await fetch(new URL(READ_MODEL_VERSION_PATH, queryUrl), {
          headers: { accept: 'text/event-stream' },
          signal: stopped.signal,
        });
        if (answer.status !== 200 || answer.body === null) {
          await answer.body?.cancel();
          throw new Error(`the query service answered ${answer.status}`);
        }
        said = false;
        await readStream(answer.body, (version) => {
          current = version;
        });
      } catch (error) {
        if (!stopped.signal.aborted && !said) {
          said = true;
          log.warn({ err: error }, 'the read model version stream failed: pages are not kept');
        }
      }
      current = undefined;
      if (stopped.signal.aborted) return;
      await new Promise<void>((again) => {
        const timer = setTimeout(again, retryMs);
        stopped.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          again();
        });
      });
    }
  };
  void follow();
  return { current: () => current, stop: () => stopped.abort() };
};
