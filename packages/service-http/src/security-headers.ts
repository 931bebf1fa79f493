import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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
 * The headers helmet sets for `options`, worked out once. None of them depends on the request
 * (no nonces, no per-request directives), and helmet run per request (`@fastify/helmet`) cost
 * a quarter of the throughput of an answer kept in memory: about a dozen `setHeader` calls on
 * the raw response, each validated by Node, on every request.
 */
const helmetHeaders = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers at once');
  return headers;
};

/**
 * The headers every answer carries, pages and API alike: a Content-Security-Policy, no
 * framing (`frame-ancestors 'none'` and `X-Frame-Options: DENY`), `X-Content-Type-Options:
 * nosniff`, a Referrer-Policy, and cross-origin isolation of windows and resources. HSTS is
 * added per request, when it came over TLS.
 */
export const securityHeaderSet = ({
  csp = API_CSP,
  referrerPolicy = 'no-referrer',
}: SecurityHeadersOptions = {}): Record<string, string> =>
  helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: csp },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: referrerPolicy },
    // Set per request, only where it means something.
    strictTransportSecurity: false,
    // Pages load pictures from other sites (a user's photo, a car's picture by URL).
    crossOriginEmbedderPolicy: false,
    // Google sign-in talks to its popup window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

/** The headers of an answer that is data: what a raw `ServerResponse` sets before writing. */
export const DATA_ANSWER_HEADERS: Readonly<Record<string, string>> = securityHeaderSet();

/**
 * Sets `securityHeaderSet(options)` on every answer, and HSTS when the request came over TLS
 * (as the connection or a trusted proxy says). A route may set its own value of any of them
 * (its `reply.header` wins over these).
 */
async function securityHeadersPlugin(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const headers = securityHeaderSet(options);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

export const securityHeaders = fp(securityHeadersPlugin, {
  name: '@second-gear/security-headers',
  fastify: '5.x',
});
