import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { whenClosed } from '@second-gear/service-http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The event streams a route keeps open, ended as its app closes: a stream never ends by itself,
 * and the server's close would wait on it while its reads fail against a closed database. A
 * client reconnects after the stream's retry delay, to whichever process answers then.
 */
export const openStreamsOf = (app: Pick<FastifyInstance, 'addHook'>): Set<ServerResponse> => {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  return open;
};

/**
 * Takes an answer over from Fastify and opens it as a stream of server-sent events, with the
 * headers every answer carries (the security headers the app's hooks set) and a reconnection
 * delay of 3 s; kept among `open` until it closes.
 */
export const openEventStream = (reply: FastifyReply, open: Set<ServerResponse>): ServerResponse => {
  const inherited = reply.getHeaders() as OutgoingHttpHeaders;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...inherited,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n\n');
  open.add(res);
  whenClosed(res, () => open.delete(res));
  return res;
};

/**
 * Ends a stream because its caller may no longer follow it, with a last `closed` event saying
 * why: `{ "type": "closed", "reason": "...", "detail": "..." }`.
 */
export const closeEventStream = (res: ServerResponse, reason: string, detail: string): void => {
  if (res.writableEnded) return;
  res.end(`event: closed\ndata: ${JSON.stringify({ type: 'closed', reason, detail })}\n\n`);
};
