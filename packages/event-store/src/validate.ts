import type { AppendRequest } from './event-store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rejects malformed requests before they reach a database, with a message that says why. */
export function validateAppendRequests(requests: AppendRequest[]): void {
  if (requests.length === 0) throw new TypeError('appendMany: at least one request is needed');
  for (const { stream, expected, events } of requests) {
    if (typeof stream !== 'string' || stream.length === 0) {
      throw new TypeError('append: the stream name must be a non-empty string');
    }
    if (
      expected !== 'any' &&
      expected !== 'no_stream' &&
      !(Number.isSafeInteger(expected) && expected >= 0)
    ) {
      throw new TypeError(
        `append to ${stream}: expected version must be 'any', 'no_stream' or a version >= 0`,
      );
    }
    if (!Array.isArray(events)) throw new TypeError(`append to ${stream}: events must be an array`);
    for (const event of events) {
      if (!event.id || !event.type) {
        throw new TypeError(`append to ${stream}: every event needs an id and a type`);
      }
      if (!UUID.test(event.id)) {
        throw new TypeError(`append to ${stream}: event id ${event.id} is not a UUID`);
      }
      if (!isObject(event.data) || !isObject(event.metadata)) {
        throw new TypeError(
          `append to ${stream}: data and metadata of ${event.id} must be objects`,
        );
      }
    }
  }
}
