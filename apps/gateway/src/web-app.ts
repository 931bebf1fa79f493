import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { StartupError } from '@second-gear/config';
import {
  type CspDirectives,
  type Readiness,
  readinessAnswer,
  securityHeaders,
  sendProblem,
} from '@second-gear/service-http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';

/** What the browser needs to know at run time (served as /app-config.json). */
export interface AppConfig {
  productName: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl?: string;
}

/**
 * What the app's pages may load: its own scripts and data only, plus what Firebase sign-in
 * needs (its endpoints, or the Auth Emulator's; Google sign-in's loader script and frame).
 * Styles may be inline because the styling library writes them at run time; pictures may come
 * from any https site (a user's photo, a car's picture by URL).
 */
export const webAppCsp = ({ firebase, authEmulatorUrl }: AppConfig): CspDirectives => {
  const auth = authEmulatorUrl
    ? { connect: [new URL(authEmulatorUrl).origin], frame: [new URL(authEmulatorUrl).origin] }
    : {
        connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
        frame: [`https://${firebase.authDomain}`],
      };
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", 'https://apis.google.com'],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...auth.connect],
    'frame-src': auth.frame,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
};

export interface WebAppOptions {
  /**
   * The built client (web/dist); `false` serves no pages, only the run-time configuration (in
   * development, where Vite serves the pages and proxies the rest here).
   */
  distDir: string | false;
  appConfig: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /**
   * What `/health` says besides `status: ok` (the all-in-one: parked events and reactors); a
   * `status` of its own replaces `ok`.
   */
  health?: () => Promise<Record<string, unknown>>;
  /** What `/health/ready` checks (the all-in-one: its projections); absent, always ready. */
  ready?: () => Promise<Readiness>;
  /** Names the process in `/health/live` and `/health/ready`. Default `gateway`. */
  name?: string;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and every other path answered with index.html so the client's router can take it (the
 * client shows its own 404 page for unknown routes).
 */
export const buildWebApp = async ({
  distDir,
  appConfig,
  logger = false,
  health,
  ready,
  name = 'gateway',
}: WebAppOptions): Promise<FastifyInstance> => {
  const root = distDir === false ? undefined : resolve(distDir);
  if (root !== undefined && !existsSync(resolve(root, 'index.html'))) {
    throw new StartupError(
      `The web app is not built (${root}/index.html is missing): build it with npm run build, or set WEB_DIST.`,
    );
  }
  const app = Fastify({ logger });
  await app.register(securityHeaders, {
    csp: webAppCsp(appConfig),
    referrerPolicy: 'strict-origin-when-cross-origin',
  });

  app.get('/app-config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(appConfig),
  );
  app.get('/health', async () => ({ status: 'ok', ...(await health?.()) }));
  app.get('/health/live', async () => ({ status: 'live', service: name }));
  app.get('/health/ready', async (_request, reply) => {
    const { statusCode, body } = await readinessAnswer(name, ready);
    return reply.code(statusCode).header('cache-control', 'no-store').send(body);
  });

  if (root === undefined) {
    app.setNotFoundHandler(async (request, reply) =>
      sendProblem(reply, {
        status: 404,
        detail: `Nothing here answers ${request.method}: in development, Vite serves the pages.`,
      }),
    );
    return app;
  }

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of every text file; browsers get the smallest they take.
    preCompressed: true,
    setHeaders: (res, path) => {
      const hashed = path.includes(`${root}/assets/`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendProblem(reply, {
        status: 404,
        detail: `Nothing here answers ${request.method}.`,
      });
    }
    const path = request.url.split('?', 1)[0] ?? '/';
    // A missing asset is a real 404; a page path belongs to the client-side router.
    if (path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
};
