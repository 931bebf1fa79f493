import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import './app/schema-settings.ts';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/routes.tsx';

/**
 * The answers a server rendered the page with are fresh while the browser takes the page over,
 * so its first render is the server's (nothing is being read again); they are read again just
 * after, since the server read them without this browser's own latest writes in mind.
 */
const SERVER_ANSWERS_FRESH_MS = 30_000;

/** Once the page is the browser's, reads again what the server read for it. */
function RefreshServerAnswers({ client, hashes }: { client: QueryClient; hashes: Set<string> }) {
  useEffect(() => {
    void client.invalidateQueries({ predicate: (query) => hashes.has(query.queryHash) });
  }, [client, hashes]);
  return null;
}

/**
 * Whether the page's HTML was rendered by the server, with the answers it used: then the
 * browser starts from those answers and loads the page's code before its first render, so that
 * render is the server's HTML and React takes it over instead of drawing the page again.
 */
async function takeOverServerPage(queryClient: QueryClient): Promise<Set<string> | undefined> {
  const serverState = document.getElementById('page-state')?.textContent;
  if (!serverState) return undefined;
  try {
    const state = JSON.parse(serverState) as DehydratedState;
    // Fresh as of now, whatever this browser's clock says of the server's: the first render
    // must not see them as being read again.
    const now = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state);
    for (const { queryKey } of state.queries) {
      queryClient.setQueryDefaults(queryKey, { staleTime: SERVER_ANSWERS_FRESH_MS });
    }
    await Promise.all(
      (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
    return new Set(state.queries.map((query) => query.queryHash));
  } catch {
    // The state is unreadable, or the page's code did not arrive: render anew (the router shows
    // why a page's code is missing).
    return undefined;
  }
}

// Not awaited at the top of the module: a page's chunk imports this one, and a module that
// waits for the page's chunk would never finish loading.
void (async () => {
  const queryClient = createQueryClient();
  const fromServer = await takeOverServerPage(queryClient);
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
        {fromServer ? <RefreshServerAnswers client={queryClient} hashes={fromServer} /> : null}
      </Providers>
    </StrictMode>
  );
  // Taking the page over is a transition: React does it in slices and lets the browser answer
  // a tap in between, instead of one long task while the page is already on screen.
  if (fromServer) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
})();
