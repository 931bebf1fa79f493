// What only the browser knows (the colour mode chosen, a stored session) is left out of a
// page's first render where a server rendered the page, so the browser's first render matches
// the server's HTML; React renders again with the browser's answer straight after.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * What `read` says in the browser, and `onServer` on the server and while the browser takes
 * over the server's HTML. `read` must answer the same value until what it reads changes.
 */
export function useBrowserValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(noSubscription, read, () => onServer);
}

const yes = () => true;

/** False on the server and while the browser takes over its HTML; true from then on. */
export function useHydrated(): boolean {
  return useBrowserValue(yes, false);
}
