import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type HostRule, hostRule } from '@second-gear/config';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hostCheck } from './hosts.ts';
import { type LogOptions, loggerOptions, OneLinePerRequest } from './logging.ts';
import { measureHttp, metricsText, type Registry } from './metrics.ts';
import { type OpenApiOptions, openApi } from './openapi.ts';
import { problemDetails, routerProblem, sendProblem } from './problem.ts';
import { type Readiness, readinessAnswer } from './readiness.ts';
import { securityHeaders } from './security-headers.ts';
import { serializerCompiler } from './serialization.ts';
import { storableText } from './storable-text.ts';
import { validatorCompiler } from './validation.ts';

export type ServiceApp = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type ServiceAppOptions = {
  /** Names the service in logs and in `GET /health`. */
  name: string;
  /** `false` silences logs (tests); otherwise level and format (see `loggerOptions`). */
  logger?: false | LogOptions;
  /** Largest JSON body accepted, in bytes (413 above). Default 1 MiB. */
  bodyLimit?: number;
  /** Serve an OpenAPI document generated from the routes' zod schemas. */
  openapi?: OpenApiOptions;
  /** Extra facts for `GET /health`; throwing makes it answer 503. */
  health?: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** What `GET /health/ready` checks; absent, a process that answers is ready. */
  ready?: () => Promise<Readiness> | Readiness;
  /**
   * Count and time every request in this registry, and serve it as `GET /metrics` (text format
   * 0.0.4). In the all-in-one the parts share one registry and it is served once, elsewhere.
   */
  metrics?: Registry;
  /**
   * Whose X-Forwarded-* headers to believe: the addresses or ranges of the proxies in front
   * (the gateway), `true` for any (tests only), `false` or absent for none.
   */
  trustProxy?: boolean | string[];
  /**
   * The Host names answered (421 otherwise): addresses and `localhost` always, and the names
   * of the rule (see `hostRule`). Absent, those two alone.
   */
  hosts?: HostRule;
};

/**
 * A Fastify instance with the conventions every service shares: zod validation and
 * serialization, problem+json errors, security headers, a body limit, one log line per request,
 * `GET /health`, `/health/live` and `/health/ready`, and when asked, metrics and the OpenAPI
 * document. Register routes on the returned app.
 */
export async function createServiceApp(options: ServiceAppOptions): Promise<ServiceApp> {
  const logger =
    options.logger === false
      ? false
      : {
          ...loggerOptions(options.logger ?? {}),
          base: { service: options.name },
          ...(options.logger?.stream ? { stream: options.logger.stream } : {}),
        };
  const app = Fastify({
    logger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    logController: new OneLinePerRequest(),
    requestIdHeader: 'x-request-id',
    trustProxy: options.trustProxy ?? false,
    // Errors the router raises before any route runs (a malformed URL, a path parameter over
    // the length limit) answer in the same problem format as every other error.
    frameworkErrors: (error, request, reply) => {
      sendProblem(reply, routerProblem(error, request));
    },
    // Ids may be up to 128 characters and emails 254 (more once percent-encoded): the
    // contract's schemas judge a parameter's length, with a 400 that names it.
    routerOptions: { maxParamLength: 1024 },
  }).withTypeProvider<ZodTypeProvider>();

  // Bodies are JSON (and multipart where a route registers it); plain text is 415, not a
  // string that fails validation.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(problemDetails);
  await app.register(securityHeaders);
  await app.register(hostCheck, { rule: options.hosts ?? hostRule({}) });
  await app.register(storableText);
  if (options.openapi) await app.register(openApi, options.openapi);
  const registry = options.metrics;
  if (registry) {
    measureHttp(app, registry, options.name);
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      const { contentType, body } = await metricsText(registry);
      return reply.type(contentType).header('cache-control', 'no-store').send(body);
    });
  }

  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      const facts = (await options.health?.()) ?? {};
      return { status: 'ok', service: options.name, ...facts };
    } catch (error) {
      app.log.warn({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable', service: options.name });
    }
  });
  // Liveness: the process answers. Readiness: what it needs answers too (see `ready`).
  app.get('/health/live', { schema: { hide: true } }, async () => ({
    status: 'live',
    service: options.name,
  }));
  app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const { statusCode, body } = await readinessAnswer(options.name, options.ready);
    return reply.code(statusCode).send(body);
  });
  return app;
}
