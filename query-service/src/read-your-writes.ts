import { type ReadModelDb, waitForPosition } from '@second-gear/read-model';
import {
  MIN_POSITION_HEADER,
  POSITION_REACHED_HEADER,
  PROJECTION_POSITION_HEADER,
  positionFromHeader,
  type ServiceApp,
} from '@second-gear/service-http';

/**
 * Read-your-writes: a request with `X-Min-Position` waits, at most `timeoutMs`, until every
 * projection has applied that position, and then reads. The answer says honestly how it went:
 * `X-Position-Reached: true|false` and `X-Projection-Position: <checkpoint>`.
 * It runs first (onRequest), so even the role looked up for the caller is that fresh.
 */
export const readYourWrites = (
  app: ServiceApp,
  { db, schema, timeoutMs }: { db: ReadModelDb; schema: string; timeoutMs: number },
): void => {
  app.addHook('onRequest', async (request, reply) => {
    const wanted = positionFromHeader(request.headers, MIN_POSITION_HEADER);
    if (wanted === undefined) return;
    // Stop waiting when the client goes away (the response closes before it was sent).
    const ended = new AbortController();
    reply.raw.once('close', () => ended.abort());
    const result = await waitForPosition(db, wanted, timeoutMs, { schema, signal: ended.signal });
    reply.header(POSITION_REACHED_HEADER, String(result.reached));
    if (result.position !== undefined) {
      reply.header(PROJECTION_POSITION_HEADER, result.position.toString());
    }
  });
};
