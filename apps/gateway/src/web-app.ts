import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { StartupError } from '@second-gear/config';
import {
  type CspDirectives,
  encodingFor,
  namesTag,
  type Readiness,
  readinessAnswer,
  securityHeaders,
  sendProblem,
} from '@second-gear/service-http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { type KeptPage, type PageAnswer, type PageVersion, pageKeep } from './kept-pages.ts';
import {
  colorModeScript,
  genericMeta,
  headTags,
  htmlTemplate,
  metaOf,
  type PageMeta,
  type PageReaders,
  routeOf,
} from './page-head.ts';
import { loadPageRenderer, type QueryTransport, renderWithin } from './page-render.ts';

/** What the browser needs to know at run time (served as /app-config.json). */
export interface AppConfig {
  productName: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl?: string;
}

/**
 * What the app's pages may load: its own scripts and data only, plus what Firebase sign-in
 * needs (its endpoints, or the Auth Emulator's; Google sign-in's loader script and frame).
 * Styles may be inline because the styling library writes them (in the page's HTML and at run
 * time); the one inline script is the colour mode's, allowed by its hash. Pictures may come
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
    'script-src': ["'self'", colorModeScript.source, 'https://apis.google.com'],
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
  /**
   * The marketplace's origin (`https://cars.example.com`), which absolute links in pages' heads
   * and robots.txt start with; never a request's Host, which a client chooses.
   */
  publicUrl: string;
  /**
   * Reads a car or a seller for their page's head; absent, those pages get the generic head.
   */
  readPage?: PageReaders;
  /**
   * How long a car's or a seller's page waits for them before answering with the generic head
   * (1.5 s).
   */
  carReadTimeoutMs?: number;
  /**
   * Where the server's renderer of the public pages reads the API (the query side); absent, or
   * without the renderer in the build (`<distDir>/server/entry-server.js`), every page is the
   * app's empty shell and the browser renders it.
   */
  readQuery?: QueryTransport;
  /** How long a page waits for its server rendering before the shell is sent instead (1.5 s). */
  renderTimeoutMs?: number;
  /**
   * How many pages may be rendering at once; beyond it, a page goes as kept last, or as the
   * shell (16).
   */
  maxRenders?: number;
  /**
   * The version of the read model the pages are read from; with it, a visitor's rendered page
   * is kept (with its compressed copies and an ETag) until the version moves. Absent, every
   * page is rendered for its request.
   */
  pageVersion?: PageVersion;
  /** The load balancers whose X-Forwarded-Proto/-Host name the request's origin, if any. */
  trustedProxies?: string[];
}

