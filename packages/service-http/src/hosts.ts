import type { IncomingMessage, ServerResponse } from 'node:http';
import { answersHost, type HostRule, hostNameOfHeader } from '@second-gear/config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DATA_ANSWER_HEADERS } from './security-headers.ts';

/** The problem a request naming a host this process does not answer gets (421). */
const misdirected = (header: string) => ({
  type: 'about:blank',
  title: 'Misdirected Request',
  status: 421,
  detail: `This server does not answer for the host "${hostNameOfHeader(header)}": name it in ALLOWED_HOSTS or PUBLIC_URL.`,
});

/**
 * Answers 421 to a request whose Host `rule` refuses, before anything else reads it, and says
 * whether it did. For servers that dispatch raw requests (the all-in-one's port, the gateway's,
 * the projection service's).
 */
export const refusedHost = (
  rule: HostRule,
  request: IncomingMessage,
  response: ServerResponse,
): boolean => {
  const host = request.headers.host;
  if (answersHost(rule, host)) return false;
  response.writeHead(421, {
    ...DATA_ANSWER_HEADERS,
    'content-type': 'application/problem+json',
    'cache-control': 'no-store',
    connection: 'close',
  });
  response.end(JSON.stringify(misdirected(host ?? '')));
  return true;
};

/**
 * The same check as the first hook of a Fastify app (a callback hook: it runs on every request,
 * and an async one would cost a promise each time).
 */
async function hostCheckPlugin(app: FastifyInstance, { rule }: { rule: HostRule }) {
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.headers.host;
    if (answersHost(rule, host)) return done();
    reply
      .code(421)
      .header('content-type', 'application/problem+json')
      .header('cache-control', 'no-store')
      .header('connection', 'close')
      // A buffer, so that the content type goes out exactly as written (no charset added).
      .send(Buffer.from(JSON.stringify(misdirected(host ?? ''))));
  });
}

export const hostCheck = fp(hostCheckPlugin, { name: '@second-gear/host-check', fastify: '5.x' });
