import { createHash } from 'node:crypto';
import type { EventStore, RecordedEvent } from '@second-gear/event-store';
import { HttpProblem } from '@second-gear/service-http';
import { z } from 'zod';

/**
 * Safe retries. A request with an `Idempotency-Key` header stores its answer in the stream
 * `idempotency-<actor uid>-<key>`, appended with "must not exist" in the same atomic append as
 * the command's own events. So the answer exists exactly when the events do, on every store
 * adapter, and of two requests with one key only one can append: the other reads the stored
 * answer back and replays it. See docs/command-service.md.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const ANSWER_EVENT_TYPE = 'CommandAnswered';

const keyPattern = /^[A-Za-z0-9_.:-]{1,128}$/;

export type IdempotencyKey = { stream: string; fingerprint: string };

export const idempotencyStream = (uid: string, key: string) => `idempotency-${uid}-${key}`;

/** Reads the header; absent means the request is not made idempotent. 400 when malformed. */
export function idempotencyKeyFrom(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const raw = headers[IDEMPOTENCY_KEY_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  if (!keyPattern.test(value)) {
    throw new HttpProblem(
      400,
      'Bad Request',
      'Idempotency-Key must be 1 to 128 letters, digits or _ . : -',
      [
        {
          field: `headers.${IDEMPOTENCY_KEY_HEADER}`,
          message: 'Must be a key of 1 to 128 characters',
        },
      ],
    );
  }
  return value;
}

/**
 * Who asked what, so that a key reused for a different request is refused. The actor is part
 * of it too: should two users' stream names ever coincide (uid `a-b` with key `c`, uid `a` with
 * key `b-c`), neither gets the other's answer.
 */
export function requestFingerprint(
  actorUid: string,
  method: string,
  url: string,
  body: unknown,
): string {
  return createHash('sha256')
    .update(JSON.stringify([actorUid, method, url.split('?')[0] ?? url, body ?? null]))
    .digest('base64url');
}

export const StoredAnswer = z.object({
  fingerprint: z.string(),
  status: z.number().int(),
  body: z.record(z.string(), z.unknown()),
});
export type StoredAnswer = z.infer<typeof StoredAnswer>;

export type ReplayedAnswer = { status: number; body: Record<string, unknown>; position: bigint };

/** What a key's stream holds: its answer while it is kept, and the stream's version. */
export type KeyState = {
  /** The answer to replay; undefined when none was stored or it is past its retention. */
  answer: ReplayedAnswer | undefined;
  /** What a new answer's append expects of the stream. */
  expected: number | 'no_stream';
};

/**
 * The stored answer for a key, while it is younger than `retentionMs` (answers are kept for a
 * while, not forever: after that, the key may be used again for a new request, whose answer is
 * appended to the same stream). Its position is the stored record's own, which is the last
 * event the original request appended.
 */
export async function keyState(
  store: EventStore,
  key: IdempotencyKey,
  { retentionMs, now }: { retentionMs: number; now: Date },
): Promise<KeyState> {
  const events = await store.readStream(key.stream);
  const last = events.at(-1);
  const expected = last === undefined ? 'no_stream' : last.streamVersion;
  const record: RecordedEvent | undefined = events.findLast((e) => e.type === ANSWER_EVENT_TYPE);
  if (!record || now.getTime() - record.recordedAt.getTime() > retentionMs) {
    return { answer: undefined, expected };
  }
  const answer = StoredAnswer.parse(record.data);
  if (answer.fingerprint !== key.fingerprint) {
    throw HttpProblem.conflict(
      'This Idempotency-Key was already used for a different request. Use a new key.',
    );
  }
  return {
    answer: { status: answer.status, body: answer.body, position: record.position },
    expected,
  };
}