/** A read that gives up after `ms`, whatever the reader does with its signal. */
const readWithin = async <T>(
  read: (id: string, signal: AbortSignal) => Promise<T | undefined>,
  id: string,
  ms: number,
): Promise<T | undefined> => {
  const controller = new AbortController();
  const expired = new Promise<never>((_, fail) => {
    controller.signal.addEventListener('abort', () => fail(controller.signal.reason), {
      once: true,
    });
  });
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${ms} ms`)), ms);
  try {
    return await Promise.race([read(id, controller.signal), expired]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
};

/** Where crawlers may go, and where the sitemap is. */
export const robotsTxt = (origin: string): string =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /user/',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

/** The run-time configuration, health and (unless the build has its own) robots.txt. */
const serviceRoutes = (
  app: FastifyInstance,
  root: string | undefined,
  { appConfig, health, ready, name = 'gateway', publicUrl }: WebAppOptions,
): void => {
  app.get('/app-config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(appConfig),
  );
  app.get('/health', async () => ({ status: 'ok', ...(await health?.()) }));
  app.get('/health/live', async () => ({ status: 'live', service: name }));
  app.get('/health/ready', async (_request, reply) => {
    const { statusCode, body } = await readinessAnswer(name, ready);
    return reply.code(statusCode).header('cache-control', 'no-store').send(body);
  });

  // An operator's own robots.txt in the build is served as it is.
  if (root === undefined || !existsSync(resolve(root, 'robots.txt'))) {
    app.get('/robots.txt', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(publicUrl)),
    );
  }
};

/** The head of the page at `url` (path and query), and its status. */
const headOf = async (
  url: string,
  log: FastifyBaseLogger,
  readPage: PageReaders | undefined,
  carReadTimeoutMs: number,
): Promise<{ status: number; meta: PageMeta }> => {
  const [path = '/', search = ''] = url.split(/\?(.*)/s, 2);
  const route = routeOf(path);
  if (route.page !== 'car' && route.page !== 'seller')
    return { status: 200, meta: metaOf(route, search) };
  if (readPage === undefined) return { status: 200, meta: genericMeta(true) };
  try {
    const found =
      route.page === 'car'
        ? { car: await readWithin(readPage.car, route.id, carReadTimeoutMs) }
        : { seller: await readWithin(readPage.seller, route.id, carReadTimeoutMs) };
    if (found.car === undefined && found.seller === undefined)
      return { status: 404, meta: genericMeta(false) };
    return { status: 200, meta: metaOf(route, search, found) };
  } catch (error) {
    log.warn(
      { err: error, [`${route.page}Id`]: route.id },
      `${route.page} page answered without its ${route.page}`,
    );
    return { status: 200, meta: genericMeta(true) };
  }
};

/**
 * Whether a request is a signed-in member's (it carries their credentials or cookies): their
 * pages are rendered for them alone, never answered from or into the pages kept for visitors.
 */
const personal = (request: FastifyRequest): boolean =>
  request.headers.authorization !== undefined || request.headers.cookie !== undefined;

/** A short name of the build, from its index.html (whose script names are hashed). */
const buildTag = (template: string) =>
  createHash('sha256').update(template).digest('base64url').slice(0, 12);

/** A page made for this request, compressed as it is sent. */
const sendPage = (reply: FastifyReply, answer: PageAnswer, personalPage: boolean) => {
  reply
    .code(answer.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', personalPage ? 'private, no-cache' : 'no-cache');
  return answer.keepable ? reply.compress(answer.html) : reply.send(answer.html);
};

/** A kept page: 304 to a browser that has it, else the copy in the encoding it takes best. */
const sendKept = (request: FastifyRequest, reply: FastifyReply, page: KeptPage) => {
  // The same for every visitor: any cache may keep it, and asks again before using it.
  reply
    .header('etag', page.etag)
    .header('cache-control', 'public, no-cache')
    .header('vary', 'accept-encoding');
  if (namesTag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('text/html; charset=utf-8').send(page.encodings[encoding]);
};

/** The build's files, and every other path as a page (rendered here when it can be). */
const pageRoutes = async (
  app: FastifyInstance,
  root: string,
  {
    publicUrl,
    readPage,
    carReadTimeoutMs = 1500,
    readQuery,
    renderTimeoutMs = 1500,
    maxRenders = 16,
    pageVersion,
  }: WebAppOptions,
): Promise<void> => {
  // Pages rendered here are compressed as they are sent; the build's files come compressed.
  await app.register(fastifyCompress, { global: false });
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The server's renderer is in the build, but not for browsers.
    allowedPath: (path) => !path.startsWith('/server/'),
    // The build writes .br and .gz copies of every text file; browsers get the smallest they take.
    preCompressed: true,
    setHeaders: (res, path) => {
      const hashed = path.includes(`${root}/assets/`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const template = readFileSync(resolve(root, 'index.html'), 'utf8');
  const page = htmlTemplate(template);
  const renderPage =
    readQuery === undefined || page.withRoot === undefined
      ? undefined
      : await loadPageRenderer(root, readQuery, app.log);
  const keep =
    renderPage === undefined || pageVersion === undefined
      ? undefined
      : pageKeep({ version: pageVersion, build: buildTag(template) });
  let rendersInFlight = 0;

  /** The page at `url`, rendered with its content when `render` (else the shell). */
  const answerOf = async (
    url: string,
    log: FastifyBaseLogger,
    render: boolean,
  ): Promise<PageAnswer> => {
    if (render) rendersInFlight += 1;
    const [{ status, meta }, rendered] = await Promise.all([
      headOf(url, log, readPage, carReadTimeoutMs),
      render && renderPage !== undefined
        ? renderWithin(renderPage, url, renderTimeoutMs, log).finally(() => {
            rendersInFlight -= 1;
          })
        : undefined,
    ]);
    const head = `${colorModeScript.element}${headTags(meta, publicUrl)}`;
    // A car that is not there gets the app, whose own not-found page shows.
    if (rendered === undefined || status === 404 || page.withRoot === undefined) {
      return { status, html: `${page.before}${head}${page.after}`, keepable: false };
    }
    return { status, html: `${page.before}${head}${page.withRoot(rendered)}`, keepable: true };
  };

  /** Whether another page may start rendering now. */
  const mayRender = () => renderPage !== undefined && rendersInFlight < maxRenders;

  // Every other path is a page of the client-side router (a route of its own, so that its answer
  // can be compressed); the app shows its own 404 for paths it does not know.
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    // A missing asset is a real 404.
    if (path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
    const own = personal(request);
    const at = keep !== undefined && !own ? await keep.version() : undefined;
    if (keep === undefined || at === undefined) {
      // A HEAD gets the head alone; beyond `maxRenders` at once, pages go as the shell.
      const render = request.method === 'GET' && mayRender();
      return sendPage(reply, await answerOf(request.url, request.log, render), own);
    }
    const kept = keep.current(request.url, at);
    if (kept !== undefined) return sendKept(request, reply, kept);
    if (request.method !== 'GET')
      return sendPage(reply, await answerOf(request.url, request.log, false), false);
    // While this page renders at this version, or when no other may render, the page kept last
    // is sent; a visitor with none waits for the rendering under way.
    const under = keep.rendering(request.url, at);
    const last = keep.last(request.url);
    if (last !== undefined && (under !== undefined || !mayRender()))
      return sendKept(request, reply, last);
    const { answer, kept: fresh } = await (under ??
      keep.render(request.url, at, () => answerOf(request.url, request.log, mayRender())));
    return fresh === undefined ? sendPage(reply, answer, false) : sendKept(request, reply, fresh);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendProblem(reply, {
        status: 404,
        detail: `Nothing here answers ${request.method}.`,
      });
    }
    return reply.code(404).type('text/plain').send('Not Found');
  });
};

/**
 * Serves the built web app: hashed assets cached for a year, pages never cached. Home, the
 * search, a car's page and the blog are rendered here with their content (by the build's
 * renderer, reading through `readQuery`); every other path, and any page whose rendering fails
 * or is late, is the app's shell for the browser's router (which shows its own 404 for paths it
 * does not know). Each page carries its head tags (title, description, canonical link, Open
 * Graph and Twitter card tags, and a car's schema.org block on its page), for link previews and
 * search engines, which run no scripts; a car that is not there is answered 404, and a car that
 * cannot be read in time gets the generic tags.
 */
export const buildWebApp = async (options: WebAppOptions): Promise<FastifyInstance> => {
  const { distDir, appConfig, logger = false, trustedProxies = [] } = options;
  const root = distDir === false ? undefined : resolve(distDir);
  if (root !== undefined && !existsSync(resolve(root, 'index.html'))) {
    throw new StartupError(
      `The web app is not built (${root}/index.html is missing): build it with npm run build, or set WEB_DIST.`,
    );
  }
  const app = Fastify({ logger, trustProxy: trustedProxies });
  await app.register(securityHeaders, {
    csp: webAppCsp(appConfig),
    referrerPolicy: 'strict-origin-when-cross-origin',
  });
  serviceRoutes(app, root, options);

  if (root === undefined) {
    app.setNotFoundHandler(async (request, reply) =>
      sendProblem(reply, {
        status: 404,
        detail: `Nothing here answers ${request.method}: in development, Vite serves the pages.`,
      }),
    );
    return app;
  }
  await pageRoutes(app, root, options);
  return app;
};
