// The server's side of the public pages: a page's HTML with its content, from the same routes
// and components as the browser's, and the answers it was made from, which the browser starts
// with (web/src/main.tsx) so that its first render is the same HTML.
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { type ApiTransport, setApiTransport } from './api/http.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { serverRenderedReads } from './app/server-pages.ts';
import type { AuthService } from './auth/auth-service.ts';

/** A page as the server renders it. */
export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /**
   * The reads' answers (TanStack Query's dehydrated state) as JSON, safe inside a `<script>`
   * element: the browser reads it from `<script type="application/json" id="page-state">`.
   */
  state: string;
}

/** Renders the page at a path and query; undefined for a page the browser renders alone. */
export type PageRenderer = (url: string) => Promise<RenderedPage | undefined>;

/** Nobody signs in on the server. */
const noSignIn = (): Promise<AuthService> =>
  Promise.reject(new Error('Signing in happens in the browser.'));

/** JSON that cannot end the script element it is written in, nor open a comment there. */
const scriptSafe = (json: string) =>
  json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The transport the API client reads through in this process (it is the client's, not a render's). */
let installed: ApiTransport | undefined;

/**
 * A renderer whose pages read the API through `transport` (the query side, over HTTP or in
 * process). A read that fails is left out, and the browser asks for it again. The API client
 * reads through one transport per process, so a second renderer must use the same one.
 */
export function createPageRenderer(transport: ApiTransport): PageRenderer {
  if (installed !== undefined && installed !== transport) {
    throw new Error(
      'A page renderer already reads the API through another transport in this process.',
    );
  }
  installed = transport;
  setApiTransport(transport);
  const handler = createStaticHandler(routes);
  return async (url) => {
    // Appended, not resolved: a path like //x/car/1 stays a path.
    const address = new URL(`http://page.invalid${url.startsWith('/') ? url : `/${url}`}`);
    const reads = serverRenderedReads(address.pathname, address.searchParams);
    if (reads === undefined) return undefined;
    // Fresh for as long as the render lasts: the page renders as one with its answers in hand
    // (as the browser's first render does), not as one about to read again.
    const forever = Number.POSITIVE_INFINITY;
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, gcTime: forever, staleTime: forever } },
    });
    const [context] = await Promise.all([
      handler.query(new Request(address)),
      Promise.all(reads(client)),
    ]);
    if (context instanceof Response) return undefined;
    const html = renderToString(
      <Providers queryClient={client} loadAuthService={noSignIn}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </Providers>,
    );
    const state = scriptSafe(JSON.stringify(dehydrate(client)));
    client.clear();
    return { html, state };
  };
}
