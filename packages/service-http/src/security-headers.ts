import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Content-Security-Policy directives, by name (`'self'`, origins, ...). */
export type CspDirectives = Record<string, string[]>;

/**
 * The policy of an answer that is data, not a page: it may load nothing and be framed by
 * nothing, so a JSON or problem answer opened in a browser can never run or show anything.
 */
export const API_CSP: CspDirectives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** A year, in seconds: how long a browser that saw the site over TLS keeps to TLS. */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeadersOptions {
  /** The Content-Security-Policy of every answer; `API_CSP` when absent. */
  csp?: CspDirectives;
  /** How much of the URL a page's requests tell other sites. */
  referrerPolicy?: 'no-referrer' | 'strict-origin-when-cross-origin';
}

/**
 * The headers every answer carries, pages and API alike: a Content-Security-Policy, no
 * framing (`frame-ancestors 'none'` and `X-Frame-Options: DENY`), `X-Content-Type-Options:
 * nosniff`, a Referrer-Policy, cross-origin isolation of windows and resources, and HSTS when
 * the request came over TLS (as the connection or a trusted proxy says). A route may set its
 * own value of any of them (its `reply.header` wins over these).
 */
async function securityHeadersPlugin(
  app: FastifyInstance,
  { csp = API_CSP, referrerPolicy = 'no-referrer' }: SecurityHeadersOptions,
): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: csp },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: referrerPolicy },
    // Set below, only where it means something.
    strictTransportSecurity: false,
    // Pages load pictures from other sites (a user's photo, a car's picture by URL).
    crossOriginEmbedderPolicy: false,
    // Google sign-in talks to its popup window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

export const securityHeaders = fp(securityHeadersPlugin, {
  name: '@second-gear/security-headers',
  fastify: '5.x',
});
