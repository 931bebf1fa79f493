import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import {
  drainsRestOfBody,
  HttpProblem,
  problemDetails,
  routerProblem,
  securityHeaders,
  sendProblem,
} from '@second-gear/service-http';
import { currentTraceContext } from '@second-gear/telemetry';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';

/** Headers that belong to one connection and are never passed on, in either direction. */
const hopByHop = new Set([
  'connection',
  // Answered by this server's own `100 Continue` (Node sends it before the request is handed
  // on); the body then comes, and is streamed to the service like any other.
  'expect',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const withoutHopByHop = (headers: IncomingHttpHeaders): IncomingHttpHeaders => {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHop.has(name)) kept[name] = value;
  }
  return kept;
};

/**
 * The client's body as the upstream request sends it: a stream of its own, so that dropping it
 * when the upstream has answered early leaves the client's connection to be drained (the hooks
 * in `buildProxy`). A client that hangs up before its body's end ends it with an error, so the
 * upstream request is broken off too.
 */
const forwardedBody = (payload: IncomingMessage): PassThrough => {
  const body = payload.pipe(new PassThrough());
  payload.once('close', () => {
    if (!payload.complete) body.destroy(new Error('the client hung up before its body ended'));
  });
  return body;
};

export interface ProxyOptions {
  /** The service every request is forwarded to. */
  upstream: URL;
  /** How long the upstream may stay silent, before its answer starts or between two chunks. */
  timeoutMs?: number;
  logger?: FastifyBaseLogger;
  /**
   * The load balancers in front of the gateway, if any, whose X-Forwarded-For may name the
   * client (addresses, CIDR ranges or `loopback`). Default none: the client is the connection.
   */
  trustedProxies?: string[];
}

/**
 * Forwards every request to one upstream service and streams the answer back unchanged (bodies
 * in both directions are streamed, so uploads and the server-sent-events feed pass through
 * unbuffered, and a client that hangs up closes the upstream request). The upstream is asked by
 * its own name (Host), with X-Forwarded-For/-Host/-Proto (the client's address as the gateway
 * knows it, never one the client claims); when it does not answer, the client
 * gets a 502 problem+json. Nothing is retried: a write must not be sent twice, and a read's
 * answer (a 503 included) is the upstream's to give.
 */
export const buildProxy = async ({
  upstream,
  timeoutMs = 60_000,
  logger,
  trustedProxies = [],
}: ProxyOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    trustProxy: trustedProxies,
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // The gateway writes its own line per proxied request.
    logController: new LogController({ disableRequestLogging: true }),
    // A URL the router cannot read is answered as the services answer it.
    frameworkErrors: (error, request, reply) => {
      sendProblem(reply, routerProblem(error, request));
    },
  });
  await app.register(problemDetails);
  // The services send their own; these cover the gateway's own answers (a 502, a bad path).
  await app.register(securityHeaders);
  // Bodies stay streams of bytes: nothing is parsed, nothing is limited here (the upstream
  // applies its own limits).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, forwardedBody(payload)));
  // A body the upstream answered before reading to its end is read and dropped by the services'
  // own bound, so a client still sending it reads the answer instead of a broken pipe.
  app.addHook('onSend', async (request, reply) => {
    if (drainsRestOfBody(request.raw)) reply.removeHeader('connection');
  });
  app.addHook('onResponse', async (request) => {
    if (!drainsRestOfBody(request.raw)) return;
    request.raw.unpipe();
    request.raw.resume();
  });

  await app.register(replyFrom, {
    base: upstream.origin,
    disableRequestLogging: true,
    destroyAgent: true,
    undici: {
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      // The library turns certificate checks off unless told otherwise.
      connect: { rejectUnauthorized: true },
    },
  });

  app.all('/*', (request, reply) => {
    const raw = request.raw;
    try {
      reply.from(undefined, {
        retryDelay: () => null,
        rewriteRequestHeaders: (_request, headers) => {
          const forwarded = withoutHopByHop(headers as IncomingHttpHeaders);
          // The gateway names the client itself: whatever a client says of its own address
          // is dropped, unless a trusted load balancer in front said it.
          // The service is asked by its own name: the gateway has judged the public one, and
          // links come from PUBLIC_URL, so a service answers the names it is reached by alone.
          forwarded.host = upstream.host;
          forwarded['x-forwarded-for'] = request.ip;
          forwarded['x-forwarded-host'] = raw.headers.host ?? '';
          forwarded['x-forwarded-proto'] = request.protocol;
          // When traced, the service continues the gateway's trace (the proxy's client does
          // not pass it on by itself).
          Object.assign(forwarded, currentTraceContext());
          return forwarded;
        },
        rewriteHeaders: (headers) => withoutHopByHop(headers as IncomingHttpHeaders),
        onError: (reply, { error }) => {
          const cause = (error.cause ?? error) as NodeJS.ErrnoException;
          const reason =
            cause.code === 'UND_ERR_HEADERS_TIMEOUT' ? 'upstream timed out' : cause.message;
          reply
            .code(502)
            .header('content-type', 'application/problem+json')
            // A buffer, so that the content type goes out exactly as written (no charset added).
            .send(
              Buffer.from(
                JSON.stringify({
                  type: 'about:blank',
                  title: 'Bad Gateway',
                  status: 502,
                  detail: `The ${upstream.host} service did not answer: ${reason}`,
                }),
              ),
            );
        },
      });
    } catch (error) {
      // The library refuses to forward a path with a `..` segment in it.
      if ((error as { statusCode?: number }).statusCode === 400) {
        throw HttpProblem.badRequest('A path with a ".." segment is not forwarded.');
      }
      throw error;
    }
  });

  return app;
};
