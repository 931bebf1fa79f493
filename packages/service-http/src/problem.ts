import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fieldErrorsFromValidation } from './validation.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export type FieldError = { field: string; message: string };

/** The body of every error answer (RFC 9457). */
export type ProblemDetails = {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: FieldError[];
};

const statusTitles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return (
    statusTitles[status] ??
    STATUS_CODES[status] ??
    (status >= 500 ? 'Server Error' : 'Request Error')
  );
}

/**
 * The one error type a route throws to answer with a problem. Anything else that escapes a
 * handler is either a framework error with a 4xx status (mapped as such) or a 500.
 */
export class HttpProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly type: string;

  constructor(
    status: number,
    title: string,
    detail?: string,
    errors?: FieldError[],
    options?: { type?: string; cause?: unknown },
  ) {
    super(detail ?? title, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpProblem';
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.errors = errors;
    this.type = options?.type ?? 'about:blank';
  }

  static badRequest(detail: string, errors?: FieldError[]): HttpProblem {
    return new HttpProblem(400, 'Bad Request', detail, errors);
  }
  static unauthorized(detail = 'Sign in to do this.'): HttpProblem {
    return new HttpProblem(401, 'Unauthorized', detail);
  }
  static forbidden(detail = 'You are not allowed to do this.'): HttpProblem {
    return new HttpProblem(403, 'Forbidden', detail);
  }
  static notFound(detail = 'Not found.'): HttpProblem {
    return new HttpProblem(404, 'Not Found', detail);
  }
  static conflict(detail: string): HttpProblem {
    return new HttpProblem(409, 'Conflict', detail);
  }
}

export function isHttpProblem(error: unknown): error is HttpProblem {
  return error instanceof HttpProblem;
}

/** Writes a problem answer; usable from hooks that answer without throwing. */
export function sendProblem(
  reply: FastifyReply,
  problem: Omit<ProblemDetails, 'type' | 'title'> & { type?: string; title?: string },
): FastifyReply {
  const body: ProblemDetails = {
    type: problem.type ?? 'about:blank',
    title: problem.title ?? statusTitle(problem.status),
    status: problem.status,
    detail: problem.detail,
    ...(problem.instance === undefined ? {} : { instance: problem.instance }),
    ...(problem.errors === undefined ? {} : { errors: problem.errors }),
  };
  // Serialized here so that a route's own response schemas never apply to an error body.
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

/** The longest path a problem names as its `instance`; a longer one is never echoed. */
const LONGEST_INSTANCE = 200;

/**
 * The path a problem is about, without the query string; none for a path longer than any
 * route's, so that a problem never echoes whatever a client sent in its URL.
 */
export function instanceOf(request: FastifyRequest): string | undefined {
  const path = request.url.split('?', 1)[0] ?? request.url;
  return path.length <= LONGEST_INSTANCE ? path : undefined;
}

/**
 * The problem for an error the router raises before any route runs: a URL it cannot read, or
 * a path parameter over the length limit. The detail says what is wrong without repeating
 * the URL.
 */
export function routerProblem(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
): ProblemDetails {
  const status = error.statusCode ?? 400;
  const instance = instanceOf(request);
  return {
    type: 'about:blank',
    title: statusTitle(status),
    status,
    detail:
      status === 414
        ? 'The URL is longer than this service accepts.'
        : 'The URL is not valid: check its encoding.',
    ...(instance === undefined ? {} : { instance }),
  };
}

/** Node's codes of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * True for an error that says a service this one depends on (its database, the event store,
 * the sign-in service) does not answer, rather than that anything is wrong with the request:
 * a connection refused, reset or timed out; PostgreSQL shutting down or not accepting
 * connections (SQLSTATE classes 08 and 57P0x, 53300 too many connections); a pool that could
 * not get a connection in time; an error marked `unavailable`.
 */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const { code, unavailable } = error as Error & { code?: unknown; unavailable?: unknown };
  if (unavailable === true) return true;
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code)) return true;
    if (/^08|^57P0|^53300$/.test(code)) return true;
  }
  if (
    /^Connection terminated|^timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i.test(
      error.message,
    )
  ) {
    return true;
  }
  if (error instanceof AggregateError && error.errors.some((e) => isUnavailable(e, depth + 1))) {
    return true;
  }
  return isUnavailable(error.cause, depth + 1);
}

