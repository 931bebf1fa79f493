import fastifyJwt from '@fastify/jwt';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';

export const ROLES = ['Buyer', 'Seller', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

/** What a service token says about its bearer. */
export type Actor = { uid: string; email: string; role: Role };

export type ServiceTokensOptions = {
  /** The shared HS256 secret; at least 32 characters. */
  secret: string;
  /** Lifetime: seconds, or a duration like `'1h'`. Default one hour. */
  expiresIn?: number | string;
};

export type ServiceTokens = {
  /** Signs a service token for this actor. */
  sign(actor: Actor): string;
  /** Verifies a service token; throws `ServiceTokenError` when it is not valid. */
  verify(token: string): Actor;
};

declare module 'fastify' {
  interface FastifyInstance {
    serviceTokens: ServiceTokens;
    /** preHandler: requires a valid service token and sets `request.actor`, else 401. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: sets `request.actor` when a valid token is sent; no token is fine, a bad one is 401. */
    authenticateIfPresent: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The caller, once `authenticate` has run; null when anonymous. */
    actor: Actor | null;
  }
}

export class ServiceTokenError extends Error {
  readonly expired: boolean;

  constructor(message: string, expired: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ServiceTokenError';
    this.expired = expired;
  }
}

/**
 * The token of an `Authorization: Bearer <token>` header (the scheme in any case), or
 * undefined when there is none. Used for the service token and, on `POST /api/user` and
 * `GET /api/jwt`, for the Firebase ID token.
 */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^bearer\s+(\S+)\s*$/i.exec(header.trim());
  return match?.[1];
}

/** The Firebase ID token a request carries (`Authorization: Bearer <id token>`). */
export const firebaseIdTokenFrom = bearerToken;

function isActor(value: unknown): value is Actor {
  const claims = value as Partial<Record<keyof Actor, unknown>> | null;
  return (
    typeof claims?.uid === 'string' &&
    claims.uid !== '' &&
    typeof claims.email === 'string' &&
    (ROLES as readonly unknown[]).includes(claims.role)
  );
}

/** Answers 401 as a problem (RFC 9457), with the challenge a bearer-token API gives. */
export function sendUnauthorized(reply: FastifyReply, detail: string, instance?: string) {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer')
    .type('application/problem+json; charset=utf-8')
    .send(
      JSON.stringify({
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail,
        ...(instance === undefined ? {} : { instance }),
      }),
    );
}

async function serviceTokensPlugin(app: FastifyInstance, options: ServiceTokensOptions) {
  if (!options.secret || options.secret.length < 32) {
    throw new Error('The service token secret must be at least 32 characters long.');
  }
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: options.expiresIn ?? '1h' },
    // A token without an expiry would never expire; none of ours lacks one.
    verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
  });

  const tokens: ServiceTokens = {
    sign(actor) {
      return app.jwt.sign({ uid: actor.uid, email: actor.email, role: actor.role });
    },
    verify(token) {
      let claims: unknown;
      try {
        claims = app.jwt.verify(token);
      } catch (error) {
        const expired = (error as { code?: unknown }).code === 'FAST_JWT_EXPIRED';
        throw new ServiceTokenError(
          expired ? 'The token has expired; sign in again.' : 'The token is not valid.',
          expired,
          { cause: error },
        );
      }
      if (!isActor(claims)) throw new ServiceTokenError('The token is not valid.', false);
      return { uid: claims.uid, email: claims.email, role: claims.role };
    },
  };

  async function identify(request: FastifyRequest, reply: FastifyReply, required: boolean) {
    const token = bearerToken(request);
    if (token === undefined) {
      if (required) return sendUnauthorized(reply, 'Sign in to do this.', pathOf(request));
      return;
    }
    try {
      request.actor = tokens.verify(token);
    } catch (error) {
      if (!(error instanceof ServiceTokenError)) throw error;
      return sendUnauthorized(reply, error.message, pathOf(request));
    }
  }

  app.decorate('serviceTokens', tokens);
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async function authenticate(request, reply) {
    return identify(request, reply, true);
  } satisfies preHandlerAsyncHookHandler);
  app.decorate('authenticateIfPresent', async function authenticateIfPresent(request, reply) {
    return identify(request, reply, false);
  } satisfies preHandlerAsyncHookHandler);
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

/**
 * Signs and verifies the service token: an HS256 JWT carrying `uid`, `email` and `role`.
 * Decorates the app with `serviceTokens`, `authenticate` and `authenticateIfPresent`.
 */
export const serviceTokens = fp(serviceTokensPlugin, {
  name: '@second-gear/service-tokens',
  fastify: '5.x',
});
