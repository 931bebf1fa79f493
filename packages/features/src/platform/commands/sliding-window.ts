import { HttpProblem } from '@second-gear/service-http';
import type { FastifyReply } from 'fastify';

/**
 * At most `max` acts per key in any `windowMs`, counted in this process. `take` counts one act
 * of `key`, or throws a 429 problem with `Retry-After` (when the oldest act of the window leaves
 * it) and counts nothing. Keys with no act in the window are forgotten as they are met, and all
 * of them now and then, so the map holds only the recently active.
 *
 * Written here rather than taken from @fastify/rate-limit, which counts requests before the
 * route knows who acts and what the command decided (a message that opens a conversation).
 */
export const slidingWindow = (limit: { max: number; windowMs: number }, what: string) => {
  const acts = new Map<string, number[]>();
  let sweptAt = 0;
  const recent = (key: string, now: number): number[] =>
    (acts.get(key) ?? []).filter((at) => at > now - limit.windowMs);
  const sweep = (now: number) => {
    if (now - sweptAt < limit.windowMs) return;
    sweptAt = now;
    for (const key of [...acts.keys()]) {
      if (recent(key, now).length === 0) acts.delete(key);
    }
  };
  return {
    take(key: string, reply: FastifyReply, now = Date.now()): void {
      sweep(now);
      const kept = recent(key, now);
      if (kept.length >= limit.max) {
        const wait = Math.max(1, Math.ceil(((kept[0] ?? now) + limit.windowMs - now) / 1000));
        reply.header('retry-after', String(wait));
        throw new HttpProblem(
          429,
          'Too Many Requests',
          `You may ${what} at most ${limit.max} times in ${limit.windowMs / 60_000} minutes: try again in ${wait} s.`,
        );
      }
      kept.push(now);
      acts.set(key, kept);
    },
  };
};