/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_UNAVAILABLE = 5;

/** Maps any error to the problem that answers it; the one place where errors become statuses. */
export function toProblem(error: unknown, request: FastifyRequest): ProblemDetails {
  const path = instanceOf(request);
  const instance = path === undefined ? {} : { instance: path };
  if (error instanceof HttpProblem) {
    return {
      type: error.type,
      title: error.title,
      status: error.status,
      detail: error.detail ?? error.title,
      ...instance,
      ...(error.errors === undefined ? {} : { errors: error.errors }),
    };
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  if (fastifyError?.validation) {
    const errors = fieldErrorsFromValidation(
      fastifyError.validation,
      fastifyError.validationContext,
    );
    return {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail:
        errors.length === 1
          ? `Invalid request: ${errors[0]!.field}: ${errors[0]!.message}`
          : `Invalid request: ${errors.length} fields need attention.`,
      ...instance,
      errors,
    };
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      type: 'about:blank',
      title: statusTitle(status),
      status,
      detail: clientDetail(fastifyError!, status),
      ...instance,
    };
  }
  if (isUnavailable(error)) {
    return {
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      detail: 'A service this one depends on does not answer right now; try again shortly.',
      ...instance,
    };
  }
  return {
    type: 'about:blank',
    title: 'Internal Server Error',
    status: 500,
    detail: 'Something went wrong on our side. It has been logged.',
    ...instance,
  };
}

function clientDetail(error: Partial<FastifyError>, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The body is larger than this service accepts.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
  }
  // Body parsers report malformed JSON as a SyntaxError with status 400.
  if (status === 400 && error.name === 'SyntaxError') return 'The body is not valid JSON.';
  return error.message || statusTitle(status);
}

export type ProblemDetailsOptions = Record<never, never>;

/**
 * A body refused before it was read (too large, of a type not accepted) is still read to its end
 * and dropped when it declares at most this many bytes, rather than the connection closed under
 * it: a client, or the gateway streaming it, that is still sending would otherwise see a reset
 * instead of the answer. A larger one closes the connection after the answer.
 */
const DRAINED_BODY_BYTES = 16 * 1024 * 1024;

/** Whether the rest of a request's body, unread when its answer goes out, is read and dropped. */
export const drainsRestOfBody = (raw: IncomingMessage): boolean =>
  !raw.complete && Number(raw.headers['content-length']) <= DRAINED_BODY_BYTES;

const readToTheEnd = (request: FastifyRequest, reply: FastifyReply): void => {
  if (drainsRestOfBody(request.raw)) reply.removeHeader('connection');
};

async function problemDetailsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error, request, reply) => {
    const problem = toProblem(error, request);
    readToTheEnd(request, reply);
    if (problem.status === 503) {
      request.log.warn({ err: error }, 'a dependency does not answer');
      reply.header('retry-after', String(RETRY_AFTER_UNAVAILABLE));
    } else if (problem.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info(
        { status: problem.status, code: (error as Partial<FastifyError>).code },
        problem.detail,
      );
    }
    return sendProblem(reply, problem);
  });
  app.setNotFoundHandler((request, reply) => {
    const instance = instanceOf(request);
    return sendProblem(reply, {
      status: 404,
      detail: `No route ${request.method} ${instance ?? 'at this path'}.`,
      ...(instance === undefined ? {} : { instance }),
    });
  });
}

/** Makes every error answer of the app `application/problem+json`. */
export const problemDetails = fp(problemDetailsPlugin, {
  name: '@second-gear/problem-details',
  fastify: '5.x',
});
