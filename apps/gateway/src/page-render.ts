// The public pages (Home, the search, a car's page, the blog) are sent as HTML with their
// content, rendered by the web's own renderer (`web/src/entry-server.tsx`, built into
// `<dist>/server/`), so a visitor sees the page before any script has run and a crawler reads
// it. The browser then takes the page over (hydration) from the answers the server used.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** One read of the API by path (`/api/...`), answered as `fetch` answers. */
export type QueryTransport = (path: string, init: RequestInit) => Promise<Response>;

/** A page rendered: what goes inside the root element, and the answers it was made from. */
export interface RenderedPage {
  html: string;
  /** JSON, safe inside a `<script>` element. */
  state: string;
}

/** Renders a path and query; undefined for a page the browser renders alone. */
export type PageRenderer = (url: string) => Promise<RenderedPage | undefined>;

/** What the web's server build exports. */
interface RendererModule {
  createPageRenderer(transport: QueryTransport): PageRenderer;
}

/** Where the web's build keeps the server's renderer. */
export const rendererPath = (distDir: string) => resolve(distDir, 'server', 'entry-server.js');

/** The renderer of the build in `distDir`, or undefined (and a warning) when it has none. */
export const loadPageRenderer = async (
  distDir: string,
  transport: QueryTransport,
  log: FastifyBaseLogger,
): Promise<PageRenderer | undefined> => {
  const path = rendererPath(distDir);
  if (!existsSync(path)) {
    log.warn({ path }, 'the web build has no server renderer: pages are rendered by browsers');
    return undefined;
  }
  const module = (await import(pathToFileURL(path).href)) as Partial<RendererModule>;
  if (typeof module.createPageRenderer !== 'function') {
    throw new Error(`${path} exports no createPageRenderer`);
  }
  return module.createPageRenderer(transport);
};

/**
 * The page rendered, or undefined when it is not one the server renders, fails, or takes longer
 * than `ms`: then the browser renders the shell as it would without a renderer.
 */
export const renderWithin = async (
  render: PageRenderer,
  url: string,
  ms: number,
  log: FastifyBaseLogger,
): Promise<RenderedPage | undefined> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((done) => {
    timer = setTimeout(() => done('late'), ms);
  });
  try {
    const page = await Promise.race([render(url), late]);
    if (page === 'late') {
      log.warn({ url, ms }, 'page sent unrendered: rendering took too long');
      return undefined;
    }
    return page;
  } catch (error) {
    log.warn({ err: error, url }, 'page sent unrendered: rendering failed');
    return undefined;
  } finally {
    clearTimeout(timer);
  }
};

/** An answer status that carries no body. */
const bodiless = (status: number) => status === 204 || status === 304;

/** Reads (GET) from a Fastify app in the same process (the all-in-one's query service). */
export const injectedFetch =
  (app: Pick<FastifyInstance, 'inject'>): QueryTransport =>
  async (path, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error('The query side is only read here.');
    const asked: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      asked[name] = value;
    });
    const answer = await app.inject({ method: 'GET', url: path, headers: asked });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) {
        if (one !== undefined) headers.append(name, String(one));
      }
    }
    return new Response(bodiless(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
