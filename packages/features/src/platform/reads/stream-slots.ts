import { HttpProblem } from '@second-gear/service-http';
import type { FastifyReply } from 'fastify';

/** How many long-lived streams a service keeps open at once: in all, and for one client. */
export interface StreamLimits {
  total: number;
  perClient: number;
}

/** How long a refused client is told to wait before it tries again, in seconds. */
const RETRY_AFTER_SECONDS = 30;

/**
 * The open streams of one kind (the car feed's, say), counted in all and per client: each
 * holds a reader of the event store, and a pool's connections are few. `take` answers the
 * release of a slot, or throws a 429 problem naming the limit reached, with `Retry-After`.
 */
export const streamSlots = (limits: StreamLimits) => {
  let open = 0;
  const byClient = new Map<string, number>();
  return {
    take(client: string, reply: FastifyReply): () => void {
      const mine = byClient.get(client) ?? 0;
      if (mine >= limits.perClient || open >= limits.total) {
        const which =
          mine >= limits.perClient
            ? `this client has ${mine} open, the most one client may`
            : `the service has ${open} open, the most it keeps`;
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new HttpProblem(429, 'Too Many Requests', `Too many streams: ${which}.`);
      }
      open++;
      byClient.set(client, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open--;
        const left = (byClient.get(client) ?? 1) - 1;
        if (left === 0) byClient.delete(client);
        else byClient.set(client, left);
      };
    },
    /** Streams open now. */
    open: () => open,
  };
};

export type StreamSlots = ReturnType<typeof streamSlots>;
