import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes an answer over from Fastify and opens it as a stream of server-sent events, with the
 * headers every answer carries (the security headers the app's hooks set) and a reconnection
 * delay of 3 s.
 */
export const openEventStream = (reply: FastifyReply): ServerResponse => {
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
